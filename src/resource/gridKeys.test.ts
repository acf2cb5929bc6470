import { describe, expect, it } from 'vitest';
import { type GridCell, gridCommand, PAGE_ROWS } from './gridKeys.js';

const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});
// a page of 25 rows under the header, 6 columns
const ROWS = 26;
const COLS = 6;
const at = (row: number, col: number): GridCell => ({ row, col });
const to = (k: ReturnType<typeof key>, from: GridCell) => {
  const command = gridCommand(k, from, ROWS, COLS);
  return command?.kind === 'move' ? command.to : command;
};

describe('the list grid keys', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(to(key('ArrowDown'), at(1, 2))).toEqual(at(2, 2));
    expect(to(key('ArrowUp'), at(1, 2))).toEqual(at(0, 2));
    expect(to(key('ArrowUp'), at(0, 2))).toEqual(at(0, 2));
    expect(to(key('ArrowRight'), at(3, 5))).toEqual(at(3, 5));
    expect(to(key('ArrowLeft'), at(3, 0))).toEqual(at(3, 0));
    expect(to(key('ArrowDown'), at(25, 1))).toEqual(at(25, 1));
  });

  it('goes along the row with Home and End, to the corners with Ctrl', () => {
    expect(to(key('Home'), at(7, 4))).toEqual(at(7, 0));
    expect(to(key('End'), at(7, 1))).toEqual(at(7, 5));
    expect(to(key('Home', { ctrlKey: true }), at(7, 4))).toEqual(at(1, 0));
    expect(to(key('End', { metaKey: true }), at(7, 1))).toEqual(at(25, 5));
  });

  it('moves ten rows with PageDown and PageUp, within the page and not onto the header', () => {
    expect(PAGE_ROWS).toBe(10);
    expect(to(key('PageDown'), at(3, 2))).toEqual(at(13, 2));
    expect(to(key('PageDown'), at(20, 2))).toEqual(at(25, 2));
    expect(to(key('PageUp'), at(13, 2))).toEqual(at(3, 2));
    expect(to(key('PageUp'), at(4, 2))).toEqual(at(1, 2));
    expect(to(key('PageDown'), at(0, 2))).toEqual(at(10, 2));
  });

  it('opens a row with Enter, sorts or chooses with Enter and Space on the header', () => {
    expect(gridCommand(key('Enter'), at(4, 1), ROWS, COLS)).toEqual({ kind: 'open' });
    expect(gridCommand(key('Enter'), at(0, 1), ROWS, COLS)).toEqual({ kind: 'activate' });
    expect(gridCommand(key(' '), at(4, 0), ROWS, COLS)).toEqual({ kind: 'activate' });
  });

  it('copies with Ctrl+C or ⌘C only; other keys are left to the page', () => {
    expect(gridCommand(key('c', { ctrlKey: true }), at(4, 1), ROWS, COLS)).toEqual({ kind: 'copy' });
    expect(gridCommand(key('C', { metaKey: true }), at(4, 1), ROWS, COLS)).toEqual({ kind: 'copy' });
    expect(gridCommand(key('c'), at(4, 1), ROWS, COLS)).toBeNull();
    expect(gridCommand(key('Tab'), at(4, 1), ROWS, COLS)).toBeNull();
    expect(gridCommand(key('ArrowDown', { altKey: true }), at(4, 1), ROWS, COLS)).toBeNull();
  });

  it('keeps to the header in a page without rows', () => {
    const header = (k: ReturnType<typeof key>, from: GridCell) => gridCommand(k, from, 1, COLS);
    expect(header(key('ArrowDown'), at(0, 0))).toEqual({ kind: 'move', to: at(0, 0) });
    expect(header(key('Home', { ctrlKey: true }), at(0, 3))).toEqual({ kind: 'move', to: at(0, 0) });
  });
});
