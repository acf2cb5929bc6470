import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OldmanPaths } from '../../../domain/api/oldman.js';
import { localDateTime } from '../../../domain/clock.js';
import { OLDMAN_BASE, PROFILE } from '../../../domain/resources/oldman.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { CareHealthPaths as H, SignType } from '../../../features/care/api/careHealth.js';
import { addLatestWeights } from '../../../features/care/server/elderWeight.js';
import { call, signInAdmin, startTestApp, type TestApp } from '../../support/serverHarness.js';

// Issue #37 point 3: the elder's weight is one fact, the 体重 readings' (one decimal, with history);
// the archive shows the newest reading and no weight of its own (docs/decisions.md "One weight").
let h: Awaited<ReturnType<typeof startTestApp>>;
let app: TestApp;
let admin: string;
type Rec = Record<string, unknown>;

const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
  const r = await call(app, admin, method, url, body);
  expect(r.body, `${method} ${url}: ${r.body.msg}`).toMatchObject({ code: 0 });
  return r.body.result as Rec & { list: Rec[] };
};
const db = () => app.services.db;

/** Residents without any reading, newest first. */
async function residents(n: number): Promise<number[]> {
  const rows = await sql<{ oldmanId: number }>`select m.oldmanId from oldman m
    where m.orgId = 1 and m.oldmanStatus = ${LiveStatus.living} and m.bedId is not null
      and not exists (select 1 from piOldmanSign s where s.oldmanId = m.oldmanId)
    order by m.oldmanId desc limit ${n}`.execute(db());
  expect(rows.rows).toHaveLength(n);
  return rows.rows.map((r) => r.oldmanId);
}

const weigh = async (oldmanId: number, weight: string, minutesAgo: number) => {
  const measureTime = localDateTime(h.clock.now - minutesAgo * 60_000);
  await ok('POST', H.signs, { oldmanId, signType: SignType.weight, measureTime, weight });
  const saved = await sql<{ signId: number }>`select max(signId) as signId from piOldmanSign`.execute(db());
  return { signId: Number(saved.rows[0]?.signId), measureTime };
};
const archive = (oldmanId: number) => ok('GET', `${PROFILE}/${oldmanId}`);
const healthSection = (oldmanId: number) =>
  ok('GET', OldmanPaths.section('health').replace(':id', String(oldmanId)));

beforeAll(async () => {
  h = await startTestApp();
  app = h.app;
  admin = (await signInAdmin(app)).token;
});
afterAll(() => h.close());

describe("the archive's 体重 is the newest 体重 reading", () => {
  it('takes 52.5 kg; an older reading does not replace it, a newer one does; removing the newest goes back', async () => {
    const [oldmanId] = (await residents(1)) as [number];
    expect(await archive(oldmanId)).toMatchObject({ weightKg: null, weightTime: null });
    const first = await weigh(oldmanId, '52.5', 60);
    expect(await archive(oldmanId)).toMatchObject({ weightKg: '52.5', weightTime: first.measureTime });
    // the health section and the archive list say the same
    expect(await healthSection(oldmanId)).toMatchObject({ weightKg: '52.5', weightTime: first.measureTime });
    const listed = await ok('GET', `${OLDMAN_BASE}?pageHelper=0`);
    expect(listed.list.find((r) => r.oldmanId === oldmanId)).toMatchObject({ weightKg: '52.5' });
    // a reading entered late for an earlier day is history, not today's weight
    await weigh(oldmanId, '60.0', 24 * 60);
    expect((await archive(oldmanId)).weightKg).toBe('52.5');
    const newer = await weigh(oldmanId, '53.1', 5);
    expect(await archive(oldmanId)).toMatchObject({ weightKg: '53.1', weightTime: newer.measureTime });
    await ok('DELETE', H.sign.replace(':ids', String(newer.signId)));
    expect((await archive(oldmanId)).weightKg).toBe('52.5');
  });

  it('is not typed on the archive: a weight sent with the health section changes nothing', async () => {
    const [oldmanId] = (await residents(1)) as [number];
    await weigh(oldmanId, '48.5', 30);
    await ok('PUT', OldmanPaths.sectionSave('health'), { oldmanId, weightKg: 70, heightCm: 158 });
    expect(await archive(oldmanId)).toMatchObject({ weightKg: '48.5', heightCm: 158 });
    const kept = await sql<Rec>`select weight from piOldmanSign where oldmanId = ${oldmanId}`.execute(db());
    expect(kept.rows).toEqual([{ weight: '48.5' }]);
  });

  it('an upgraded home: a whole-kilogram weight typed before shows until the first reading', async () => {
    const [oldmanId] = (await residents(1)) as [number];
    // a home set up before keeps its old integer column, which the profile's row carries (t.*); a new
    // database has none, so the row is given as the profile's decorate receives it
    const typed = (): Rec => ({ oldmanId, weightKg: 61 });
    const before = typed();
    await addLatestWeights(db(), [before]);
    expect(before).toMatchObject({ weightKg: '61', weightTime: null });
    const reading = await weigh(oldmanId, '60.5', 10);
    const after = typed();
    await addLatestWeights(db(), [after]);
    expect(after).toMatchObject({ weightKg: '60.5', weightTime: reading.measureTime });
  });
});
