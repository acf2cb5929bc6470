/** The list with item i moved one place up (-1) or down (+1); unchanged at either end. */
export function movePanel<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  const next = [...list];
  const a = next[i];
  const b = next[j];
  if (a === undefined || b === undefined) return next;
  next[i] = b;
  next[j] = a;
  return next;
}
