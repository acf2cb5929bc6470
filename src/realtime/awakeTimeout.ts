/** How often the watch reads the clock. */
export const AWAKE_STEP_MS = 250;
/**
 * A step that came this late was held up: the page ran a long task (a map's first WebGL draw on a busy
 * machine takes seconds) and read nothing meanwhile. It counts for this much at most. A hidden tab's
 * 1 s timer alignment stays below it.
 */
export const HELD_UP_MS = 1_500;

/**
 * Calls `expired` once the page has listened for `ms`: a connect timeout that measures the other side's
 * silence, not the page's own. A plain setTimeout counts a page held up by its own work as waiting, and
 * after the hold-up it fires before the input that came meanwhile is read (a CONNACK the broker sent in
 * time lost to its own timeout, the attempt dropped and the next one 4 s away). Here a hold-up counts
 * for HELD_UP_MS at most, and time that runs out on the step ending a hold-up gets one step more, so
 * whatever waited is read first. A page held up again and again still gives up: each hold-up counts.
 * Returns the cancel function.
 */
export function awakeTimeout(
  ms: number,
  expired: () => void,
  now: () => number = () => Date.now(),
): () => void {
  let left = ms;
  let last = now();
  let graced = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const at = now();
    const took = at - last;
    last = at;
    const heldUp = took > HELD_UP_MS;
    left -= Math.min(took, HELD_UP_MS);
    if (left <= 0 && (graced || !heldUp)) {
      timer = undefined;
      expired();
      return;
    }
    if (left <= 0) graced = true;
    // after a hold-up a whole step, so that what waited is read before the clock is looked at again
    timer = setTimeout(step, heldUp ? AWAKE_STEP_MS : Math.min(AWAKE_STEP_MS, left));
  };
  timer = setTimeout(step, Math.min(AWAKE_STEP_MS, ms));
  return () => clearTimeout(timer);
}
