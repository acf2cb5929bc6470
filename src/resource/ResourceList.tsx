import { Alert, Button, Callout, DialogBody, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { today } from '../../domain/clock.js';
import { type ActionDef, fieldOf, type ResourceDef } from '../../domain/resource.js';
import { useApp } from '../app/AppContext.js';
import { usePageRefresh } from '../app/usePageRefresh.js';
import { hasAuthority } from '../auth/authorityStore.js';
import { usePage } from '../router/page.js';
import { useLeaveGuard } from '../router/useLeaveGuard.js';
import { Dialog } from '../ui/Dialog.js';
import { Pager } from '../ui/Pager.js';
import { ColumnSettingsDialog } from './ColumnSettingsDialog.js';
import { readColumnSettings, visibleColumns, writeColumnSettings } from './columnSettings.js';
import { useCopyCell } from './DisplayTable.js';
import { ExportMenu } from './ExportMenu.js';
import { FilterBar } from './FilterBar.js';
import { formatValue, type Row } from './format.js';
import { exportUrl, type FilterValues, fillPath, listFilters } from './listQuery.js';
import { ResourceDetail } from './ResourceDetail.js';
import { ResourceForm } from './ResourceForm.js';
import { type CellRenderers, ResourceTable, rowId } from './ResourceTable.js';
import { confirmQuestion } from './recordName.js';
import { rowButton, workflowButton } from './rowButton.js';
import { useResourceList } from './useResourceList.js';
import './resource.css';

export interface ResourceListProps {
  def: ResourceDef;
  /** The key of the page's saved columns and page size; defaults to the screen's path. */
  routeName?: string;
  /** Set by the caller after its authority checks (useResourceAuthority). */
  canCreate?: boolean;
  canEdit?: boolean;
  canRemove?: boolean;
  canExport?: boolean;
  /** More buttons in each row's operation cell: plain elements (rowButton), no hooks. */
  rowActions?(row: Row): ReactNode;
  /** Width of the operation column when rows carry more buttons than 查看/编辑/删除. */
  actionsWidth?: number;
  /**
   * More buttons in the toolbar, after 新增 and 批量删除; a function gets the list's current filters
   * and sort (no paging), for a button acting on what the list shows (打印).
   */
  toolbarExtra?: ReactNode | ((filters: Record<string, string | number>) => ReactNode);
  /** 查看; default: the record's detail in a dialog. */
  onOpen?(row: Row): void;
  /** 新增; default: the form in a dialog. */
  onCreate?(): void;
  /** 编辑; default: the form in a dialog. */
  onEdit?(row: Row): void;
  /** Query parameters always sent (a sub-list of one elder, a status tab). */
  fixedParams?: Record<string, string | number>;
  /**
   * Values a new record starts with in the default create form; a function is called as 新增 opens
   * the form (a time of now, or anything else that must be read at that moment).
   */
  createInitial?: Row | (() => Row);
  /** A change reloads the list. */
  refreshKey?: unknown;
  /** Filters the list starts with and 重置 returns to (this month's bills). */
  initialFilters?: FilterValues;
  /** Columns the screen draws itself (a status tag in its cell). */
  cells?: CellRenderers;
  /** After a record was saved or deleted here (counts elsewhere on the screen follow). */
  onChanged?(): void;
  /** Toolbar buttons acting on the selected rows (批量缴费); rows become selectable. */
  batchActions?(rows: Row[]): ReactNode;
  /**
   * A choice the screen keeps itself, across pages and searches (批量收款's elders): the chosen ids,
   * and each change with the rows of the page it was made on. Rows become selectable.
   */
  selection?: { ids: ReadonlySet<number>; onChange(ids: Set<number>, pageRows: Row[]): void };
  /** 查看 in each row (default): the record's detail, or onOpen. */
  canOpen?: boolean;
  /** What an empty list says; default 暂无数据. */
  emptyText?: string;
}

/** 合计: the definition's sums over every row the filters select, not only this page. */
function SumsRow({ def, sums }: { def: ResourceDef; sums: Record<string, number> }) {
  return (
    <div className="resource-sums" data-testid="resource-sums">
      <b>合计</b>
      {Object.entries(sums).map(([name, value]) => {
        const f = fieldOf(def, name);
        return (
          <span key={name}>
            {f?.label ?? name}：{f ? formatValue(f, { [name]: value }) : value}
          </span>
        );
      })}
    </div>
  );
}

type Open =
  | { kind: 'create'; initial: Row | undefined }
  | { kind: 'edit'; row: Row }
  | { kind: 'view'; row: Row }
  | null;

/**
 * The list screen of a resource: filter bar, toolbar (新增, 批量删除, 导出, 列设置), the table
 * with row selection and 查看/编辑/删除, and the pager. Columns and page size are saved per page.
 */
export function ResourceList(props: ResourceListProps) {
  const { def, canCreate = false, canEdit = false, canRemove = false, canExport = true } = props;
  const { canOpen = true } = props;
  const page = usePage();
  const routeName = props.routeName ?? page.path;
  const { request, toast } = useApp();
  const initialFilters = useMemo(
    () => startingFilters(def, props.initialFilters),
    [def, props.initialFilters],
  );
  const list = useResourceList(def, routeName, props.fixedParams, props.refreshKey, initialFilters);
  const [columns, setColumns] = useState(() => readColumnSettings(routeName, def.columns));
  const [choosingColumns, setChoosingColumns] = useState(false);
  const [ownSelection, setOwnSelection] = useState<Set<number>>(() => new Set());
  const [open, setOpen] = useState<Open>(null);
  const [removing, setRemoving] = useState<{ ids: number[]; text: string } | null>(null);
  const [acting, setActing] = useState<{ action: ActionDef; row: Row } | null>(null);
  const { workflow } = def;
  const leave = useLeaveGuard();
  usePageRefresh(list.reload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page of rows drops the selection
  useEffect(() => setOwnSelection(new Set()), [list.rows]);
  const selected: ReadonlySet<number> = props.selection?.ids ?? ownSelection;
  const setSelected = (ids: Set<number>) =>
    props.selection ? props.selection.onChange(ids, list.rows) : setOwnSelection(ids);

  const mayCreate = canCreate && Boolean(def.api.create || props.onCreate);
  const mayEdit = canEdit && Boolean(def.api.update || props.onEdit);
  const mayRemove = canRemove && Boolean(def.api.remove);
  const selectable = mayRemove || Boolean(props.batchActions || props.selection);
  const selectedRows = list.rows.filter((r) => selected.has(rowId(def, r)));

  const remove = async (ids: number[]) => {
    const url = def.api.remove as string;
    // a path with :ids takes them all at once; one with :id takes one call each
    const batches = url.includes(':ids') ? [ids] : ids.map((id) => [id]);
    try {
      for (const batch of batches)
        await request({ url: fillPath(url, batch), method: 'DELETE', silent: true });
      toast('删除成功', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '删除失败', 'danger');
    }
    list.reload();
    props.onChanged?.();
  };

  const view = (row: Row) => (props.onOpen ? props.onOpen(row) : setOpen({ kind: 'view', row }));
  const copy = useCopyCell();
  const actions = (row: Row) => {
    // the definition's own answer, the one the server refuses with
    const noEdit = def.rowRules?.edit?.(row) ?? null;
    const noRemove = def.rowRules?.remove?.(row) ?? null;
    return (
      <>
        {canOpen ? rowButton('查看', () => view(row)) : null}
        {mayEdit
          ? rowButton(
              '编辑',
              () => (props.onEdit ? props.onEdit(row) : setOpen({ kind: 'edit', row })),
              false,
              noEdit !== null,
              noEdit,
            )
          : null}
        {mayRemove
          ? rowButton(
              '删除',
              () => setRemoving({ ids: [rowId(def, row)], text: confirmQuestion('删除', def, row) }),
              true,
              noRemove !== null,
              noRemove,
            )
          : null}
        {workflow
          ? (def.actions ?? [])
              .filter((a) => hasAuthority(a.authority))
              .map((a) =>
                workflowButton(workflow, row, a.event, a.label, () => setActing({ action: a, row })),
              )
          : null}
        {props.rowActions?.(row)}
      </>
    );
  };
  const act = async (action: ActionDef, row: Row) => {
    try {
      await request({ url: fillPath(action.path, [rowId(def, row)]), method: 'PUT', data: {}, silent: true });
      toast(`已${action.label}`, 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? `${action.label}失败`, 'danger');
    }
    list.reload();
  };
  const saved = () => {
    setOpen(null);
    toast('保存成功', 'success');
    list.reload();
    props.onChanged?.();
  };

  return (
    <div className="resource-list" data-testid={`resource-list-${def.name}`}>
      {def.search?.length || def.filters?.some((f) => !f.hidden) ? (
        <FilterBar def={def} initial={initialFilters} onSearch={list.search} />
      ) : null}
      <div className="resource-toolbar">
        {mayCreate ? (
          <Button
            intent={Intent.PRIMARY}
            icon="plus"
            text="新增"
            onClick={() =>
              props.onCreate
                ? props.onCreate()
                : setOpen({
                    kind: 'create',
                    // taken now, as the form opens: a time in it is this moment's, not the page's
                    initial:
                      typeof props.createInitial === 'function' ? props.createInitial() : props.createInitial,
                  })
            }
          />
        ) : null}
        {mayRemove ? (
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text="批量删除"
            disabled={selected.size === 0}
            onClick={() =>
              setRemoving({ ids: [...selected], text: `确定删除选中的 ${selected.size} 条${def.title}吗？` })
            }
          />
        ) : null}
        {props.batchActions?.(selectedRows)}
        {typeof props.toolbarExtra === 'function'
          ? props.toolbarExtra(listFilters(def, list.query, props.fixedParams))
          : props.toolbarExtra}
        <span className="resource-toolbar-gap" />
        {canExport && def.api.list ? (
          <ExportMenu
            title={def.title}
            urlOf={(format) => exportUrl(def, list.query, format, props.fixedParams)}
          />
        ) : null}
        <Button icon="column-layout" text="列设置" onClick={() => setChoosingColumns(true)} />
      </div>
      {list.error ? (
        <Callout intent={Intent.DANGER} data-testid="list-error">
          {list.error}
        </Callout>
      ) : null}
      {list.rows.length ? (
        <div className={list.loading ? 'resource-loading' : undefined}>
          <ResourceTable
            def={def}
            rows={list.rows}
            columns={visibleColumns(columns)}
            sort={list.query.sort}
            onSort={list.setSort}
            selected={selectable ? selected : undefined}
            onSelect={selectable ? setSelected : undefined}
            actions={canOpen || mayEdit || mayRemove || props.rowActions ? actions : undefined}
            actionsWidth={props.actionsWidth}
            cells={props.cells}
            onOpen={canOpen ? view : undefined}
            onCopy={copy}
          />
          {list.sums ? <SumsRow def={def} sums={list.sums} /> : null}
        </div>
      ) : list.loading ? (
        <Spinner size={32} className="resource-empty" aria-label="加载中" />
      ) : list.error ? null : (
        <NonIdealState className="resource-empty" icon="inbox" title={props.emptyText ?? '暂无数据'} />
      )}
      <Pager
        total={list.total}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onChange={list.setPage}
      />

      {choosingColumns ? (
        <ColumnSettingsDialog
          def={def}
          settings={columns}
          onClose={() => setChoosingColumns(false)}
          onSave={(next) => {
            writeColumnSettings(routeName, next);
            setColumns(next);
            setChoosingColumns(false);
          }}
        />
      ) : null}
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="删除"
        cancelButtonText="取消"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove(removing.ids);
          setRemoving(null);
        }}
      >
        {removing?.text}
      </Alert>
      <Alert
        isOpen={acting !== null}
        intent={Intent.PRIMARY}
        icon="flow-linear"
        confirmButtonText={acting?.action.label ?? '确定'}
        cancelButtonText="取消"
        onCancel={() => setActing(null)}
        onConfirm={() => {
          if (acting) act(acting.action, acting.row);
          setActing(null);
        }}
      >
        {acting ? (acting.action.confirm ?? confirmQuestion(acting.action.label, def, acting.row)) : null}
      </Alert>
      {leave.dialog}
      {open ? (
        <Dialog
          isOpen
          className="resource-dialog"
          title={
            open.kind === 'create'
              ? `新增${def.title}`
              : open.kind === 'edit'
                ? `编辑${def.title}`
                : `${def.title}详情`
          }
          onClose={() => (open.kind === 'view' ? setOpen(null) : leave.guard(() => setOpen(null)))}
        >
          <DialogBody>
            {open.kind === 'view' ? (
              <ResourceDetail def={def} row={def.api.get ? undefined : open.row} id={rowId(def, open.row)} />
            ) : (
              <ResourceForm
                def={def}
                mode={open.kind}
                initial={open.kind === 'edit' ? open.row : open.initial}
                onSaved={saved}
                onCancel={() => setOpen(null)}
              />
            )}
          </DialogBody>
        </Dialog>
      ) : null}
    </div>
  );
}

/** The filters a list opens with: the definition's starting values (this month), then the screen's own. */
function startingFilters(def: ResourceDef, given: FilterValues | undefined): FilterValues | undefined {
  const starting = (def.filters ?? []).filter((f) => f.initial === 'thisMonth');
  if (!starting.length) return given;
  const month = today().slice(0, 7);
  return { ...Object.fromEntries(starting.map((f) => [f.param ?? f.field, month])), ...given };
}
