import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { Code } from '../../../domain/codes.js';
import { BedStatus, LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import {
  DASHBOARD_PANELS,
  type IndexCount,
  indexCount,
  DashboardPaths as P,
  type PanelChart,
  panelChart,
  type ShowSet,
} from '../../../features/dashboard/api.js';
import { DashboardPulse } from '../../../server/push/dashboardPulse.js';
import {
  call,
  grantNurse,
  signInAdmin,
  signInNurse,
  signInOtherOrg,
  startTestApp,
} from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
let admin: string;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
async function get<T>(url: string, token = admin): Promise<T> {
  const res = await call(h.app, token, 'GET', url);
  expect(res.body, url).toMatchObject({ code: 0 });
  return res.body.result as T;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const deptOf = async (name: string) =>
  (
    await db()
      .selectFrom('dept')
      .select('deptId')
      .where('deptName', '=', name)
      .where('orgId', '=', 1)
      .executeTakeFirstOrThrow()
  ).deptId;
const residents = async (deptId?: number) => {
  let q = db()
    .selectFrom('oldman')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orgId', '=', 1)
    .where('oldmanStatus', 'in', [LiveStatus.living, LiveStatus.trial]);
  if (deptId !== undefined) q = q.where('deptId', '=', deptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

/** Checks a waiting elder into a free bed of 护理一部 (the residence workflow's own call). */
async function checkIn() {
  const dept = await deptOf('护理一部');
  const bed = await db()
    .selectFrom('bed')
    .select('bedId')
    .where('orgId', '=', 1)
    .where('deptId', '=', dept)
    .where('bedStatus', '=', BedStatus.free)
    .where('useStatus', '=', 1)
    .executeTakeFirstOrThrow();
  const waiting = await db()
    .selectFrom('oldman')
    .select('oldmanId')
    .where('orgId', '=', 1)
    .where('oldmanStatus', '=', LiveStatus.waiting)
    .executeTakeFirstOrThrow();
  const url = residencePath(ResidencePaths.status, {
    oldmanId: waiting.oldmanId,
    oldmanStatusNew: LiveStatus.living,
  });
  const res = await call(h.app, admin, 'PUT', url, { bedId: bed.bedId });
  expect(res.body.code).toBe(0);
}

describe('dashboard figures (spec 001 §7 "Dashboard")', () => {
  it('index/count adds up residents, beds, outings, alarms and today’s tasks, and moves with a check-in', async () => {
    const before = indexCount.parse(await get<IndexCount>(P.count));
    expect(before.inResidence).toBe(await residents());
    // the tile says how many of them are in 试住, as the 入住状态 panel shows them apart
    const trial = await db()
      .selectFrom('oldman')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orgId', '=', 1)
      .where('oldmanStatus', '=', LiveStatus.trial)
      .executeTakeFirstOrThrow();
    expect(before.trial).toBe(Number(trial.n));
    expect(before.trial).toBeGreaterThan(0);
    expect(before.totalBeds).toBeGreaterThan(before.freeBeds);
    expect(before.occupancyRate).toBeGreaterThan(0);
    expect(before.todayTasks).toBeGreaterThanOrEqual(before.todayTasksDone);
    const pushed = vi.spyOn(h.app.services.hub, 'dashboard');
    await checkIn();
    expect(pushed).toHaveBeenCalledWith(1, await deptOf('护理一部'), 'residence');
    const after = await get<IndexCount>(P.count);
    expect(after.inResidence).toBe(before.inResidence + 1);
    expect(after.trial).toBe(before.trial);
    expect(after.freeBeds).toBe(before.freeBeds - 1);
  });

  it('counts follow the data department: 全部部门 for the administrator, 护理一部 alone for the nurse', async () => {
    const nurse = (await signInNurse(h.app)).token;
    const mine = await get<IndexCount>(P.count, nurse);
    expect(mine.inResidence).toBe(await residents(await deptOf('护理一部')));
    expect(mine.inResidence).toBeLessThan((await get<IndexCount>(P.count)).inResidence);
    const byDept = await get<PanelChart>(pathWith(P.show, { panel: 'oldmanNum' }), nurse);
    expect(byDept.categories).toEqual(['护理一部']);
    const other = await get<IndexCount>(P.count, (await signInOtherOrg(h.app)).token);
    expect(other.inResidence).toBe(
      Number(
        (
          await db()
            .selectFrom('oldman')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('orgId', '=', 2)
            .where('oldmanStatus', 'in', [1, 4])
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('waitHandleCount, getAverage, live/counts and oldmancount agree with each other', async () => {
    const wait = await get<Record<string, number>>(P.waitHandleCount);
    expect(Object.keys(wait).sort()).toEqual([
      'alarms',
      'outingAudits',
      'pendingTasks',
      'unpaidBills',
      'waitingCheckIn',
    ]);
    const avg = await get<{ averageAge: number; averageStayDays: number }>(P.average);
    expect(avg.averageAge).toBeGreaterThan(55);
    expect(avg.averageAge).toBeLessThan(110);
    expect(avg.averageStayDays).toBeGreaterThan(0);
    const counts = await get<{ oldmanStatus: number; statusName: string; count: number }[]>(P.liveCounts);
    expect(counts.map((c) => c.statusName)).toContain('在住');
    const all = await get<{ total: number; inResidence: number; male: number; female: number }>(
      P.oldmanCount,
    );
    expect(all.total).toBe(sum(counts.map((c) => c.count)));
    expect(all.male + all.female).toBe(all.inResidence);
    const living = counts.filter(
      (c) => c.oldmanStatus === LiveStatus.living || c.oldmanStatus === LiveStatus.trial,
    );
    expect(sum(living.map((c) => c.count))).toBe(all.inResidence);
    expect(wait.waitingCheckIn).toBe(
      sum(counts.filter((c) => c.oldmanStatus === 3 || c.oldmanStatus === 5).map((c) => c.count)),
    );
  });

  it('birth calendar lists this month’s birthdays of the own organisation only', async () => {
    const me = await db()
      .selectFrom('users')
      .select('orgId')
      .where('loginName', '=', 'admin')
      .executeTakeFirstOrThrow();
    const month = new Date(h.clock.now).toISOString().slice(5, 7);
    const list = await get<{ birthday: string; day: number }[]>(
      pathWith(P.birthCalendar, { orgId: me.orgId }),
    );
    expect(list.every((e) => e.birthday.slice(5, 7) === month)).toBe(true);
    expect(list.map((e) => e.day)).toEqual([...list.map((e) => e.day)].sort((a, b) => a - b));
    const other = await call(h.app, admin, 'GET', pathWith(P.birthCalendar, { orgId: 2 }));
    expect(other.body.code).toBe(Code.noAuthority);
    const bad = await call(h.app, admin, 'GET', pathWith(P.birthCalendar, { orgId: 'x' }));
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '编号无效' });
  });

  it('beds, rooms and the easy part add up to the same beds', async () => {
    const beds = await get<{
      total: number;
      free: number;
      occupied: number;
      reserved: number;
      maintenance: number;
    }>(P.bedStatistics);
    expect(beds.free + beds.occupied + beds.reserved + beds.maintenance).toBe(beds.total);
    const rooms = await get<{ total: number; empty: number; partial: number; full: number }>(
      P.roomStatistics,
    );
    expect(rooms.empty + rooms.partial + rooms.full).toBe(rooms.total);
    expect(rooms.empty).toBeGreaterThan(0); // 3号楼, the new wing, is empty
    const buildings = await get<{ buildingId: number; totalBeds: number; occupiedBeds: number }[]>(
      P.easyPartBuildings,
    );
    expect(sum(buildings.map((b) => b.totalBeds))).toBe(beds.total);
    const floors = await get<{ buildingId: number; totalBeds: number }[]>(P.easyPart);
    expect(sum(floors.map((f) => f.totalBeds))).toBe(beds.total);
    const first = buildings[0];
    if (!first) throw new Error('no building');
    const ofOne = await get<{ buildingId: number; totalBeds: number }[]>(
      `${P.easyPart}?buildingId=${first.buildingId}`,
    );
    expect(ofOne.every((f) => f.buildingId === first.buildingId)).toBe(true);
    expect(sum(ofOne.map((f) => f.totalBeds))).toBe(first.totalBeds);
    const bad = await call(h.app, admin, 'GET', `${P.easyPart}?buildingId=-3`);
    expect(bad.body).toMatchObject({ code: Code.invalidInput, msg: '楼栋编号无效' });
  });

  it('beds/{id}/bedRoom names where a bed is; another department’s bed is refused, an unknown one is missing', async () => {
    const dept2 = await deptOf('护理二部');
    const bed = await db()
      .selectFrom('bed')
      .select('bedId')
      .where('deptId', '=', dept2)
      .executeTakeFirstOrThrow();
    const where = await get<{ bedId: number; path: string; roomName: string }>(
      pathWith(P.bedRoom, { id: bed.bedId }),
    );
    expect(where.bedId).toBe(bed.bedId);
    expect(where.path).toMatch(/号楼.+层.+-.+/);
    const nurse = (await signInNurse(h.app)).token;
    const refused = await call(h.app, nurse, 'GET', pathWith(P.bedRoom, { id: bed.bedId }));
    expect(refused.body.code).toBe(Code.deptNotAllowed);
    const missing = await call(h.app, admin, 'GET', pathWith(P.bedRoom, { id: 999999 }));
    expect(missing.body).toMatchObject({ code: Code.notFound, msg: '床位不存在' });
    const otherOrg = await call(
      h.app,
      (await signInOtherOrg(h.app)).token,
      'GET',
      pathWith(P.bedRoom, { id: bed.bedId }),
    );
    expect(otherOrg.body.code).toBe(Code.notFound);
  });

  it('systemConfig names the organisation and the dashboard', async () => {
    const config = await get<{ orgName: string; title: string; refreshSeconds: number }>(P.systemConfig);
    expect(config).toMatchObject({ orgName: '阳光颐养院', title: '智慧养老数据看板' });
    expect(config.refreshSeconds).toBeGreaterThan(0);
  });

  it('every one of the nine panels answers a chart whose series fit its categories; an unknown one is refused', async () => {
    for (const panel of DASHBOARD_PANELS) {
      // kept answers are sent as text: the declared shape is checked here
      const chart = panelChart.parse(await get<PanelChart>(pathWith(P.show, { panel })));
      expect(chart.panel).toBe(panel);
      expect(chart.title).not.toBe('');
      for (const s of chart.series) expect(s.data.length, panel).toBe(chart.categories.length);
    }
    const status = await get<PanelChart>(pathWith(P.show, { panel: 'oldmanStatus' }));
    const counts = await get<{ count: number }[]>(P.liveCounts);
    expect(sum(status.series[0]?.data ?? [])).toBe(sum(counts.map((c) => c.count)));
    const age = await get<PanelChart>(pathWith(P.show, { panel: 'oldmanAge' }));
    expect(sum(age.series[0]?.data ?? [])).toBe(await residents());
    const level = await get<PanelChart>(pathWith(P.show, { panel: 'nursingLevel' }));
    expect(sum(level.series[0]?.data ?? [])).toBe(await residents());
    const live = await get<PanelChart>(pathWith(P.show, { panel: 'live' }));
    expect(live.categories).toHaveLength(12);
    const execution = await get<PanelChart>(pathWith(P.show, { panel: 'execution' }));
    expect(execution.categories).toHaveLength(7);
    const unknown = await call(h.app, admin, 'GET', pathWith(P.show, { panel: 'nope' }));
    expect(unknown.body).toMatchObject({ code: Code.invalidInput, msg: '看板图表不存在' });
  });

  it('refuses every call without the dashboard authority, and without a token', async () => {
    const nurse = await grantNurse(h.app, 'home:', []);
    for (const url of [P.count, pathWith(P.show, { panel: 'oldmanSex' }), P.bedStatistics, P.showSet])
      expect((await call(h.app, nurse, 'GET', url)).body.code, url).toBe(Code.noAuthority);
    expect((await call(h.app, null, 'GET', P.count)).body.code).toBe(4011);
  });
});

describe('show/set: each user’s panels and their order', () => {
  it('starts with all nine in the default order, saves another order per user, and refuses a bad one', async () => {
    const initial = await get<ShowSet>(P.showSet);
    expect(initial.panels.map((p) => p.panel)).toEqual([...DASHBOARD_PANELS]);
    const mine: ShowSet = {
      panels: [...DASHBOARD_PANELS].reverse().map((panel) => ({ panel, show: panel !== 'quit' })),
    };
    const saved = await call(h.app, admin, 'PUT', P.showSet, mine);
    expect(saved.body.code).toBe(0);
    expect(await get<ShowSet>(P.showSet)).toEqual(mine);
    // the nurse keeps her own
    const nurse = (await signInNurse(h.app)).token;
    expect((await get<ShowSet>(P.showSet, nurse)).panels.map((p) => p.panel)).toEqual([...DASHBOARD_PANELS]);

    const twice = await call(h.app, admin, 'PUT', P.showSet, {
      panels: DASHBOARD_PANELS.map(() => ({ panel: 'live', show: true })),
    });
    expect(twice.body).toMatchObject({ code: Code.invalidInput, msg: '图表不能重复' });
    const short = await call(h.app, admin, 'PUT', P.showSet, { panels: [{ panel: 'live', show: true }] });
    expect(short.body).toMatchObject({ code: Code.invalidInput, msg: '请给出全部9个图表的设置' });
    expect(await get<ShowSet>(P.showSet)).toEqual(mine); // nothing half-written

    const viewer = await grantNurse(h.app, 'home:', ['home:moreEcharts']);
    expect((await call(h.app, viewer, 'PUT', P.showSet, mine)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, viewer, 'GET', P.showSet)).body.code).toBe(0);
  });
});

describe('dashboard pushes (DashboardPulse)', () => {
  it('sends the first change at once and what follows within a second together, once', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const sent: { orgId: number; depts: number[]; kinds: string[] }[] = [];
      const pulse = new DashboardPulse(
        (orgId, depts, message) =>
          sent.push({
            orgId,
            depts: [...depts],
            kinds: message.type === 'dashboard.changed' ? message.data.kinds : [],
          }),
        () => now,
      );
      pulse.touch(1, 2, 'residence');
      vi.advanceTimersByTime(0);
      expect(sent).toEqual([{ orgId: 1, depts: [2], kinds: ['residence'] }]);
      now = 100;
      pulse.touch(1, 3, 'alarm');
      pulse.touch(1, 2, 'task');
      pulse.touch(1, 2, 'alarm');
      vi.advanceTimersByTime(800);
      expect(sent).toHaveLength(1);
      now = 1000;
      vi.advanceTimersByTime(100);
      expect(sent[1]).toEqual({ orgId: 1, depts: [3, 2], kinds: ['alarm', 'task'] });
      pulse.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
