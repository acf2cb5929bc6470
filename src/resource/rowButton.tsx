import { Classes } from '@blueprintjs/core';

/**
 * A small minimal Blueprint button as plain markup: it renders in every visible table row, where
 * the Button component's hooks would be paid once per cell.
 */
export function rowButton(
  text: string,
  onClick: () => void,
  danger = false,
  disabled = false,
  /** Why it is greyed: shown on hover and read out with the button. */
  reason?: string | null,
) {
  const className = [
    Classes.BUTTON,
    Classes.SMALL,
    Classes.MINIMAL,
    danger ? Classes.INTENT_DANGER : '',
    disabled ? Classes.DISABLED : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      key={text}
      type="button"
      className={className}
      onClick={onClick}
      disabled={disabled}
      title={disabled && reason ? reason : undefined}
    >
      <span className={Classes.BUTTON_TEXT}>{text}</span>
    </button>
  );
}
