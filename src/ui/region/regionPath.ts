import { LookupPaths } from '../../../domain/api/lookups.js';
import type { Request } from '../../app/request.js';

/** One division of the region tree (spec 000 §3), as LookupPaths.regions answers. */
export interface RegionOption {
  code: string;
  name: string;
  parentCode: string;
  /** No children below (a county, or a city without counties such as 东莞市). */
  leaf: boolean;
}

export const ROOT_REGION = '000000';
export const PCD_URL = LookupPaths.regions;
/** Province, city, county/district. */
export const REGION_LEVELS = 3;

/** City-level names that stand for "no city" (municipalities' 市辖区), left out of full names. */
const PLACEHOLDER_NAMES = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

interface RegionCache {
  children: Map<string, Promise<RegionOption[]>>;
  paths: Map<string, Promise<RegionOption[]>>;
}

/** Answers are kept for the session, per API client: the tree does not change while the server runs. */
const caches = new WeakMap<Request, RegionCache>();

function cacheOf(request: Request): RegionCache {
  let cache = caches.get(request);
  if (!cache) {
    cache = { children: new Map(), paths: new Map() };
    caches.set(request, cache);
  }
  return cache;
}

/** A failed load is forgotten, so the next use asks again. */
function remember(
  map: Map<string, Promise<RegionOption[]>>,
  key: string,
  load: () => Promise<RegionOption[]>,
): Promise<RegionOption[]> {
  const known = map.get(key);
  if (known) return known;
  const loading = load();
  map.set(key, loading);
  loading.catch(() => map.delete(key));
  return loading;
}

/** The children of a code (the provinces for 000000); none for an unknown code. */
export function loadRegionChildren(request: Request, parentCode: string = ROOT_REGION) {
  return remember(cacheOf(request).children, parentCode, () =>
    request<RegionOption[]>({ url: PCD_URL, params: { parentCode } }),
  );
}

/** Province down to the code itself; empty for an unknown code. */
export function loadRegionPath(request: Request, code: string) {
  return remember(cacheOf(request).paths, code, () =>
    request<RegionOption[]>({ url: PCD_URL, params: { code } }),
  );
}

/** 浙江省 杭州市 西湖区 → 浙江省杭州市西湖区; 北京市 市辖区 东城区 → 北京市东城区. */
export function regionFullName(path: readonly Pick<RegionOption, 'name'>[]): string {
  return path
    .map((r) => r.name)
    .filter((name) => !PLACEHOLDER_NAMES.has(name))
    .join('');
}

/** The codes of a path as one per level, '' where nothing is chosen. */
export function levelCodes(path: readonly Pick<RegionOption, 'code'>[]): string[] {
  return Array.from({ length: REGION_LEVELS }, (_, i) => path[i]?.code ?? '');
}

/** The deepest chosen code, or null when nothing is chosen. */
export function deepestCode(codes: readonly string[]): string | null {
  return codes.findLast((code) => code !== '') ?? null;
}

/** The full name of a stored code, e.g. for a detail view; null for an unknown code. */
export async function loadRegionName(request: Request, code: string): Promise<string | null> {
  const path = await loadRegionPath(request, code);
  return path.length ? regionFullName(path) : null;
}
