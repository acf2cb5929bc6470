import { Button, Checkbox, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { columnLabel, type ResourceDef } from '../../domain/resource.js';
import { Dialog } from '../ui/Dialog.js';
import { type ColumnSettings, fitColumns } from './columnSettings.js';

const move = (list: string[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/** Which list columns show and in what order; the caller saves the choice per page. */
export function ColumnSettingsDialog({
  def,
  settings,
  onClose,
  onSave,
}: {
  def: ResourceDef;
  settings: ColumnSettings;
  onClose(): void;
  onSave(settings: ColumnSettings): void;
}) {
  const [draft, setDraft] = useState(settings);
  const visibleCount = draft.order.length - draft.hidden.length;
  return (
    <Dialog isOpen onClose={onClose} title="列设置">
      <DialogBody>
        <ol className="resource-column-list" data-testid="column-settings">
          {draft.order.map((name, i) => {
            const label = columnLabel(def, name);
            const shown = !draft.hidden.includes(name);
            return (
              <li key={name}>
                <Checkbox
                  label={label}
                  checked={shown}
                  // the last visible column stays: a list without columns shows nothing
                  disabled={shown && visibleCount <= 1}
                  onChange={() =>
                    setDraft({
                      ...draft,
                      hidden: shown ? [...draft.hidden, name] : draft.hidden.filter((h) => h !== name),
                    })
                  }
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-up"
                  aria-label={`上移${label}`}
                  disabled={i === 0}
                  onClick={() => setDraft({ ...draft, order: move(draft.order, i, i - 1) })}
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-down"
                  aria-label={`下移${label}`}
                  disabled={i === draft.order.length - 1}
                  onClick={() => setDraft({ ...draft, order: move(draft.order, i, i + 1) })}
                />
              </li>
            );
          })}
        </ol>
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="reset" text="恢复默认" onClick={() => setDraft(fitColumns(def.columns, null))} />,
          <Button key="cancel" text="取消" onClick={onClose} />,
          <Button key="ok" intent={Intent.PRIMARY} text="确定" onClick={() => onSave(draft)} />,
        ]}
      />
    </Dialog>
  );
}
