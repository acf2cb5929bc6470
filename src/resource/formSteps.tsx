import { type ReactNode, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import type { Workflow } from '../../machines/workflow.js';
import { useApp } from '../app/AppContext.js';
import { hasAuthority } from '../auth/authorityStore.js';
import { FormDialog } from './FormDialog.js';
import type { Row } from './format.js';
import { rowName } from './recordName.js';
import { workflowButton } from './rowButton.js';

/** A step of a record's workflow that is done through a form (编辑 included). */
export interface FormStep {
  /** The machine's event that the step sends. */
  event: string;
  label: string;
  authority: string;
  /** The step's form: a definition whose `update` path is the step's (or the record's own, for 编辑). */
  form: ResourceDef;
}

/**
 * The form steps of a record: one button per step the user holds the authority of, greyed where
 * the record's state does not take the step's event (the server's own check), and the step's dialog.
 */
export function useFormSteps(workflow: Workflow, steps: readonly FormStep[], onDone: () => void) {
  const { toast } = useApp();
  const [open, setOpen] = useState<{ step: FormStep; row: Row } | null>(null);
  const buttons = (row: Row): ReactNode =>
    steps
      .filter((s) => hasAuthority(s.authority))
      .map((s) => workflowButton(workflow, row, s.event, s.label, () => setOpen({ step: s, row })));
  const dialog = open ? (
    <FormDialog
      title={`${open.step.label}：${rowName(open.step.form, open.row)}`}
      def={open.step.form}
      row={open.row}
      onClose={() => setOpen(null)}
      onDone={() => {
        toast(`已${open.step.label}`, 'success');
        setOpen(null);
        onDone();
      }}
    />
  ) : null;
  return { buttons, dialog };
}
