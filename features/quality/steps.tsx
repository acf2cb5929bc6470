import { Alert, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import { offers, type Workflow } from '../../machines/workflow.js';
import { useApp } from '../../src/app/AppContext.js';
import { hasAuthority } from '../../src/auth/authorityStore.js';
import type { Row } from '../../src/resource/index.js';
import { rowButton } from '../../src/resource/index.js';
import { fillPath } from '../../src/resource/listQuery.js';
import { FormDialog } from './FormDialog.js';

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
      .map((s) =>
        rowButton(s.label, () => setOpen({ step: s, row }), false, !offers(workflow, row, s.event)),
      );
  const dialog = open ? (
    <FormDialog
      title={`${open.step.label}：${String(open.row[open.step.form.nameField] ?? '')}`}
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

/**
 * 删除 of a record that may go only in its first state (a mistaken report, a complaint not yet
 * handled): greyed elsewhere, as the server refuses it; asks first.
 */
export function useRemoveStep(def: ResourceDef, allowed: (row: Row) => boolean, onDone: () => void) {
  const { request, toast } = useApp();
  const [asking, setAsking] = useState<Row | null>(null);
  const mayRemove = hasAuthority(def.authority.remove ?? '') && Boolean(def.api.remove);
  const button = (row: Row): ReactNode =>
    mayRemove ? rowButton('删除', () => setAsking(row), true, !allowed(row)) : null;
  const remove = async (row: Row) => {
    try {
      await request({
        url: fillPath(def.api.remove as string, [Number(row[def.idField])]),
        method: 'DELETE',
        silent: true,
      });
      toast('删除成功', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '删除失败', 'danger');
    }
    onDone();
  };
  const dialog = (
    <Alert
      isOpen={asking !== null}
      intent={Intent.DANGER}
      icon="trash"
      confirmButtonText="删除"
      cancelButtonText="取消"
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        if (asking) void remove(asking);
        setAsking(null);
      }}
    >
      {asking ? `确定删除${def.title}“${String(asking[def.nameField] ?? '')}”吗？` : null}
    </Alert>
  );
  return { button, dialog };
}
