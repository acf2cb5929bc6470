import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDateTimeMs } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import {
  type AlarmStats,
  AlarmStatsAuthority,
  AlarmStatsPaths as P,
  type ShiftReport,
} from '../../../features/iot/api/alarmStats.js';
import { call, grantNurse, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/**
 * 告警响应统计 and the 交班报告 (issue #38 point 9): the figures of a small known set of alarms, exact
 * (medians and 90th percentiles interpolated between ranks, as percentile_cont), on SQLite and, in the
 * PostgreSQL run of server-*.test.ts, on PostgreSQL; the authority, the department scope and refused
 * queries.
 */

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
const db = () => h.app.services.db;
const DAY = '2026-03-10';
/** A wall-clock time of the home on DAY (or another day). */
const at = (hhmmss: string, day = DAY) => localDateTimeMs(`${day} ${hhmmss}`);
const S = 1000;

beforeEach(async () => {
  h = await startTestApp();
  h.clock.now = at('20:00:00');
});
afterEach(async () => {
  await h.close();
});

interface Who {
  userId: number;
  name: string;
}

async function facts() {
  const one = async <T>(q: ReturnType<typeof sql>) => (await q.execute(db())).rows[0] as T;
  const admin = await one<{ userId: number; orgId: number }>(
    sql`select userId, orgId from users where loginName = 'admin'`,
  );
  const nurse = await one<{ userId: number }>(sql`select userId from users where loginName = 'huli01'`);
  const own = await one<{ deptId: number }>(
    sql`select deptId from dept where orgId = ${admin.orgId} and deptName = '护理一部'`,
  );
  const second = await one<{ deptId: number }>(
    sql`select deptId from dept where orgId = ${admin.orgId} and deptName = '护理二部'`,
  );
  const building = await one<{ buildingId: number; buildingName: string }>(
    sql`select b.buildingId, b.buildingName from building b where b.orgId = ${admin.orgId}
      and exists (select 1 from floor f where f.buildingId = b.buildingId and f.floorNo = 2)
      order by b.buildingId limit 1`,
  );
  const floorName = async (no: number) =>
    (
      await one<{ floorName: string }>(
        sql`select floorName from floor where buildingId = ${building.buildingId} and floorNo = ${no}`,
      )
    ).floorName;
  return {
    orgId: admin.orgId,
    admin: { userId: admin.userId, name: '王建国' } as Who,
    nurse: { userId: nurse.userId, name: '李秀英' } as Who,
    own: own.deptId,
    second: second.deptId,
    building,
    floor1: `${building.buildingName} ${await floorName(1)}`,
    floor2: `${building.buildingName} ${await floorName(2)}`,
  };
}
type Facts = Awaited<ReturnType<typeof facts>>;

let seq = 0;
interface Laying {
  first: number;
  type?: 'sos' | '1' | 'communicationOffline';
  floorNo?: number;
  deptId?: number;
  orgId?: number;
  ack?: { after: number; by: Who };
  close?: { after: number; by: Who; status?: 2 | 3 | 4 };
}
/** An alarm as the rules engine and the alarm routes leave it: raised, then maybe acknowledged and closed. */
function alarmRow(f: Facts, a: Laying) {
  seq++;
  const type = a.type ?? 'sos';
  const source = type === 'sos' ? 'pnt' : 'mattress';
  return {
    orgId: a.orgId ?? f.orgId,
    deptId: a.deptId ?? f.own,
    source,
    alarmType: type,
    alarmTypeName: type === 'sos' ? 'SOS报警' : type === '1' ? '离床报警' : '通讯离线',
    severity: type === 'sos' ? 3 : type === '1' ? 2 : 1,
    deviceId: null,
    deviceCode: `S${seq}`,
    deviceName: `统计设备${seq}`,
    oldmanId: null,
    oldmanName: `统计长者${seq}`,
    bedId: null,
    bedName: '1床',
    roomName: `10${seq}`,
    buildingId: f.building.buildingId,
    floorNo: a.floorNo ?? 1,
    lng: null,
    lat: null,
    content: '测试告警',
    status: a.close ? (a.close.status ?? 3) : 0,
    count: 1,
    firstTime: a.first,
    lastTime: a.first,
    ackBy: a.ack?.by.userId ?? null,
    ackName: a.ack?.by.name ?? null,
    ackTime: a.ack ? a.first + a.ack.after : null,
    escalated: 0,
    handlerId: a.close?.by.userId ?? null,
    handlerName: a.close?.by.name ?? null,
    handleTime: a.close ? a.first + a.close.after : null,
    handleNote: a.close ? '已处理' : null,
    ruleId: null,
    version: 1,
  };
}
async function alarm(f: Facts, a: Laying) {
  const row = await db()
    .insertInto('alarmRecord')
    .values(alarmRow(f, a))
    .returning('recordId')
    .executeTakeFirstOrThrow();
  return row.recordId;
}

/**
 * The known set, on DAY (早班 07–15, 中班 15–23, 夜班 23–07 of the demo home):
 *  #1 SOS 1层 08:00, ack 10 s, handled 60 s by 王建国
 *  #2 SOS 1层 09:00, ack 20 s, handled 120 s by 王建国
 *  #3 离床 2层 10:00, ack 30 s, handled 180 s by 李秀英
 *  #4 离床 2层 16:00, ack 40 s, handled 600 s by 李秀英 (中班)
 *  #5 离床 2层 11:00, ack 400 s by 李秀英, still open (answered late)
 *  #6 SOS 1层 19:50, nobody yet (中班; 10 minutes unanswered at 20:00)
 *  outside: the day before; 护理二部 (admin only); another organisation.
 */
async function knownSet(f: Facts) {
  const ids = [
    await alarm(f, {
      first: at('08:00:00'),
      ack: { after: 10 * S, by: f.admin },
      close: { after: 60 * S, by: f.admin },
    }),
    await alarm(f, {
      first: at('09:00:00'),
      ack: { after: 20 * S, by: f.admin },
      close: { after: 120 * S, by: f.admin },
    }),
    await alarm(f, {
      first: at('10:00:00'),
      type: '1',
      floorNo: 2,
      ack: { after: 30 * S, by: f.nurse },
      close: { after: 180 * S, by: f.nurse },
    }),
    await alarm(f, {
      first: at('16:00:00'),
      type: '1',
      floorNo: 2,
      ack: { after: 40 * S, by: f.nurse },
      close: { after: 600 * S, by: f.nurse },
    }),
    await alarm(f, { first: at('11:00:00'), type: '1', floorNo: 2, ack: { after: 400 * S, by: f.nurse } }),
    await alarm(f, { first: at('19:50:00') }),
  ];
  await alarm(f, {
    first: at('12:00:00', '2026-03-09'),
    ack: { after: 5 * S, by: f.admin },
    close: { after: 9 * S, by: f.admin },
  });
  await alarm(f, { first: at('12:00:00'), deptId: f.second, ack: { after: 1000 * S, by: f.admin } });
  const elsewhere = await sql<{
    deptId: number;
    orgId: number;
  }>`select deptId, orgId from dept where orgId != ${f.orgId} order by deptId limit 1`.execute(db());
  const foreign = elsewhere.rows[0];
  if (foreign) await alarm(f, { first: at('12:00:00'), orgId: foreign.orgId, deptId: foreign.deptId });
  return ids;
}

const stats = async (token: string, query: string) => {
  const res = await call(h.app, token, 'GET', `${P.stats}?${query}`);
  return { ...res, stats: res.body.result as AlarmStats };
};

describe('GET alarm/stats (告警响应统计)', () => {
  it('counts, medians and 90th percentiles of the period exactly, in all and by floor, shift, type and handler', async () => {
    const f = await facts();
    await knownSet(f);
    const nurse = (await signInNurse(h.app)).token;
    const { body, stats: s } = await stats(nurse, `fromDate=${DAY}&toDate=${DAY}`);
    expect(body.code).toBe(Code.ok);
    // ack: 10 20 30 40 400 s → median 30 s, p90 = 40 + 0.6 × 360 = 256 s; handle: 60 120 180 600 s →
    // median 150 s, p90 = 180 + 0.7 × 420 = 474 s; #5 (400 s) and #6 (10 min, open) over 5 minutes
    expect(s.total).toEqual({
      count: 6,
      responded: 5,
      ackMedianMs: 30_000,
      ackP90Ms: 256_000,
      closed: 4,
      handleMedianMs: 150_000,
      handleP90Ms: 474_000,
      unanswered: 2,
      open: 2,
    });
    const pick = (rows: AlarmStats['groups']['floor']) =>
      (rows ?? []).map((g) => ({
        label: g.label,
        count: g.count,
        ack: [g.ackMedianMs, g.ackP90Ms],
        handle: [g.handleMedianMs, g.handleP90Ms],
        unanswered: g.unanswered,
        open: g.open,
      }));
    // 1层: #1 #2 #6 — ack 10 20 → median 15, p90 19; 2层: #3 #4 #5 — ack 30 40 400 → 40, 40 + 0.8 × 360 = 328
    expect(pick(s.groups.floor)).toEqual([
      { label: f.floor1, count: 3, ack: [15_000, 19_000], handle: [90_000, 114_000], unanswered: 1, open: 1 },
      {
        label: f.floor2,
        count: 3,
        ack: [40_000, 328_000],
        handle: [390_000, 558_000],
        unanswered: 1,
        open: 1,
      },
    ]);
    // 早班 #1 #2 #3 #5 — ack 10 20 30 400 → 25, 30 + 0.7 × 370 = 289; handle 60 120 180 → 120, 168
    expect(pick(s.groups.shift)).toEqual([
      { label: '早班', count: 4, ack: [25_000, 289_000], handle: [120_000, 168_000], unanswered: 1, open: 1 },
      { label: '中班', count: 2, ack: [40_000, 40_000], handle: [600_000, 600_000], unanswered: 1, open: 1 },
    ]);
    expect(pick(s.groups.type)).toEqual([
      {
        label: 'SOS报警',
        count: 3,
        ack: [15_000, 19_000],
        handle: [90_000, 114_000],
        unanswered: 1,
        open: 1,
      },
      {
        label: '离床报警',
        count: 3,
        ack: [40_000, 328_000],
        handle: [390_000, 558_000],
        unanswered: 1,
        open: 1,
      },
    ]);
    // the handler is who closed it, else who acknowledged it; nobody: 未响应, last
    expect(pick(s.groups.handler)).toEqual([
      {
        label: '李秀英',
        count: 3,
        ack: [40_000, 328_000],
        handle: [390_000, 558_000],
        unanswered: 1,
        open: 1,
      },
      { label: '王建国', count: 2, ack: [15_000, 19_000], handle: [90_000, 114_000], unanswered: 0, open: 0 },
      { label: '未响应', count: 1, ack: [null, null], handle: [null, null], unanswered: 1, open: 1 },
    ]);
    expect(s.currentShift).toMatchObject({ day: DAY, shift: 2, name: '中班' });
    expect(s.shifts.map((x) => `${x.name} ${x.start}-${x.end}`)).toEqual([
      '早班 07:00-15:00',
      '中班 15:00-23:00',
      '夜班 23:00-07:00',
    ]);
  });

  it('reads the departments the user reads: the administrator sees 护理二部 too; one dimension when asked', async () => {
    const f = await facts();
    await knownSet(f);
    const admin = (await signInAdmin(h.app)).token;
    const { stats: s } = await stats(admin, `fromDate=2026-03-09&toDate=${DAY}&dimension=handler`);
    // the six, the day before's and 护理二部's; never the other organisation's
    expect(s.total.count).toBe(8);
    expect(s.total.responded).toBe(7);
    expect(Object.keys(s.groups)).toEqual(['handler']);
    expect(s.groups.handler?.find((g) => g.label === '王建国')?.count).toBe(4);
  });

  it('puts a night alarm after midnight in the 夜班 and one outside every shift apart', async () => {
    const f = await facts();
    await alarm(f, { first: at('23:30:00', '2026-03-09'), ack: { after: 5 * S, by: f.admin } });
    await alarm(f, { first: at('02:00:00'), ack: { after: 7 * S, by: f.admin } });
    await alarm(f, { first: at('06:59:59'), ack: { after: 9 * S, by: f.admin } });
    await alarm(f, { first: at('07:00:00'), ack: { after: 11 * S, by: f.admin } });
    const nurse = (await signInNurse(h.app)).token;
    const { stats: s } = await stats(nurse, `fromDate=2026-03-09&toDate=${DAY}&dimension=shift`);
    expect(s.groups.shift?.map((g) => [g.label, g.count, g.ackMedianMs])).toEqual([
      ['早班', 1, 11_000],
      ['夜班', 3, 7_000],
    ]);
  });

  it('agrees with percentile_cont worked out by hand on 400 random alarms, ties included, in every group', async () => {
    const f = await facts();
    let seed = 9;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    type Laid = {
      floor: number;
      shift: string;
      type: string;
      who: string;
      ack: number | null;
      handle: number | null;
    };
    const laid: Laid[] = [];
    const rows: ReturnType<typeof alarmRow>[] = [];
    const hours = ['08', '16', '02'] as const;
    for (let i = 0; i < 400; i++) {
      const floorNo = 1 + Math.floor(rnd() * 2);
      const type = rnd() < 0.5 ? 'sos' : '1';
      const hour = hours[Math.floor(rnd() * 3)] ?? '08';
      const first = at(`${hour}:${String(Math.floor(rnd() * 60)).padStart(2, '0')}:00`);
      // whole seconds out of a few dozen: many ties
      const ackAfter = rnd() < 0.1 ? null : Math.floor(rnd() * 40) * 10 * S;
      const closed = ackAfter !== null && rnd() < 0.7;
      const handleAfter = closed ? (ackAfter ?? 0) + Math.floor(rnd() * 30) * 20 * S : null;
      const by = rnd() < 0.5 ? f.admin : f.nurse;
      rows.push(
        alarmRow(f, {
          first,
          type,
          floorNo,
          ...(ackAfter === null ? {} : { ack: { after: ackAfter, by } }),
          ...(handleAfter === null ? {} : { close: { after: handleAfter, by } }),
        }),
      );
      laid.push({
        floor: floorNo,
        shift: hour === '08' ? '早班' : hour === '16' ? '中班' : '夜班',
        type: type === 'sos' ? 'SOS报警' : '离床报警',
        who: ackAfter === null ? '未响应' : by.name,
        ack: ackAfter,
        handle: handleAfter,
      });
    }
    await db().insertInto('alarmRecord').values(rows).execute();
    /** percentile_cont(p) of the values, as PostgreSQL and Excel's PERCENTILE.INC have it. */
    const cont = (values: number[], p: number) => {
      if (!values.length) return null;
      const sorted = [...values].sort((x, y) => x - y);
      const h = (sorted.length - 1) * p;
      const lo = Math.floor(h);
      const low = sorted[lo] as number;
      return Math.round(low + (h - lo) * ((sorted[Math.min(lo + 1, sorted.length - 1)] as number) - low));
    };
    const expected = (rows: Laid[]) => {
      const acks = rows.flatMap((r) => (r.ack === null ? [] : [r.ack]));
      const handles = rows.flatMap((r) => (r.handle === null ? [] : [r.handle]));
      return [rows.length, cont(acks, 0.5), cont(acks, 0.9), cont(handles, 0.5), cont(handles, 0.9)];
    };
    // read at the day's end: every acknowledgement and closing laid has happened by then
    h.clock.now = at('23:59:00');
    const admin = (await signInAdmin(h.app)).token;
    const { stats: s } = await stats(admin, `fromDate=${DAY}&toDate=${DAY}`);
    const got = (g: {
      count: number;
      ackMedianMs: number | null;
      ackP90Ms: number | null;
      handleMedianMs: number | null;
      handleP90Ms: number | null;
    }) => [g.count, g.ackMedianMs, g.ackP90Ms, g.handleMedianMs, g.handleP90Ms];
    expect(got(s.total)).toEqual(expected(laid));
    const by = (label: (r: Laid) => string, groups: AlarmStats['groups']['floor']) => {
      for (const g of groups ?? [])
        expect([g.label, ...got(g)]).toEqual([
          g.label,
          ...expected(laid.filter((r) => label(r) === g.label)),
        ]);
      expect((groups ?? []).reduce((n, g) => n + g.count, 0)).toBe(laid.length);
    };
    by((r) => (r.floor === 1 ? f.floor1 : f.floor2), s.groups.floor);
    by((r) => r.shift, s.groups.shift);
    by((r) => r.type, s.groups.type);
    by((r) => r.who, s.groups.handler);
  });

  it('answers an empty period with zero counts and no times', async () => {
    const nurse = (await signInNurse(h.app)).token;
    const { body, stats: s } = await stats(nurse, 'fromDate=2025-01-01&toDate=2025-01-31');
    expect(body.code).toBe(Code.ok);
    expect(s.total).toMatchObject({ count: 0, ackMedianMs: null, handleP90Ms: null, unanswered: 0 });
    expect(s.groups.floor).toEqual([]);
  });

  it('refuses a user without the authority, and bad periods with 10001 and the reason in Chinese', async () => {
    const stripped = await grantNurse(h.app, AlarmStatsAuthority.view, []);
    const refused = await call(h.app, stripped, 'GET', `${P.stats}?fromDate=${DAY}&toDate=${DAY}`);
    expect(refused.body.code).toBe(Code.noAuthority);
    expect(refused.body.result).toBeNull();
    for (const url of [P.export, P.shiftReport, P.shiftReportPrint])
      expect(
        (await call(h.app, stripped, 'GET', `${url}?fromDate=${DAY}&toDate=${DAY}&export=csv`)).body.code,
      ).toBe(Code.noAuthority);

    const nurse = (await signInAdmin(h.app)).token;
    const bad = async (query: string) => {
      const res = await call(h.app, nurse, 'GET', `${P.stats}?${query}`);
      expect(res.body.code).toBe(Code.invalidInput);
      return res.body.msg;
    };
    expect(await bad(`toDate=${DAY}`)).toBe('请选择开始日期');
    expect(await bad(`fromDate=2026/03/01&toDate=${DAY}`)).toBe('开始日期格式应为YYYY-MM-DD');
    expect(await bad(`fromDate=2026-02-30&toDate=${DAY}`)).toBe('开始日期不存在');
    expect(await bad(`fromDate=${DAY}&toDate=2026-03-01`)).toBe('结束日期不能早于开始日期');
    expect(await bad('fromDate=2024-01-01&toDate=2026-03-01')).toBe('统计期间不能超过366天');
    expect(await bad(`fromDate=${DAY}&toDate=${DAY}&dimension=room`)).toBe(
      '统计维度无效，应为 floor（楼层）、shift（班次）、type（告警类型）、handler（处理人）之一',
    );
    const report = await call(h.app, nurse, 'GET', `${P.shiftReport}?handoverDate=${DAY}`);
    expect(report.body).toMatchObject({ code: Code.invalidInput, msg: '请同时选择交班日期和班次' });
    const shift4 = await call(h.app, nurse, 'GET', `${P.shiftReport}?handoverDate=${DAY}&fromShift=4`);
    expect(shift4.body).toMatchObject({
      code: Code.invalidInput,
      msg: '班次无效，应为 1 早班、2 中班、3 夜班',
    });
  });

  it('exports the table: the period in all, then each dimension, the times in words', async () => {
    const f = await facts();
    await knownSet(f);
    const nurse = (await signInNurse(h.app)).token;
    const res = await h.app.inject({
      method: 'GET',
      url: `${P.export}?fromDate=${DAY}&toDate=${DAY}&export=csv`,
      headers: { authorization: nurse },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('10');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '统计维度,分组,告警数,已响应,响应时间中位数,响应时间P90,已关闭,处理时长中位数,处理时长P90,超5分钟未响应,仍未处理',
    );
    expect(lines[1]).toBe(`全部,${DAY} 至 ${DAY},6,5,30秒,4分16秒,4,2分30秒,7分54秒,2,2`);
    expect(lines).toContain('处理人,未响应,1,0,—,—,0,—,—,1,1');
  });
});

describe('GET alarm/shiftReport (交班报告)', () => {
  it('reports the shift: raised, closed, still open (handed over), the slowest, device faults', async () => {
    const f = await facts();
    const ids = await knownSet(f);
    // a mattress going offline in the 中班, released after two minutes
    const fault = await alarm(f, {
      first: at('17:00:00'),
      type: 'communicationOffline',
      floorNo: 2,
      close: { after: 120 * S, by: f.nurse, status: 4 },
    });
    const nurse = (await signInNurse(h.app)).token;
    // the shift now (中班, 15:00–23:00, reported up to 20:00)
    const res = await call(h.app, nurse, 'GET', P.shiftReport);
    expect(res.body.code).toBe(Code.ok);
    const r = res.body.result as ShiftReport;
    expect(r.shift).toMatchObject({
      day: DAY,
      shift: 2,
      name: '中班',
      from: `${DAY} 15:00:00`,
      to: `${DAY} 23:00:00`,
    });
    expect(r.until).toBe(`${DAY} 20:00:00`);
    // #4, #6 and the fault raised; #4 handled, the fault released; #5 (早班, acknowledged) and #6 open
    expect(r.raised).toBe(3);
    expect(r.closed).toEqual({ handled: 1, ignored: 0, released: 1 });
    expect(r.stillOpen).toBe(2);
    expect(r.openAlarms.map((l) => [l.recordId, l.statusName])).toEqual([
      [ids[5], '未确认'],
      [ids[4], '已确认'],
    ]);
    expect(r.slowest.map((l) => [l.recordId, l.responseMs, l.waitedMs])).toEqual([
      [ids[5], null, 600_000],
      [fault, 120_000, 120_000],
      [ids[3], 40_000, 40_000],
    ]);
    expect(r.deviceFaults.map((l) => [l.recordId, l.alarmTypeName, l.statusName])).toEqual([
      [fault, '通讯离线', '已解除'],
    ]);
    expect(r.figures).toMatchObject({ count: 3, responded: 2, unanswered: 1, open: 1 });
    expect(r.byType.map((t) => `${t.label}${t.count}`).sort()).toEqual([
      'SOS报警1',
      '离床报警1',
      '通讯离线1',
    ]);

    // the 早班, ended: reported to its end; #5 (acknowledged, not closed) is what it handed over
    const early = (await call(h.app, nurse, 'GET', `${P.shiftReport}?handoverDate=${DAY}&fromShift=1`)).body
      .result as ShiftReport;
    expect(early.until).toBe(`${DAY} 15:00:00`);
    expect(early.raised).toBe(4);
    expect(early.closed).toEqual({ handled: 3, ignored: 0, released: 0 });
    expect(early.openAlarms.map((l) => l.recordId)).toEqual([ids[4]]);
  });

  it('prints the report as a page with its figures and lists', async () => {
    const f = await facts();
    await knownSet(f);
    const nurse = (await signInNurse(h.app)).token;
    const res = await h.app.inject({
      method: 'GET',
      url: `${P.shiftReportPrint}?handoverDate=${DAY}&fromShift=2`,
      headers: { authorization: nurse },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>交班报告 2026-03-10 中班</title>');
    expect(html).toContain('仍未处理（交下一班）</th><td>2 条');
    expect(html).toContain('超5分钟未响应</th><td>1 条');
    expect(html).toContain('未响应（已等10分00秒）');
    expect(html).toContain('护理一部');
    expect(html).toContain('交班人（签字）');
  });
});
