/**
 * Which pages stay mounted (hidden) when another is shown: staff switch between tabs and expect a
 * half-filled form or a filtered list to be as they left it. The open tabs used last stay (at
 * least `capacity`), and any page holding unsaved changes; a page without a tab (a detail screen)
 * is dropped when left unless it holds changes, so it shows fresh data when opened again.
 */
export const KEPT_TABS = 8;

export interface KeepRule {
  /** Keys of the open tabs. */
  tabs: ReadonlySet<string>;
  hasUnsaved(key: string): boolean;
  capacity?: number;
}

/** The kept keys, least recently shown first, after `current` is shown. */
export function keptKeys(previous: readonly string[], current: string, rule: KeepRule): string[] {
  const capacity = rule.capacity ?? KEPT_TABS;
  const order = [...previous.filter((k) => k !== current), current];
  const keep = order.filter((k) => k === current || rule.tabs.has(k) || rule.hasUnsaved(k));
  let surplus = keep.filter((k) => k !== current && !rule.hasUnsaved(k)).length - (capacity - 1);
  return keep.filter((k) => {
    if (surplus <= 0 || k === current || rule.hasUnsaved(k)) return true;
    surplus -= 1;
    return false;
  });
}
