import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import { useApp } from '../app/AppContext.js';
import { copyText } from './copyText.js';
import { type CellRenderers, ResourceTable } from './ResourceTable.js';

type Row = Record<string, unknown>;

/** Ctrl+C / ⌘C of a list cell: the text on the clipboard, and a toast saying whether it went. */
export function useCopyCell(): (text: string) => void {
  const { toast } = useApp();
  return (text) =>
    void copyText(text).then(
      () => toast('已复制', 'success', 'copy'),
      () => toast('复制失败：浏览器不允许使用剪贴板', 'danger', 'copy'),
    );
}

/**
 * Lines a screen reads itself (a statement, a breakdown) drawn by the one list table from a
 * display-only definition, in the order they come: the same keyboard grid and cell copy as every
 * list, the definition's columns, nothing to sort. Null rows (not loaded yet) draw nothing.
 */
export function DisplayTable<R extends object>({
  def,
  rows,
  cells,
  actions,
  emptyText = '暂无数据',
}: {
  def: ResourceDef;
  rows: readonly R[] | null;
  cells?: CellRenderers;
  /** A row's buttons (the 操作 column), plain elements. */
  actions?: (row: R) => ReactNode;
  emptyText?: string;
}) {
  const copy = useCopyCell();
  if (rows === null) return null;
  if (rows.length === 0) return <NonIdealState className="resource-empty" icon="inbox" title={emptyText} />;
  return (
    <ResourceTable
      def={def}
      rows={rows as readonly Row[]}
      columns={def.columns}
      sort={def.defaultSort}
      onSort={() => undefined}
      cells={cells}
      actions={actions ? (row) => actions(row as R) : undefined}
      onCopy={copy}
    />
  );
}
