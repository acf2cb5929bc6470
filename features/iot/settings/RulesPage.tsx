import { Button, Callout, HTMLSelect, HTMLTable, Intent, Switch } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { Authorized } from '../../../src/auth/Authorized.js';
import { Pager } from '../../../src/ui/Pager.js';
import { usePagedList } from '../../../src/ui/usePagedList.js';
import { ConfirmDelete } from '../../system-settings/ConfirmDelete.js';
import { RowButton } from '../../system-settings/RowButton.js';
import './settings.css';

export interface RuleRow {
  ruleId: number;
  ruleName: string;
  alarmType: number | string;
  status: number;
}

/** What differs between the mattress and the positioning rule lists. */
export interface RuleKind<R extends RuleRow> {
  testId: string;
  /** GET (list), POST, PUT; DELETE at `${url}/${ruleId}`. */
  url: string;
  statusUrl: string;
  /** The two rule sets store on/off with opposite codes (spec 000 §3). */
  status: { on: number; off: number };
  editAuthority: string;
  noun: string;
  types: Record<string, string>;
  columns: { title: string; cell(row: R): ReactNode }[];
}

export interface RuleDialogProps<R> {
  rule: R | null;
  onClose(): void;
  onSaved(): void;
}

/** An alarm rule list: type filter, paging, on/off switch, add/edit dialog and delete with confirmation. */
export function RulesPage<R extends RuleRow>({
  kind,
  renderDialog,
}: {
  kind: RuleKind<R>;
  renderDialog(props: RuleDialogProps<R>): ReactNode;
}) {
  const { request, toast } = useApp();
  const list = usePagedList<R, { alarmType: string }>(kind.url, { alarmType: '' });
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  usePageRefresh(list.reload);

  const toggle = (rule: R) => {
    const on = rule.status === kind.status.on;
    setSwitching(rule.ruleId);
    request({
      url: kind.statusUrl,
      method: 'PUT',
      data: { ruleId: rule.ruleId, status: on ? kind.status.off : kind.status.on },
    })
      .then(
        () => {
          toast(`已${on ? '停用' : '启用'}规则“${rule.ruleName}”`, 'success');
          list.reload();
        },
        () => undefined,
      )
      .finally(() => setSwitching(null));
  };
  const remove = (rule: R) =>
    request({ url: `${kind.url}/${rule.ruleId}`, method: 'DELETE' }).then(
      () => {
        toast(`已删除规则“${rule.ruleName}”`, 'success');
        list.reload();
      },
      () => undefined,
    );

  return (
    <div className="page" data-testid={kind.testId}>
      <div className="filter-bar">
        <HTMLSelect
          aria-label="告警类型"
          value={list.filters.alarmType}
          onChange={(e) => list.setFilters({ alarmType: e.currentTarget.value })}
        >
          <option value="">全部类型</option>
          {Object.entries(kind.types).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </HTMLSelect>
        <Authorized code={kind.editAuthority} mode="remove">
          <Button
            icon="add"
            intent={Intent.SUCCESS}
            text={`新增${kind.noun}`}
            onClick={() => setEditing('new')}
          />
        </Authorized>
      </div>
      {list.error && <Callout intent={Intent.DANGER}>{list.error}</Callout>}
      <HTMLTable striped compact className="data-table rule-table">
        <thead>
          <tr>
            <th>规则名称</th>
            <th>告警类型</th>
            {kind.columns.map((c) => (
              <th key={c.title}>{c.title}</th>
            ))}
            <th>状态</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((rule) => {
            const on = rule.status === kind.status.on;
            return (
              <tr key={rule.ruleId} data-testid="rule-row" data-rule-id={rule.ruleId}>
                <td>{rule.ruleName}</td>
                <td>{kind.types[String(rule.alarmType)] ?? rule.alarmType}</td>
                {kind.columns.map((c) => (
                  <td key={c.title}>{c.cell(rule)}</td>
                ))}
                <td>
                  <Authorized code={kind.editAuthority} mode="disable">
                    <Switch
                      className="rule-switch"
                      checked={on}
                      disabled={switching === rule.ruleId}
                      label={on ? '已启用' : '已停用'}
                      onChange={() => toggle(rule)}
                    />
                  </Authorized>
                </td>
                <td className="actions">
                  <RowButton
                    code={kind.editAuthority}
                    icon="edit"
                    text="编辑"
                    onClick={() => setEditing(rule)}
                  />
                  <RowButton
                    code={kind.editAuthority}
                    icon="trash"
                    danger
                    text="删除"
                    onClick={() => setDeleting(rule)}
                  />
                </td>
              </tr>
            );
          })}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={kind.columns.length + 4} className="empty">
                暂无规则
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {editing &&
        renderDialog({
          rule: editing === 'new' ? null : editing,
          onClose: () => setEditing(null),
          onSaved: () => {
            setEditing(null);
            list.reload();
          },
        })}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(rule) => void remove(rule)}
      >
        确定删除规则“{deleting?.ruleName}”吗？删除后该规则不再触发告警。
      </ConfirmDelete>
    </div>
  );
}
