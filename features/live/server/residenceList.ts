import { sql } from 'kysely';
import { placeFields, residenceListDef } from '../../../domain/resources/residence.js';
import { bedPlaces, placesOfBeds } from '../../../server/db/bedPlaces.js';
import type { Db } from '../../../server/db/index.js';
import { listRows, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import { oldmanHooks } from './oldman.js';

/** What a residence row answers: the residence fields, never the rest of the profile. */
const residenceKeys = [
  'oldmanId',
  ...residenceListDef.fields.map((f) => f.name),
  'deptName',
  'bedName',
  'saleName',
  'buildingName',
  'floorName',
];
export const residenceView = (row: Row): Row =>
  Object.fromEntries(residenceKeys.filter((k) => k in row).map((k) => [k, row[k]]));

/** The elder profile's bed path and age, and the building and floor of the bed. */
export async function decorateResidence(db: Db, rows: Row[]) {
  await oldmanHooks.decorate?.(db, rows);
  const places = await placesOfBeds(
    db,
    rows.flatMap((r) => (typeof r.bedId === 'number' ? [r.bedId] : [])),
  );
  for (const row of rows) {
    const place = places.get(row.bedId as number);
    Object.assign(row, {
      buildingId: place?.buildingId ?? null,
      buildingName: place?.buildingName ?? null,
      floorId: place?.floorId ?? null,
      floorName: place?.floorName ?? null,
    });
  }
}

/** The elders whose bed is in the building or on the floor asked for. */
function placeWhere(db: Db, q: Record<string, unknown>) {
  if (!q.buildingId && !q.floorId) return [];
  let beds = bedPlaces(db).select('bed.bedId');
  if (q.buildingId) beds = beds.where('building.buildingId', '=', Number(q.buildingId));
  if (q.floorId) beds = beds.where('floor.floorId', '=', Number(q.floorId));
  return [sql`t.bedId in ${beds}`];
}

/** The stored part of the definition: the place filters are the bed's, read by placeWhere. */
const places = new Set(placeFields.map((f) => f.name));
const stored = {
  ...residenceListDef,
  fields: residenceListDef.fields.filter((f) => !f.computed),
  filters: residenceListDef.filters?.filter((f) => !places.has(f.field)),
};

/** 入住管理's list (GET live) on the engine: paging, filters, sort and export are its. */
export const residenceListHooks: ResourceHooks = {
  async list(ctx, query, page) {
    const { rows, total } = await listRows(
      ctx.db,
      stored,
      { decorate: decorateResidence, listWhere: (q) => placeWhere(ctx.db, q) },
      query,
      ctx.user,
      page,
    );
    return { rows: rows.map(residenceView), total };
  },
};
