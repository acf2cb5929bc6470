import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIdCard } from '../../domain/idCard.js';
import type { FieldDef, ResourceDef } from '../../domain/resource.js';
import { allResources } from '../../features/modules.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

/**
 * Property: whatever a client sends to a resource route, a payload with at least one bad field gets
 * a 4xx with a Chinese message, never a 5xx, and the database (the resource's table and the
 * operation log) is exactly as before.
 */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let token = '';
beforeAll(async () => {
  h = await startTestApp();
  token = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }),
);

/** Values each field type must refuse. */
function badValue(f: FieldDef): fc.Arbitrary<unknown> {
  const notAString = fc.oneof(fc.integer(), fc.array(fc.string()), fc.dictionary(fc.string(), fc.string()));
  switch (f.type) {
    case 'text':
    case 'textarea':
      return fc.oneof(
        notAString,
        fc.string({ maxLength: 5 }).map((tail) => `字${'长'.repeat(f.maxLength ?? 500)}${tail}`),
      );
    case 'image':
      return fc.oneof(
        notAString,
        fc.constantFrom('http://example.com/a.png', '../../etc/passwd', 'javascript:alert(1)'),
      );
    case 'int':
    case 'money':
      return fc.oneof(
        fc.constantFrom('abc', '1.5', '1e999'),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.integer({
          min: Number.MIN_SAFE_INTEGER,
          max: Math.max(Number.MIN_SAFE_INTEGER, (f.min ?? 0) - 1),
        }),
      );
    case 'bool':
      return fc.oneof(fc.integer({ min: 2 }), fc.constantFrom('yes', 'true'));
    case 'date':
    case 'datetime':
      return fc.constantFrom('2023-02-30', '2023-13-01', 'yesterday', '2023/01/01', '99999-01-01');
    case 'dict':
      return fc.constantFrom('not-in-dict', 987654, -3);
    case 'ref':
      return fc.oneof(
        fc.constantFrom(99_999_999, -1, 'x', 0),
        fc.double({ min: 1.1, max: 2.9, noNaN: true }),
      );
    case 'idcard':
      return fc.stringMatching(/^[1-9]\d{16}[\dX]$/).filter((s) => !isValidIdCard(s));
    case 'phone':
      return fc.constantFrom('abc', '123', '1380000111122', '+86 138');
    case 'region':
      return fc.constantFrom('999999', '12', 'abcdef', '000000');
    case 'json':
      // what no field's schema takes: not a structure, or a list of pairs that are not numbers
      return fc.constantFrom('[[1,2]]', 7, [['a', 'b']], { x: 1 });
  }
}

/** A payload of junk for every field, with one field certainly bad (or a required one missing). */
function badPayload(def: ResourceDef): fc.Arbitrary<Record<string, unknown>> {
  // a computed field implies readOnly (domain/resource.ts): never accepted, so never refused either
  const writable = def.fields.filter((f) => !f.readOnly && !f.computed);
  const required = writable.filter((f) => f.required);
  return fc
    .record({
      others: fc.dictionary(fc.constantFrom(...writable.map((f) => f.name)), junk, {
        maxKeys: writable.length,
      }),
      victim: fc.constantFrom(...writable),
      dropRequired: required.length ? fc.boolean() : fc.constant(false),
    })
    .chain(({ others, victim, dropRequired }) =>
      badValue(victim).map((value) => {
        const body: Record<string, unknown> = { ...others, [victim.name]: value };
        if (dropRequired && required[0]) delete body[required[0].name];
        return body;
      }),
    );
}

async function snapshot(def: ResourceDef) {
  const rows = await sql<Record<string, unknown>>`select * from ${sql.id(def.table)} order by 1`.execute(
    h.app.services.db,
  );
  const logs = await sql<{ n: number }>`select count(*) as n from operationLog`.execute(h.app.services.db);
  return JSON.stringify(rows.rows) + String(logs.rows[0]?.n);
}

const firstId = async (def: ResourceDef) => {
  const row = await sql<
    Record<string, unknown>
  >`select ${sql.id(def.idField)} as id from ${sql.id(def.table)} where orgId = 1 limit 1`.execute(
    h.app.services.db,
  );
  return Number(row.rows[0]?.id ?? 1);
};

const CHINESE = /[\u4e00-\u9fa5]/;

/**
 * One table per property, each holding only the resources the property applies to, so every case
 * that runs asserts something (no case passes by returning early for a resource without the route).
 */
type Creatable = ResourceDef & { api: { create: string } };
type Updatable = ResourceDef & { api: { update: string } };
const creatable = allResources.filter((d): d is Creatable => Boolean(d.api.create && d.authority.create));
const updatable = allResources.filter((d): d is Updatable => Boolean(d.api.update && d.authority.update));
/** Resources with a list route or a removal the admin may make: the list-and-delete property. */
const listableOrRemovable = allResources.filter((d) => d.api.list || (d.api.remove && d.authority.remove));
const rows = <D extends ResourceDef>(defs: D[]) => defs.map((d) => [d.name, d] as const);

it('every property has resources to run on', () => {
  expect(creatable.length).toBeGreaterThan(0);
  expect(updatable.length).toBeGreaterThan(0);
  expect(listableOrRemovable.length).toBeGreaterThan(0);
});

describe.each(rows(creatable))('resource %s refuses bad input', (_name, def) => {
  it('create: 4xx with a Chinese message, nothing written', async () => {
    const url = def.api.create;
    const before = await snapshot(def);
    await fc.assert(
      fc.asyncProperty(badPayload(def), async (payload) => {
        const res = await call(h.app, token, 'POST', url, payload);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.code).not.toBe(0);
        expect(res.body.msg).toMatch(CHINESE);
      }),
      { numRuns: 40 },
    );
    expect(await snapshot(def)).toBe(before);
  });
});

describe.each(rows(updatable))('resource %s refuses bad input', (_name, def) => {
  it('update: 4xx with a Chinese message, nothing changed', async () => {
    const rowId = await firstId(def);
    const before = await snapshot(def);
    await fc.assert(
      fc.asyncProperty(badPayload(def), async (payload) => {
        const url = def.api.update.replace(':id', String(rowId));
        const res = await call(h.app, token, 'PUT', url, { ...payload, [def.idField]: rowId });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.msg).toMatch(CHINESE);
      }),
      { numRuns: 40 },
    );
    expect(await snapshot(def)).toBe(before);
  });
});

describe.each(rows(listableOrRemovable))('resource %s refuses bad input', (_name, def) => {
  it('list and delete: random parameters never give a 5xx; bad ids delete nothing', async () => {
    const before = await snapshot(def);
    if (def.api.list) {
      const list = def.api.list;
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'pageNum',
              'pageSize',
              'sortField',
              'sortOrder',
              'keyword',
              'pageHelper',
              'export',
              ...(def.filters ?? []).map((f) => f.param ?? f.field),
            ),
            fc.oneof(fc.string({ maxLength: 60 }), fc.integer().map(String)),
            { maxKeys: 4 },
          ),
          async (params) => {
            const query = new URLSearchParams(params).toString();
            const res = await h.app.inject({
              method: 'GET',
              url: `${list}?${query}`,
              headers: { authorization: token },
            });
            expect(res.statusCode).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    }
    if (def.api.remove && def.authority.remove) {
      const remove = def.api.remove;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('abc', '1,,2', '-1', '99999999', '1;drop table oldman', '0x10', ''),
          async (ids) => {
            const res = await call(h.app, token, 'DELETE', remove.replace(/:ids?/, encodeURIComponent(ids)));
            expect(res.status).toBeGreaterThanOrEqual(400);
            expect(res.status).toBeLessThan(500);
          },
        ),
        { numRuns: 10 },
      );
    }
    expect(await snapshot(def)).toBe(before);
  });
});
