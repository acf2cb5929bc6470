import { Classes } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import type { ResourceDef } from '../../../domain/resource.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceList, type Row, useResourceAuthority } from '../../../src/resource/index.js';
import './settings.css';

/** What differs between the mattress and the positioning rule lists. */
export interface RuleKind {
  /** The rules as a resource (features/iot/resources/rules.ts): list, detail, add, edit, delete. */
  def: ResourceDef;
  testId: string;
  /** PUT { ruleId, status }: the rule's on/off switch. */
  statusUrl: string;
  /** The two rule sets store on/off with opposite codes (spec 000 §3). */
  status: { on: number; off: number };
}

export interface RuleDialogProps<R> {
  rule: R | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * An alarm rule list: the shared list (filters, paging, export, columns, delete) with each rule's
 * on/off switch in its 状态 column and the rule's own add/edit dialog, whose fields follow its type.
 */
export function RulesPage<R>({
  kind,
  renderDialog,
}: {
  kind: RuleKind;
  renderDialog(props: RuleDialogProps<R>): ReactNode;
}) {
  const { def } = kind;
  const { request, toast } = useApp();
  const may = useResourceAuthority(def);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const reload = () => setRefreshKey((k) => k + 1);

  const toggle = (rule: Row, on: boolean) =>
    request({
      url: kind.statusUrl,
      method: 'PUT',
      data: { ruleId: rule.ruleId, status: on ? kind.status.off : kind.status.on },
    }).then(
      () => {
        toast(`已${on ? '停用' : '启用'}规则“${String(rule.ruleName)}”`, 'success');
        reload();
      },
      () => undefined,
    );
  // Plain markup (a cell renders per visible row): Blueprint's switch look on a native checkbox.
  const statusSwitch = (rule: Row) => {
    const on = Number(rule.status) === kind.status.on;
    return (
      <label className={`${Classes.CONTROL} ${Classes.SWITCH} ${Classes.INLINE} rule-switch`}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          aria-label={`启用“${String(rule.ruleName)}”`}
          checked={on}
          disabled={!may.canEdit}
          onChange={() => void toggle(rule, on)}
        />
        <span className={Classes.CONTROL_INDICATOR} />
        {on ? '已启用' : '已停用'}
      </label>
    );
  };

  return (
    <div className="page" data-testid={kind.testId}>
      <ResourceList
        def={def}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        onCreate={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
        cells={{ status: statusSwitch }}
      />
      {editing
        ? renderDialog({
            rule: editing === 'new' ? null : (editing as R),
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              reload();
            },
          })
        : null}
    </div>
  );
}
