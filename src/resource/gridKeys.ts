/**
 * The list table's keys (WAI-ARIA APG "Data Grid"): the table is one tab stop and a focused cell
 * moves inside it. Row 0 is the header row, rows 1… the rows of the page; columns count from 0.
 */
export interface GridCell {
  row: number;
  col: number;
}

export type GridCommand =
  | { kind: 'move'; to: GridCell }
  /** Enter on a row: what a click on its 查看 does. */
  | { kind: 'open' }
  /** Space on a cell, Enter or Space on a header: its own control (the row's checkbox, the sort). */
  | { kind: 'activate' }
  | { kind: 'copy' };

/**
 * PageUp/PageDown move this many rows within the page; the Pager turns pages. Moving rows keeps
 * the keys predictable (no load starts under the user's hand) and is what the APG grid describes.
 */
export const PAGE_ROWS = 10;

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** What a key does at a cell of a grid of `rows` rows (the header included) and `cols` columns. */
export function gridCommand(e: Keys, at: GridCell, rows: number, cols: number): GridCommand | null {
  const lastRow = rows - 1;
  const lastCol = cols - 1;
  const move = (row: number, col: number): GridCommand => ({
    kind: 'move',
    to: { row: Math.max(0, Math.min(lastRow, row)), col: Math.max(0, Math.min(lastCol, col)) },
  });
  const command = e.ctrlKey || e.metaKey;
  if (e.altKey) return null;
  switch (e.key) {
    case 'ArrowUp':
      return move(at.row - 1, at.col);
    case 'ArrowDown':
      return move(at.row + 1, at.col);
    case 'ArrowLeft':
      return move(at.row, at.col - 1);
    case 'ArrowRight':
      return move(at.row, at.col + 1);
    case 'Home':
      return command ? move(Math.min(1, lastRow), 0) : move(at.row, 0);
    case 'End':
      return command ? move(lastRow, lastCol) : move(at.row, lastCol);
    case 'PageUp':
      // from the rows, up to the first row at most; the header is one ArrowUp further
      return move(Math.max(Math.min(1, at.row), at.row - PAGE_ROWS), at.col);
    case 'PageDown':
      return move(at.row + PAGE_ROWS, at.col);
    case 'Enter':
      return at.row === 0 ? { kind: 'activate' } : { kind: 'open' };
    case ' ':
      return { kind: 'activate' };
    case 'c':
    case 'C':
      return command ? { kind: 'copy' } : null;
    default:
      return null;
  }
}
