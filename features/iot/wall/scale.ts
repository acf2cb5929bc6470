/**
 * The wall read from 3 m (issue #38 point 7, docs/decisions.md "The wall read from 3 m"): everything on
 * the wall is sized from the screen's height, so a name covers the same share of the panel at 1366×768,
 * 1920×1080 and 3840×2160 — the same millimetres on panels of one size.
 */

/** One pixel of the wall's 1080-line design at a screen `height` (px): `--wall-u` of wall.css. */
export function wallUnit(height: number): number {
  return Math.min(2.4, Math.max(0.7, height / 1080));
}

/**
 * A resident's name on the wall's map, in design pixels: 20 of 1080 lines (1.85% of the height), the
 * wall's smallest text (its labels and date). 12.7 mm on a 55" panel, about 15 arc minutes at 3 m.
 */
export const WALL_MAP_NAME_PX = 20;
/** The name's size on the console's map (floorMap.ts NAME_SIZE), which the map's scale multiplies. */
export const CONSOLE_MAP_NAME_PX = 12;
/** The least share of the screen's height any text on the wall takes: 20 of 1080 lines. */
export const MIN_TEXT_SHARE = 20 / 1080;

/**
 * The map's scale on a wall screen `height` px high: names at WALL_MAP_NAME_PX design pixels. Above
 * the unit's upper clamp (a screen of more than 2592 lines) the map still grows with the height: it
 * has the room, and a name must not shrink below MIN_TEXT_SHARE.
 */
export function wallMapScale(height: number): number {
  return (WALL_MAP_NAME_PX * Math.max(wallUnit(height), height / 1080)) / CONSOLE_MAP_NAME_PX;
}
