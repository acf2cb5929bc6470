/**
 * One clock for everything that blinks (the header's alarm chip, new rows, the bed cards, the wall's
 * edges, lights and signed-out screen): `<html data-blink="off">` for the second half of every second,
 * "on" for the first. The stylesheets give each blinking thing its off look under that attribute.
 *
 * Why not a CSS animation (`steps(2) infinite`, as before): Chromium services a running animation on
 * every frame whatever its timing function, so one alarm chip waiting kept a console restyling and
 * compositing 60 times a second — about 15 % of a core on a machine drawing without a GPU, on every
 * open console, all day (a control room keeps several). Two attribute changes a second restyle only the
 * elements that blink. Aligned to the clock's half-seconds, every console and the wall blink together.
 */
export function startBlinkClock(root: HTMLElement = document.documentElement, now = () => Date.now()) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const t = now();
    root.dataset.blink = t % 1000 < 500 ? 'on' : 'off';
    // to the next half-second (a millisecond past it, so a timer that fires early still lands after)
    timer = setTimeout(tick, 500 - (t % 500) + 1);
  };
  tick();
  return () => {
    clearTimeout(timer);
    delete root.dataset.blink;
  };
}
