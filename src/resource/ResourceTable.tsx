import '@blueprintjs/table/lib/css/table.css';
import './resource.css';
import { Icon } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, type ColumnProps, SelectionModes, Table2 } from '@blueprintjs/table';
import {
  type CSSProperties,
  memo,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { columnField, type FieldDef, type ResourceDef } from '../../domain/resource.js';
import { formatValue, type Row } from './format.js';
import type { Sort } from './listQuery.js';
import { rowName } from './recordName.js';
import { useListGrid } from './useListGrid.js';

const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 32;
const SCROLLBAR = 18;
const CHECK_WIDTH = 44;
const MAIN_HEADERS = '.bp6-table-quadrant-main .bp6-table-top-container';
/** The focused cell's ring (resource.css). */
const FOCUSED = 'resource-cell-focused';
const MAIN_SCROLLER = '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';

const WIDTHS: Partial<Record<FieldDef['type'], number>> = {
  textarea: 220,
  idcard: 160,
  datetime: 150,
  date: 120,
  phone: 130,
  money: 110,
  int: 90,
  bool: 70,
  image: 90,
  // a status or category: a few characters (已退住, 特级护理, 护理一部)
  dict: 100,
};
/** A column's first width: its type's, and never narrower than its header (label and sort button). */
const widthOf = (f: FieldDef | undefined, sortable: boolean) =>
  f ? Math.max(WIDTHS[f.type] ?? 140, f.label.length * 14 + (sortable ? 40 : 24)) : 140;

export const rowId = (def: ResourceDef, row: Row) => Number(row[def.idField]);
export { rowName };

/** A row's accessible name: what a person calls it, or the kind of record when it carries no name. */
const rowLabel = (def: ResourceDef, row: Row) => rowName(def, row) || def.title;

export interface ResourceTableProps {
  def: ResourceDef;
  rows: readonly Row[];
  /** Visible field names in display order. */
  columns: readonly string[];
  sort: Sort;
  onSort(sort: Sort): void;
  /** Selected ids; the leading checkbox column shows when onSelect is given. */
  selected?: ReadonlySet<number>;
  onSelect?(selected: Set<number>): void;
  /** The operation cell of a row (plain elements: it renders for each visible row). */
  actions?(row: Row): ReactNode;
  /** The 操作 column is as wide as its buttons, and at least this (up to 30% of the table). */
  actionsWidth?: number;
  /** A column's cell drawn by the screen (a status tag, 超时未返院); plain elements, no hooks. */
  cells?: CellRenderers;
  /** Enter on a row: what its 查看 does; none, Enter does nothing. */
  onOpen?(row: Row): void;
  /** Ctrl+C / ⌘C on a cell: its text as shown. */
  onCopy?(text: string): void;
}

/** Cell content by column name, for columns a screen decorates. */
export type CellRenderers = Readonly<Partial<Record<string, (row: Row) => ReactNode>>>;

/**
 * Spec 000 list screens on Blueprint's Table2, which renders only the rows in view, so a page of
 * thousands of rows stays quick; cell renderers are plain functions without hooks. Each row's
 * operation cell is a group named after the row with data-testid row-{id}, for tests that act
 * on "the row of 张三" (Table2's grid has no row elements). The data columns are an ARIA grid
 * used from the keyboard (useListGrid; docs/decisions.md "The list table from the keyboard").
 */
export function ResourceTable({
  def,
  rows,
  columns,
  sort,
  onSort,
  selected,
  onSelect,
  actions,
  actionsWidth = 120,
  cells = {},
  onOpen,
  onCopy,
}: ResourceTableProps) {
  const [widths, setWidths] = useState<Record<string, number>>({});
  const root = useRef<HTMLDivElement>(null);
  // Table2 draws the column headers twice: in the top quadrant, which shows, and under it in the
  // main quadrant. The covered copy leaves the accessibility tree and the tab order, so a header
  // button is found once (by screen readers and by getByRole in tests).
  useLayoutEffect(() => {
    for (const covered of root.current?.querySelectorAll(MAIN_HEADERS) ?? []) {
      covered.setAttribute('aria-hidden', 'true');
      covered.setAttribute('inert', '');
    }
  });
  // Table2 draws the columns its viewport held when it last measured it: on a scroll, and when its
  // root element changes size. The scroll area can change size without that (the 操作 column
  // narrowing as a row's buttons change, a tab shown again), and a busy run once left a list drawing
  // 3 of its 9 columns beside an empty space. Any change of the scroll area's size is told to Table2
  // as the scroll event it measures on.
  useEffect(() => {
    const scroller = root.current?.querySelector<HTMLElement>(MAIN_SCROLLER);
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    let size = `${scroller.clientWidth}x${scroller.clientHeight}`;
    const resized = new ResizeObserver(() => {
      const now = `${scroller.clientWidth}x${scroller.clientHeight}`;
      if (now === size) return;
      size = now;
      scroller.dispatchEvent(new Event('scroll'));
    });
    resized.observe(scroller);
    return () => resized.disconnect();
  }, []);
  const sortable = new Set([def.defaultSort.field, ...(def.sortable ?? [])]);
  const fields = columns.map((name) => ({ name, field: columnField(def, name) }));
  const markFirst = !actions;

  const mark = (row: Row, content: ReactNode) => (
    <fieldset
      className="resource-row-mark"
      aria-label={rowLabel(def, row)}
      data-testid={`row-${rowId(def, row)}`}
    >
      {content}
    </fieldset>
  );

  const nextSort = (name: string): Sort => ({
    field: name,
    order: sort.field === name && sort.order === 'asc' ? 'desc' : 'asc',
  });
  const headerOf = (label: string, name: string, col: number) => () => {
    const className = grid.focused(0, col) ? FOCUSED : undefined;
    const ariaSort = sort.field === name ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
    if (!sortable.has(name))
      return (
        <ColumnHeaderCell
          className={className}
          name={label}
          nameRenderer={() => <span ref={grid.claim(0, col, ariaSort)}>{label}</span>}
        />
      );
    const active = sort.field === name;
    return (
      <ColumnHeaderCell
        className={className}
        name={label}
        nameRenderer={() => (
          <span ref={grid.claim(0, col, ariaSort)}>
            <button
              type="button"
              className="resource-sort"
              tabIndex={-1}
              aria-label={`按${label}排序`}
              data-sort={active ? sort.order : undefined}
              onClick={() => onSort(nextSort(name))}
            >
              <span>{label}</span>
              <Icon
                icon={active ? (sort.order === 'asc' ? 'sort-asc' : 'sort-desc') : 'double-caret-vertical'}
                size={12}
              />
            </button>
          </span>
        )}
      />
    );
  };

  const children: ReactElement<ColumnProps>[] = [];
  const checks = onSelect && selected ? 1 : 0;
  const names = [...(checks ? ['__select'] : []), ...columns];
  const widthList = [
    ...(checks ? [CHECK_WIDTH] : []),
    ...fields.map(({ name, field }) => widths[name] ?? widthOf(field, sortable.has(name))),
  ];
  // the definition's frozen columns stay at the left while they lead the visible ones (列设置 may move them)
  const frozen = def.frozen ?? [];
  let leading = 0;
  while (leading < columns.length && frozen.includes(columns[leading] as string)) leading++;
  const numFrozen = leading ? leading + checks : 0;
  const ids = rows.map((r) => rowId(def, r));
  const allChosen = ids.length > 0 && ids.every((id) => selected?.has(id));
  const chooseAll = () => {
    if (!onSelect || !selected) return;
    // rows of other pages a screen keeps chosen stay chosen
    const next = new Set(selected);
    for (const id of ids) {
      if (allChosen) next.delete(id);
      else next.add(id);
    }
    onSelect(next);
  };
  const choose = (id: number) => {
    if (!onSelect || !selected) return;
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    onSelect(next);
  };
  const grid = useListGrid({
    root,
    rowCount: rows.length,
    widths: widthList,
    frozen: numFrozen,
    rowHeight: ROW_HEIGHT,
    onOpen: onOpen
      ? (i) => {
          const row = rows[i];
          if (row) onOpen(row);
        }
      : undefined,
    onCopy,
    isSelected: checks ? (i) => selected?.has(ids[i] as number) ?? false : undefined,
    onActivate: ({ row, col }) => {
      if (col < checks) {
        if (row === 0) chooseAll();
        else choose(ids[row - 1] as number);
        return;
      }
      const name = columns[col - checks];
      if (row === 0 && name && sortable.has(name)) onSort(nextSort(name));
    },
  });
  /** A body cell's place in the grid: its role and id, and the focus ring when it is the focused one. */
  const at = (i: number, col: number) => ({
    cellRef: grid.claim(i + 1, col),
    className: grid.focused(i + 1, col) ? FOCUSED : undefined,
  });
  if (checks) {
    children.push(
      <Column
        key="__select"
        id="__select"
        columnHeaderCellRenderer={() => (
          <ColumnHeaderCell
            className={grid.focused(0, 0) ? FOCUSED : undefined}
            nameRenderer={() => (
              <span ref={grid.claim(0, 0)}>
                <input
                  type="checkbox"
                  className="resource-check"
                  tabIndex={-1}
                  aria-label="全选本页"
                  checked={allChosen}
                  onChange={chooseAll}
                />
              </span>
            )}
          />
        )}
        cellRenderer={(i) => {
          const row = rows[i];
          if (!row) return <Cell />;
          const id = rowId(def, row);
          return (
            <Cell interactive {...at(i, 0)}>
              <input
                type="checkbox"
                className="resource-check"
                tabIndex={-1}
                aria-label={`选择 ${rowLabel(def, row)}`}
                checked={selected?.has(id) ?? false}
                onChange={() => choose(id)}
              />
            </Cell>
          );
        }}
      />,
    );
  }
  fields.forEach(({ name, field }, index) => {
    const label = field?.label ?? name;
    const col = index + checks;
    children.push(
      <Column
        key={name}
        id={name}
        name={label}
        columnHeaderCellRenderer={headerOf(label, name, col)}
        cellRenderer={(i) => {
          const row = rows[i];
          if (!row || !field) return <Cell {...at(i, col)} />;
          const text = formatValue(field, row);
          const drawn = cells[name];
          if (drawn)
            return (
              <Cell tooltip={text} {...at(i, col)}>
                {markFirst && index === 0 ? mark(row, drawn(row)) : drawn(row)}
              </Cell>
            );
          if (markFirst && index === 0)
            return (
              <Cell interactive tooltip={text} {...at(i, col)}>
                {mark(row, text)}
              </Cell>
            );
          if (field.type === 'image' && text)
            return (
              <Cell interactive {...at(i, col)}>
                <img className="resource-thumb-small" src={text} alt={label} />
              </Cell>
            );
          return <TextCell tooltip={text} {...at(i, col)} text={text} />;
        }}
      />,
    );
  });
  const height = HEADER_HEIGHT + rows.length * ROW_HEIGHT + SCROLLBAR;

  return (
    <div ref={root} className="resource-table" style={{ height }} data-testid="resource-table">
      <div className="resource-table-grid" {...grid.area}>
        <Table2
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widthList}
          onColumnWidthChanged={(index, size) => {
            const name = names[index];
            if (name) setWidths((w) => ({ ...w, [name]: size }));
          }}
          numFrozenColumns={numFrozen}
          enableRowHeader={false}
          enableRowResizing={false}
          selectionModes={SelectionModes.NONE}
          onVisibleCellsChange={grid.onVisibleCellsChange}
          cellRendererDependencies={[rows, columns, selected, sort, grid.active.row, grid.active.col]}
        >
          {children}
        </Table2>
        {/* biome-ignore lint/a11y/useSemanticElements: Table2 draws the cells; this is their grid (useListGrid) */}
        <div
          role="grid"
          tabIndex={0}
          className="resource-grid"
          aria-label={def.title}
          aria-multiselectable={checks ? true : undefined}
          data-testid="resource-grid"
          {...grid.grid}
        >
          {grid.rowShells}
        </div>
      </div>
      {actions ? (
        <ActionsRail
          rows={rows}
          root={root}
          minWidth={actionsWidth}
          cell={(row) => mark(row, actions(row))}
        />
      ) : null}
    </div>
  );
}

/**
 * A cell that shows its text only, the bulk of a list: Blueprint's Cell as one element instead of a
 * cell, a text wrapper and a loading layer (a scroll step draws some 150 cells anew). Table2 gives
 * it its place (style) and its row and column classes (className), as to a Cell.
 */
function TextCell({
  text,
  tooltip,
  className,
  style,
  cellRef,
}: {
  text: string;
  tooltip?: string;
  className?: string;
  style?: CSSProperties;
  cellRef?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={cellRef}
      className={`bp6-table-cell bp6-table-truncated-cell resource-text-cell ${className ?? ''}`}
      title={tooltip}
      style={style}
    >
      {text}
    </div>
  );
}

/** One row's operation cell: drawn again only when its row or the table's renderer changes, not on a scroll. */
const RailCell = memo(function RailCell({ row, cell }: { row: Row; cell(row: Row): ReactNode }) {
  return (
    <div className="resource-actions-cell" style={{ height: ROW_HEIGHT }}>
      {cell(row)}
    </div>
  );
});

/** Rows drawn above and below those in view, so a quick scroll shows no empty rail. */
const OVERSCAN = 5;

/**
 * The 操作 column, kept in view at the table's right edge however wide the data columns are
 * (Table2 freezes columns only on the left). It follows the grid's vertical scroll, passes wheel
 * scrolling on to it and, like the grid, draws only the rows in view.
 */
function ActionsRail({
  rows,
  root,
  minWidth,
  cell,
}: {
  rows: readonly Row[];
  root: RefObject<HTMLDivElement | null>;
  minWidth: number;
  cell(row: Row): ReactNode;
}) {
  const body = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 0, header: HEADER_HEIGHT });
  useEffect(() => {
    const scroller = root.current?.querySelector<HTMLElement>(MAIN_SCROLLER);
    const rail = body.current;
    if (!scroller || !rail) return;
    // the grid's own header height (known once it is laid out), so the rail's rows line up with its rows
    const header = root.current?.querySelector<HTMLElement>(MAIN_HEADERS);
    let headerHeight = HEADER_HEIGHT;
    const follow = () => {
      const top = scroller.scrollTop;
      rail.scrollTop = top;
      const height = scroller.clientHeight;
      setView((v) =>
        v.top === top && v.height === height && v.header === headerHeight
          ? v
          : { top, height, header: headerHeight },
      );
    };
    // the header's height is read when it is laid out anew, not on each scroll step (a read there forces
    // a layout of the rows just drawn)
    const measure = () => {
      headerHeight = header?.offsetHeight || HEADER_HEIGHT;
      follow();
    };
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (header) resized?.observe(header);
    resized?.observe(scroller);
    const wheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      scroller.scrollTop += e.deltaY;
    };
    measure();
    scroller.addEventListener('scroll', follow, { passive: true });
    rail.addEventListener('wheel', wheel, { passive: false });
    return () => {
      resized?.disconnect();
      scroller.removeEventListener('scroll', follow);
      rail.removeEventListener('wheel', wheel);
    };
  }, [root]);
  // Before the grid has a size (first paint, or no layout at all) a window's worth of rows.
  const height = view.height || window.innerHeight;
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + height) / ROW_HEIGHT) + OVERSCAN);
  const shown: ReactElement[] = [];
  for (let i = first; i < last; i++) {
    const row = rows[i];
    if (row) shown.push(<RailCell key={i} row={row} cell={cell} />);
  }
  return (
    <div className="resource-actions" style={{ minWidth: `min(${minWidth}px, 30%)` }}>
      <div className="resource-actions-head" style={{ height: view.header }}>
        操作
      </div>
      <div ref={body} className="resource-actions-body">
        {/* in flow, between spacers, so the column takes the width of its widest row in view */}
        <div style={{ height: first * ROW_HEIGHT }} />
        {shown}
        <div style={{ height: (rows.length - last) * ROW_HEIGHT + SCROLLBAR }} />
      </div>
    </div>
  );
}
