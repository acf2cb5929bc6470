import { Button, type IconName, Intent } from '@blueprintjs/core';
import { Authorized } from '../auth/Authorized.js';

/** A small button in a list row, shown grey and inactive without its authority (spec 000 §6). */
export function RowButton({
  code,
  icon,
  text,
  danger,
  onClick,
}: {
  code: string;
  icon: IconName;
  text: string;
  danger?: boolean;
  onClick(): void;
}) {
  return (
    <Authorized code={code} mode="disable">
      <Button
        size="small"
        icon={icon}
        text={text}
        intent={danger ? Intent.DANGER : Intent.NONE}
        onClick={onClick}
      />
    </Authorized>
  );
}
