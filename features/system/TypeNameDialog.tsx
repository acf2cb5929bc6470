import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { Dialog } from '../../src/ui/Dialog.js';
import { typeNameProblem } from './templateTypes.js';

/** Names a new template type or renames one; stays open when the server refuses (its toast says why). */
export function TypeNameDialog({
  title,
  initial,
  onClose,
  onSave,
}: {
  title: string;
  initial: string;
  onClose(): void;
  onSave(typeName: string): Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = () => {
    const found = typeNameProblem(name);
    setProblem(found);
    if (found) return;
    setBusy(true);
    onSave(name.trim()).catch(() => setBusy(false));
  };
  return (
    <Dialog isOpen onClose={onClose} title={title} icon="folder-new" style={{ width: 400 }}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <DialogBody>
          <FormGroup
            label="类型名称"
            labelInfo="*"
            labelFor="template-type-name"
            intent={problem ? Intent.DANGER : Intent.NONE}
            helperText={problem ?? '不超过32个字，同类模板中不能重名'}
          >
            <InputGroup
              id="template-type-name"
              autoFocus
              value={name}
              intent={problem ? Intent.DANGER : Intent.NONE}
              onChange={(e) => setName(e.target.value)}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={[
            <Button key="c" text="取消" onClick={onClose} />,
            <Button key="s" type="submit" intent={Intent.PRIMARY} text="确定" loading={busy} />,
          ]}
        />
      </form>
    </Dialog>
  );
}
