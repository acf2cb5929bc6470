/**
 * Label placement for the floor map (issue #19: names overlapped unreadably when residents stood
 * close, and printed over room numbers): the labels that fit are drawn, the others wait until their
 * resident moves or the operator zooms in. Greedy by priority on a grid of screen cells — a few
 * hundred labels take well under a millisecond.
 */

/** A label's box in screen pixels: centre and size. */
export interface LabelBox {
  key: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Higher is placed first (a resident before a room number). */
  priority: number;
}

type Rect = { x0: number; y0: number; x1: number; y1: number };
const CELL = 48;
/** Space kept between two labels, so two names never touch. */
const GAP = 2;

const rectOf = (b: Omit<LabelBox, 'key' | 'priority'>): Rect => ({
  x0: b.x - b.w / 2 - GAP,
  y0: b.y - b.h / 2 - GAP,
  x1: b.x + b.w / 2 + GAP,
  y1: b.y + b.h / 2 + GAP,
});
const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The keys of the labels to draw: highest priority first (then by key, so the choice is stable from
 * one frame to the next); a label is drawn when it overlaps no label drawn before it nor a `reserved`
 * box (what is always drawn: the urgent alarms' name tags).
 */
export function declutter(
  labels: readonly LabelBox[],
  reserved: readonly Omit<LabelBox, 'key' | 'priority'>[] = [],
): Set<number> {
  const grid = new Map<number, Rect[]>();
  const cells = (r: Rect) => {
    const keys: number[] = [];
    for (let cx = Math.floor(r.x0 / CELL); cx <= Math.floor(r.x1 / CELL); cx++)
      for (let cy = Math.floor(r.y0 / CELL); cy <= Math.floor(r.y1 / CELL); cy++)
        keys.push(cx * 100_003 + cy);
    return keys;
  };
  const place = (r: Rect) => {
    for (const c of cells(r)) {
      const list = grid.get(c);
      if (list) list.push(r);
      else grid.set(c, [r]);
    }
  };
  const free = (r: Rect) => cells(r).every((c) => !(grid.get(c) ?? []).some((o) => overlaps(r, o)));
  for (const b of reserved) place(rectOf(b));
  const shown = new Set<number>();
  const order = [...labels].sort((a, b) => b.priority - a.priority || a.key - b.key);
  for (const label of order) {
    const r = rectOf(label);
    if (!free(r)) continue;
    place(r);
    shown.add(label.key);
  }
  return shown;
}

/** A label's width in pixels at a font size: a Chinese character is square, Latin about half. */
export function textWidth(text: string, size: number): number {
  let width = 0;
  for (const ch of text) width += ch.charCodeAt(0) > 0x2e80 ? size : size * 0.6;
  return Math.ceil(width);
}
