import { DialogBody } from '@blueprintjs/core';
import type { ResourceDef } from '../../domain/resource.js';
import { Dialog } from '../ui/Dialog.js';
import type { Row } from './format.js';
import { ResourceForm } from './ResourceForm.js';

/**
 * A record's form in a dialog: 编辑 of the record itself, or a workflow step that carries a form
 * (提交整改, 结案, 答复, 办结 — a definition whose `update` path is the step's).
 */
export function FormDialog(props: {
  title: string;
  def: ResourceDef;
  row: Row;
  onClose(): void;
  onDone(): void;
}) {
  return (
    <Dialog isOpen className="resource-dialog" title={props.title} onClose={props.onClose}>
      <DialogBody>
        <ResourceForm
          def={props.def}
          mode="edit"
          initial={props.row}
          onSaved={props.onDone}
          onCancel={props.onClose}
        />
      </DialogBody>
    </Dialog>
  );
}
