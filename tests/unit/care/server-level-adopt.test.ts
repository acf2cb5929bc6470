import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { LEVEL_CHANGE_REFUSAL } from '../../../domain/resources/oldman.js';
import { assessmentPath, AssessmentPaths as P } from '../../../features/care/api/assessment.js';
import { CarePaths } from '../../../features/care/api/care.js';
import { scaleEasy } from '../../../features/care/scales/easy.js';
import { scale2023 } from '../../../features/care/scales/gbt42195.js';
import { answersOf } from '../../../features/care/server/seedAssessments.js';
import { COST } from '../../../features/expense/api.js';
import { prorate } from '../../../features/expense/server/monthBill.js';
import { dialectOf } from '../../../server/db/index.js';
import { migrateToLatest } from '../../../server/db/migrations.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/**
 * One care level, the elder's, dated (issue #37 point 1): 采纳建议 of a submitted assessment sets the
 * profile's 能力等级 and 护理等级 from a chosen day, the 修改记录 names who, when and which assessment,
 * the month's bill charges each side of that day, the care plan shows the level and keeps none; the
 * nurse changes the billed level nowhere.
 */
type Rec = Record<string, unknown>;
let h: Awaited<ReturnType<typeof startTestApp>>;
let admin: string;
let nurse: string;
let causeId: number;
const db = () => h.app.services.db;

beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
  nurse = (await signInNurse(h.app)).token;
  causeId = Number(((await call(h.app, admin, 'GET', P.causeAlias)).body.result as Rec[])[0]?.causeId);
});
afterAll(() => h.close());

const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin) => {
  const r = await call(h.app, token, method, url, body);
  expect(r.body, `${method} ${url}: ${r.body.msg}`).toMatchObject({ code: 0 });
  return r.body.result as Rec;
};
const refused = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body: unknown,
  code: number,
  message?: string | RegExp,
  token = admin,
) => {
  const r = await call(h.app, token, method, url, body);
  expect(r.body.code, `${method} ${url}: ${r.body.msg}`).toBe(code);
  if (message) expect(r.body.msg).toMatch(message);
};
/** The home's wall clock at 10:00 of a day (the server's "today" for 采纳建议). */
const onDay = (day: string) => {
  h.clock.now = new Date(`${day}T10:00:00`).getTime();
};

/**
 * A living resident of 护理一部 (the nurse's department), in since January, her seeded bill (last
 * month's) set aside as voided: the months of these tests are hers to bill.
 */
async function freshResident(level: string, ability: number) {
  const { rows } = await sql<{ oldmanId: number; oldmanName: string }>`select m.oldmanId, m.oldmanName
    from oldman m join dept d on d.deptId = m.deptId
    where m.orgId = 1 and m.oldmanStatus = 1 and d.deptName = '护理一部'
      and not exists (select 1 from assessment a where a.oldmanId = m.oldmanId)
      and not exists (select 1 from nursingPlan p where p.oldmanId = m.oldmanId)
      and not exists (select 1 from elderLevelChange c where c.oldmanId = m.oldmanId)
    order by m.oldmanId limit 1`.execute(db());
  const elder = rows[0] as { oldmanId: number; oldmanName: string };
  await sql`update oldman set nursingLevel = ${level}, selfCareAbility = ${ability}, checkInDate = '2026-01-01',
    leaveDate = null where oldmanId = ${elder.oldmanId}`.execute(db());
  await sql`update bill set billStatus = 3 where oldmanId = ${elder.oldmanId}`.execute(db());
  return elder;
}

/** B.1 and B.2 all at their worst, the rest at their best: 43 points, 重度失能 — suggests 全护理. */
const heavy = answersOf(scale2023, {
  ...Object.fromEntries(
    scale2023.sections
      .filter((s) => s.code === 'B.1' || s.code === 'B.2')
      .flatMap((s) => s.items.map((i) => [i.code, 0])),
  ),
});

async function submitted(
  oldmanId: number,
  assessDate: string,
  answers = heavy,
  path: string = P.finalSubmit2023,
) {
  const saved = await ok('POST', path, { oldmanId, causeId, assessDate, answers });
  return Number(saved.assessmentId);
}
const preview = (id: number, token = admin) =>
  call(h.app, token, 'GET', assessmentPath(P.adoptPreview, { assessmentId: id }));
const profile = (oldmanId: number) => ok('GET', `/pims/web-pi/oldmans/proFile/${oldmanId}`);
const modifyRecords = async (oldmanId: number) =>
  (await call(h.app, admin, 'GET', `/pims/web-pi/oldmans/proFile/${oldmanId}/modifyRecord`)).body
    .result as Rec[];
const levelChanges = async (oldmanId: number) =>
  (
    await sql<Rec>`select oldLevel, newLevel, oldAbility, newAbility, assessmentId, effectiveDate
      from elderLevelChange where oldmanId = ${oldmanId} order by changeId`.execute(db())
  ).rows;

describe('采纳建议 (PUT assessment/adopt)', () => {
  it('sets 能力等级 and 护理等级 from the day chosen; the 修改记录 names who and which assessment; the bill charges each side', async () => {
    expect(scale2023.grade(heavy)).toMatchObject({ total: 43, final: 3 });
    onDay('2026-04-01');
    const elder = await freshResident('半护理', 2);
    // a plan made before: it shows the elder's level, whatever happens to it later
    const { planId } = await ok('POST', CarePaths.plan, {
      planName: `${elder.oldmanName}护理计划`,
      oldmanId: elder.oldmanId,
      startDate: '2026-03-01',
    });
    expect(await ok('GET', `${CarePaths.plan}/${planId}`)).toMatchObject({
      nursingLevel: '半护理',
      levelSince: null,
    });
    const id = await submitted(elder.oldmanId, '2026-03-10');

    expect((await preview(id)).body.result).toMatchObject({
      oldmanId: elder.oldmanId,
      assessDate: '2026-03-10',
      gradeName: expect.stringContaining('重度'),
      current: { nursingLevel: '半护理', selfCareAbility: 2 },
      suggested: { nursingLevel: '全护理', selfCareAbility: 4 },
      earliestDate: '2026-03-10',
      latestDate: '2026-04-01',
      refusal: null,
    });
    expect(await ok('PUT', P.adopt, { assessmentId: id, effectiveDate: '2026-03-16' })).toEqual({
      assessmentId: id,
      oldmanId: elder.oldmanId,
      effectiveDate: '2026-03-16',
      nursingLevel: '全护理',
      selfCareAbility: 4,
    });

    // one fact of the elder: the profile, the dated change, the plan and the record agree
    expect(await profile(elder.oldmanId)).toMatchObject({ nursingLevel: '全护理', selfCareAbility: 4 });
    expect(await levelChanges(elder.oldmanId)).toEqual([
      {
        oldLevel: '半护理',
        newLevel: '全护理',
        oldAbility: 2,
        newAbility: 4,
        assessmentId: id,
        effectiveDate: '2026-03-16',
      },
    ]);
    expect(await ok('GET', `${CarePaths.plan}/${planId}`)).toMatchObject({
      nursingLevel: '全护理',
      levelSince: '2026-03-16',
    });
    const [record] = await modifyRecords(elder.oldmanId);
    expect(record).toMatchObject({
      section: '采纳评估建议',
      userName: 'admin',
      changes: [
        { field: 'nursingLevel', label: '护理等级', before: '半护理', after: '全护理' },
        { field: 'selfCareAbility', label: '能力等级', before: '轻度失能', after: '重度失能' },
      ],
    });
    expect(String(record?.note)).toMatch(
      new RegExp(
        `^依据老年人能力评估（2023版）（评估日期2026-03-10，评估编号${id}，评估员王建国，评估等级.*重度.*），自2026-03-16起生效$`,
      ),
    );
    expect(await ok('GET', assessmentPath(P.one, { assessmentId: id }))).toMatchObject({
      adoptDate: '2026-03-16',
      adoptUserName: '王建国',
    });

    // March: 1–15 at 半护理, 16–31 at 全护理, each prorated of 31 days (half up)
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-03', oldmanIds: [elder.oldmanId] });
    const bills = (await ok('GET', `${COST}/payBack/${elder.oldmanId}?billMonth=2026-03`)) as unknown as {
      list: Rec[];
    };
    const march = bills.list.find((b) => b.billMonth === '2026-03') as Rec;
    const detail = await ok('GET', `${COST}/payBack/detail/${march.billId}`);
    const care = (detail.items as Rec[]).filter((i) => String(i.projectName).startsWith('护理费'));
    expect(care.map((i) => [i.projectName, i.days, i.amountFen])).toEqual([
      ['护理费（半护理）', 15, 38710],
      ['护理费（全护理）', 16, 77419],
    ]);
    expect([prorate(80000, 15, 31), prorate(150000, 16, 31)]).toEqual([38710, 77419]);

    // adopted once; a screening, a draft and an older assessment are not adopted
    await refused(
      'PUT',
      P.adopt,
      { assessmentId: id, effectiveDate: '2026-03-20' },
      Code.actionRefused,
      /^该评估的建议已采纳（2026-03-16起生效，采纳人王建国）$/,
    );
    const easy = await submitted(
      elder.oldmanId,
      '2026-03-20',
      answersOf(scaleEasy),
      assessmentPath(P.finalByToken, { token: 'easy' }),
    );
    await refused(
      'PUT',
      P.adopt,
      { assessmentId: easy, effectiveDate: '2026-03-20' },
      Code.actionRefused,
      /^简易评估是筛查/,
    );
    const draft = Number(
      (
        await ok('POST', P.submit2023, {
          oldmanId: elder.oldmanId,
          causeId,
          assessDate: '2026-03-21',
          answers: {},
        })
      ).assessmentId,
    );
    await refused(
      'PUT',
      P.adopt,
      { assessmentId: draft, effectiveDate: '2026-03-21' },
      Code.actionRefused,
      '能力评估当前状态为暂存，不能采纳建议',
    );
    // March is billed now: a newer assessment may take effect from April on only
    const newer = await submitted(elder.oldmanId, '2026-03-25', answersOf(scale2023));
    await refused(
      'PUT',
      P.adopt,
      { assessmentId: newer, effectiveDate: '2026-03-28' },
      Code.conflict,
      `${elder.oldmanName}2026年3月的账单已生成，生效日期不能早于2026-04-01；如需按新等级重算该月，请先作废该月账单`,
    );
    expect((await profile(elder.oldmanId)).nursingLevel).toBe('全护理');
    expect(((await preview(newer)).body.result as Rec).earliestDate).toBe('2026-04-01');
    await ok('PUT', P.adopt, { assessmentId: newer, effectiveDate: '2026-04-01' });
    expect(await profile(elder.oldmanId)).toMatchObject({ nursingLevel: '自理', selfCareAbility: 1 });
    // the plan still keeps no level: it shows the newest
    expect((await ok('GET', `${CarePaths.plan}/${planId}`)).nursingLevel).toBe('自理');
  });

  it('refuses a bad day, before the assessment, before the last change, or after today — writing nothing', async () => {
    onDay('2026-04-10');
    const elder = await freshResident('半护理', 2);
    const id = await submitted(elder.oldmanId, '2026-04-02');
    const day = (effectiveDate: unknown, code: number, message: string) =>
      refused('PUT', P.adopt, { assessmentId: id, effectiveDate }, code, message);
    await day('2026-4-5', Code.invalidInput, '生效日期格式应为YYYY-MM-DD');
    await day('2026-02-30', Code.invalidInput, '生效日期不是有效的日期');
    await day(undefined, Code.invalidInput, '请填写生效日期');
    await day('2026-04-11', Code.invalidInput, '生效日期不能晚于今天（2026-04-10）');
    await day('2026-04-01', Code.invalidInput, '生效日期不能早于评估日期（2026-04-02）');
    // a change on the profile on the 5th: the level's history goes forward only
    onDay('2026-04-05');
    await sql`insert into elderLevelChange (orgId, oldmanId, oldLevel, newLevel, effectiveDate, createTime, createBy)
      values (1, ${elder.oldmanId}, '半护理', '半护理', '2026-04-05', '2026-04-05 09:00:00', 1)`.execute(
      db(),
    );
    onDay('2026-04-10');
    await day('2026-04-04', Code.invalidInput, '生效日期不能早于上次护理等级变更的生效日期（2026-04-05）');
    expect(await profile(elder.oldmanId)).toMatchObject({ nursingLevel: '半护理', selfCareAbility: 2 });
    expect((await ok('GET', assessmentPath(P.one, { assessmentId: id }))).adoptDate).toBeNull();
    expect(await modifyRecords(elder.oldmanId)).toEqual([]);

    // a failure while writing (the 修改记录 refused) takes back the assessment's mark and the profile
    await sql
      .raw(`create trigger if not exists adopt_fails before insert on oldmanModify when 1 = 1
        begin select raise(abort, '修改记录写入失败'); end`)
      .execute(db());
    try {
      const r = await call(h.app, admin, 'PUT', P.adopt, { assessmentId: id, effectiveDate: '2026-04-06' });
      expect(r.body.code).not.toBe(0);
    } finally {
      await sql
        .raw(`drop trigger adopt_fails${dialectOf(db()) === 'postgres' ? ' on oldmanModify' : ''}`)
        .execute(db());
    }
    expect(await profile(elder.oldmanId)).toMatchObject({ nursingLevel: '半护理', selfCareAbility: 2 });
    expect((await ok('GET', assessmentPath(P.one, { assessmentId: id }))).adoptDate).toBeNull();
    expect((await levelChanges(elder.oldmanId)).length).toBe(1);
    await ok('PUT', P.adopt, { assessmentId: id, effectiveDate: '2026-04-06' });
    expect((await profile(elder.oldmanId)).nursingLevel).toBe('全护理');
  });
});

describe('the demo nurse changes the billed level nowhere', () => {
  it('has no 采纳建议 and no level edit on the profile; her other edits go through', async () => {
    onDay('2026-05-06');
    const elder = await freshResident('半护理', 2);
    const id = await submitted(elder.oldmanId, '2026-05-02');
    expect((await preview(id, nurse)).body.code).toBe(Code.noAuthority);
    await refused(
      'PUT',
      P.adopt,
      { assessmentId: id, effectiveDate: '2026-05-06' },
      Code.noAuthority,
      undefined,
      nurse,
    );
    const health = '/pims/web-pi/oldmans/proFile/health';
    await refused(
      'PUT',
      health,
      { oldmanId: elder.oldmanId, nursingLevel: '特级护理' },
      Code.noAuthority,
      LEVEL_CHANGE_REFUSAL,
      nurse,
    );
    await refused(
      'PUT',
      health,
      { oldmanId: elder.oldmanId, selfCareAbility: 5 },
      Code.noAuthority,
      LEVEL_CHANGE_REFUSAL,
      nurse,
    );
    await ok(
      'PUT',
      health,
      { oldmanId: elder.oldmanId, nursingLevel: '半护理', selfCareAbility: 2, allergies: '青霉素' },
      nurse,
    );
    expect(await profile(elder.oldmanId)).toMatchObject({
      nursingLevel: '半护理',
      selfCareAbility: 2,
      allergies: '青霉素',
    });
    expect(await levelChanges(elder.oldmanId)).toEqual([]);
    // the administrator (修改护理等级) may, from today, and the profile's edit is dated as before
    await ok('PUT', health, { oldmanId: elder.oldmanId, nursingLevel: '全护理' });
    expect((await levelChanges(elder.oldmanId)).map((c) => [c.oldLevel, c.newLevel, c.assessmentId])).toEqual(
      [['半护理', '全护理', null]],
    );
  });

  it('an upgraded database gives the new authorities to the administrators, not to the nurse role', async () => {
    const { syncMenus } = await import('../../../server/db/seed.js');
    const codes = ['careplan:assessment:adopt', 'live:archives:level'];
    await db().deleteFrom('roleAuthority').where('code', 'in', codes).execute();
    await db().deleteFrom('menu').where('code', 'in', codes).execute();
    await syncMenus(db());
    const holders = await db()
      .selectFrom('roleAuthority')
      .innerJoin('role', 'role.roleId', 'roleAuthority.roleId')
      .select(['role.name', 'roleAuthority.code'])
      .where('roleAuthority.code', 'in', codes)
      .where('role.orgId', '=', 1)
      .execute();
    expect(holders.map((r) => `${r.name}:${r.code}`).sort()).toEqual([
      '系统管理员:careplan:assessment:adopt',
      '系统管理员:live:archives:level',
    ]);
  });
});

describe('an upgrade merges the care plan’s own level into the elder’s', () => {
  it('keeps the profile’s level, says in 修改记录 what the plan had said, and drops the plan’s column', async () => {
    const elder = await freshResident('半护理', 2);
    const { planId } = await ok('POST', CarePaths.plan, {
      planName: '升级前的计划',
      oldmanId: elder.oldmanId,
      startDate: '2026-03-01',
    });
    // the database as it was before 0018: the plan kept a level of its own, and it disagreed
    await sql.raw('alter table nursingPlan add column levelId integer').execute(db());
    await sql`update nursingPlan set levelId = (select levelId from careLevel where orgId = 1 and levelName = '全护理')
      where planId = ${Number(planId)}`.execute(db());
    // (0018 and the migrations after it run again, in order: each is written to run again)
    await sql`delete from kysely_migration where name >= '0018_one_care_level'`.execute(db());
    await migrateToLatest(db() as never);
    const [record] = await modifyRecords(elder.oldmanId);
    expect(record).toMatchObject({
      section: '护理计划',
      userName: '系统升级',
      changes: [],
      note: '护理计划“升级前的计划”记载的护理等级为全护理，与档案的半护理不一致。护理等级此后只记在长者档案中（计费依据），护理计划显示档案的等级；如需调整，请做能力评估后“采纳建议”。',
    });
    expect((await profile(elder.oldmanId)).nursingLevel).toBe('半护理');
    const plan = await ok('GET', `${CarePaths.plan}/${planId}`);
    expect(plan).toMatchObject({ nursingLevel: '半护理' });
    expect(plan).not.toHaveProperty('levelId');
  });
});
