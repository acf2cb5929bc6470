import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { type GridCell, gridCommand } from './gridKeys.js';

/** Table2's onVisibleCellsChange rows (the package does not export the type). */
interface RowIndices {
  rowIndexStart: number;
  rowIndexEnd: number;
}

const QUADRANT = '.bp6-table-quadrant';
const MAIN_SCROLLER = '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container';

export interface ListGridOptions {
  root: RefObject<HTMLDivElement | null>;
  /** Rows of the page (the header row comes on top of them). */
  rowCount: number;
  /** The grid's columns in view order, widths in px (the 操作 rail is not part of the grid). */
  widths: readonly number[];
  /** Leading columns Table2 draws in its left quadrants. */
  frozen: number;
  rowHeight: number;
  /** Enter on row `index` (0-based among the page's rows); none: Enter does nothing. */
  onOpen?(index: number): void;
  /** Space on a cell, Enter or Space on a header. */
  onActivate(at: GridCell): void;
  /** Ctrl+C / ⌘C: the focused cell's text as shown. */
  onCopy?(text: string): void;
  /** Row 1… marked selected (a chosen checkbox), for aria-selected. */
  isSelected?(index: number): boolean;
}

/**
 * The ARIA grid over Table2 (which has no roles and no rows: its cells are absolutely placed
 * divs, drawn again in the frozen quadrants). The grid is an element laid over the table (clicks
 * pass through it) and the one tab stop; focus stays on it and aria-activedescendant names the
 * focused cell. Each cell Table2 draws claims its
 * role and id in its ref, in the one quadrant where it shows (frozen columns: the left quadrants;
 * the others: main and top), and its covered copies leave the accessibility tree. Rows are
 * hidden role=row elements that own (aria-owns) the cells of the rows in view, with aria-rowindex
 * against aria-rowcount, so a reader hears "row 7 of 21" in a page that draws only what shows.
 */
export function useListGrid(o: ListGridOptions) {
  const base = useId();
  const [at, setAt] = useState<GridCell>({ row: 1, col: 0 });
  // the rows in view change on every scroll step: kept outside the table's state, so that only the
  // row shells follow them and the table (Table2's columns and cell renderers) does not render again
  const [view] = useState(viewStore);
  const rows = o.rowCount + 1;
  const cols = o.widths.length;
  const cellId = (row: number, col: number) => `${base}-${row}-${col}`;
  const active: GridCell = { row: Math.min(at.row, rows - 1), col: Math.min(at.col, Math.max(0, cols - 1)) };
  const scrollPending = useRef(false);

  // Table2's own container is a tab stop too: the grid is the one, and a click inside lands on it
  // (React sets the container's tabIndex once, at mount)
  useLayoutEffect(() => {
    o.root.current?.querySelector('.bp6-table-container')?.removeAttribute('tabindex');
  });

  // the focused cell in view after a key moved it (Table2 draws only the cells in view)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the focused cell moves
  useEffect(() => {
    if (!scrollPending.current) return;
    scrollPending.current = false;
    const scroller = o.root.current?.querySelector<HTMLElement>(MAIN_SCROLLER);
    if (!scroller) return;
    const header = o.root.current?.querySelector<HTMLElement>('.bp6-table-quadrant-top')?.offsetHeight ?? 0;
    if (active.row > 0) {
      const top = (active.row - 1) * o.rowHeight;
      const body = scroller.clientHeight - header;
      if (top < scroller.scrollTop) scroller.scrollTop = top;
      else if (top + o.rowHeight > scroller.scrollTop + body) scroller.scrollTop = top + o.rowHeight - body;
    }
    if (active.col >= o.frozen) {
      const sum = (n: number) => o.widths.slice(0, n).reduce((a, b) => a + b, 0);
      const frozenWidth = sum(o.frozen);
      const left = sum(active.col);
      const width = o.widths[active.col] ?? 0;
      if (left - frozenWidth < scroller.scrollLeft) scroller.scrollLeft = left - frozenWidth;
      else if (left + width > scroller.scrollLeft + scroller.clientWidth)
        scroller.scrollLeft = left + width - scroller.clientWidth;
    }
  }, [active.row, active.col]);

  /**
   * A drawn cell takes the grid's role and id only in the quadrant where it shows. One ref callback per
   * cell for as long as the frozen columns stay: a new function on each render would make React detach
   * and attach every drawn cell's ref again, rewriting their attributes.
   */
  // biome-ignore lint/correctness/useExhaustiveDependencies: the frozen count and the ids' base decide what a ref writes
  const claims = useMemo(() => new Map<string, (el: HTMLElement | null) => void>(), [o.frozen, base]);
  const claim = (row: number, col: number, sort?: 'ascending' | 'descending') => {
    const key = `${row}:${col}:${sort ?? ''}`;
    let ref = claims.get(key);
    if (!ref) {
      // a long scroll meets many cells: past a few screens' worth the old ones go (drawn cells then
      // claim once more)
      if (claims.size > 5000) claims.clear();
      ref = claimOne(row, col, sort);
      claims.set(key, ref);
    }
    return ref;
  };
  const claimOne =
    (row: number, col: number, sort?: 'ascending' | 'descending') => (el: HTMLElement | null) => {
      if (!el) return;
      el.dataset.gridCell = `${row}:${col}`;
      const quadrant = el.closest(QUADRANT)?.classList;
      const left = Boolean(quadrant?.contains('bp6-table-quadrant-left'));
      const topLeft = Boolean(quadrant?.contains('bp6-table-quadrant-top-left'));
      const top = Boolean(quadrant?.contains('bp6-table-quadrant-top'));
      const main = Boolean(quadrant?.contains('bp6-table-quadrant-main'));
      const own = row === 0 ? (col < o.frozen ? topLeft : top) : col < o.frozen ? left : main || !quadrant;
      if (own) {
        el.id = cellId(row, col);
        el.setAttribute('role', row === 0 ? 'columnheader' : 'gridcell');
        el.setAttribute('aria-colindex', String(col + 1));
        el.removeAttribute('aria-hidden');
        if (sort) el.setAttribute('aria-sort', sort);
        else el.removeAttribute('aria-sort');
      } else {
        el.removeAttribute('id');
        el.removeAttribute('role');
        el.setAttribute('aria-hidden', 'true');
      }
    };

  const focused = (row: number, col: number) => row === active.row && col === active.col;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (cols === 0) return;
    const command = gridCommand(e, active, rows, cols);
    if (!command) return;
    e.preventDefault();
    switch (command.kind) {
      case 'move':
        scrollPending.current = true;
        setAt(command.to);
        return;
      case 'open':
        o.onOpen?.(active.row - 1);
        return;
      case 'activate':
        o.onActivate(active);
        return;
      case 'copy': {
        const text = document.getElementById(cellId(active.row, active.col))?.textContent ?? '';
        o.onCopy?.(text.trim());
        return;
      }
    }
  };

  const gridRef = useRef<HTMLDivElement>(null);
  /** The role=grid element: it holds the rows and the focus, laid over the table it describes. */
  const grid = {
    ref: gridRef,
    'aria-rowcount': rows,
    'aria-colcount': cols,
    'aria-activedescendant': cellId(active.row, active.col),
    onKeyDown,
  } as const;
  /** The element around the grid and Table2. */
  const area = {
    // a click puts the focused cell where it lands and focus on the grid (a checkbox or sort
    // button clicked does its work, then the keys go on from the grid)
    onMouseDown: (e: { target: EventTarget }) => {
      const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-grid-cell]');
      const [row, col] = (cell?.dataset.gridCell ?? '').split(':').map(Number);
      if (row !== undefined && col !== undefined && !Number.isNaN(row) && !Number.isNaN(col))
        setAt({ row, col });
    },
    onFocus: (e: { target: EventTarget }) => {
      if (e.target !== gridRef.current) gridRef.current?.focus();
    },
  } as const;

  const rowShells = (
    <RowShells
      view={view}
      rowCount={o.rowCount}
      cols={cols}
      cellId={cellId}
      activeRow={active.row}
      isSelected={o.isSelected}
    />
  );

  return { grid, area, active, focused, claim, onVisibleCellsChange: view.set, rowShells };
}

type View = ReturnType<typeof viewStore>;

/** The rows Table2 draws (first and last index), for the components that follow them. */
function viewStore() {
  let current = { first: 0, last: 20 };
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Table2's onVisibleCellsChange. */
    set(r: RowIndices) {
      if (current.first === r.rowIndexStart && current.last === r.rowIndexEnd) return;
      current = { first: r.rowIndexStart, last: r.rowIndexEnd };
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The hidden role=row elements of the rows in view, each owning its cells (aria-owns); the header
 * row always, and the focused row even when scrolled out (its cell is the active descendant).
 */
function RowShells(p: {
  view: View;
  rowCount: number;
  cols: number;
  cellId(row: number, col: number): string;
  activeRow: number;
  isSelected?(index: number): boolean;
}) {
  const view = useSyncExternalStore(p.view.subscribe, p.view.get);
  const ownedIds = (row: number) => Array.from({ length: p.cols }, (_, c) => p.cellId(row, c)).join(' ');
  const first = Math.max(0, view.first);
  const last = Math.min(p.rowCount - 1, view.last);
  const shown: { key: string; index: number; selected?: boolean }[] = [{ key: 'h', index: 0 }];
  for (let i = first; i <= last; i++)
    shown.push({ key: String(i), index: i + 1, selected: p.isSelected ? p.isSelected(i) : undefined });
  if (p.activeRow > 0 && (p.activeRow - 1 < first || p.activeRow - 1 > last))
    shown.push({ key: 'active', index: p.activeRow });
  return (
    <>
      {shown.map((r) => (
        // biome-ignore lint/a11y/useSemanticElements: Table2 has no row elements to be <tr>; these own its cells
        // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the grid (aria-activedescendant)
        <div
          key={r.key}
          role="row"
          aria-rowindex={r.index + 1}
          aria-selected={r.selected}
          aria-owns={ownedIds(r.index)}
        />
      ))}
    </>
  );
}
