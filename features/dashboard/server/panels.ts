import { sql } from 'kysely';
import { localDateTimeMs } from '../../../domain/clock.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveStatus } from '../../../domain/resources/residence.js';
import { TaskStatus } from '../../../domain/statuses/care.js';
import { type DashboardPanel, type PanelChart, panelTitle } from '../api.js';
import { statusCounts } from './figures.js';
import { ageSql, daysBefore, inResidence, lastMonths, type Reader, rows, scoped } from './scope.js';

type Chart = Omit<PanelChart, 'panel' | 'title'>;

const AGE_BANDS = ['60岁以下', '60-69岁', '70-79岁', '80-89岁', '90岁及以上'] as const;

/** Counts by month over the last 12 months of a date column of the elders the condition picks. */
async function monthly(r: Reader, column: 'checkInDate' | 'leaveDate', condition: ReturnType<typeof sql>) {
  const months = lastMonths(r.today);
  const from = `${months[0]}-01`;
  const found = await rows(
    r,
    sql<{ month: string; n: number }>`select substr(${sql.ref(`o.${column}`)}, 1, 7) as month, count(*) as n
      from oldman o where ${scoped(r, 'o')} and ${sql.ref(`o.${column}`)} >= ${from} and ${condition}
      group by month`,
  );
  const byMonth = new Map(found.map((f) => [f.month, f.n]));
  return { categories: months, data: months.map((m) => byMonth.get(m) ?? 0) };
}

/**
 * Each panel of index/show/{panel}: one aggregate over the reading scope (docs/decisions.md
 * "Dashboard (issue #17)" says what each counts).
 */
const panels: Record<DashboardPanel, (r: Reader) => Promise<Chart>> = {
  async oldmanNum(r) {
    const list = await rows(
      r,
      sql<{ deptName: string; n: number }>`select d.deptName, count(*) as n from oldman o
        join dept d on d.deptId = o.deptId
        where ${scoped(r, 'o')} and ${inResidence('o')} group by o.deptId, d.deptName order by o.deptId`,
    );
    return {
      kind: 'bar',
      unit: '人',
      categories: list.map((l) => l.deptName),
      series: [{ name: '在住人数', data: list.map((l) => l.n) }],
    };
  },
  async oldmanStatus(r) {
    const counts = new Map((await statusCounts(r)).map((c) => [c.oldmanStatus, c.n]));
    const statuses = Object.values(LiveStatus);
    return {
      kind: 'pie',
      unit: '人',
      categories: statuses.map((s) => dictLabel('liveStatus', s)),
      series: [{ name: '人数', data: statuses.map((s) => counts.get(s) ?? 0) }],
    };
  },
  async oldmanAge(r) {
    const age = ageSql(r, 'o.birthday');
    const list = await rows(
      r,
      sql<{ band: number; n: number }>`select case when ${age} < 60 then 0 when ${age} < 70 then 1
        when ${age} < 80 then 2 when ${age} < 90 then 3 else 4 end as band, count(*) as n
        from oldman o where ${scoped(r, 'o')} and ${inResidence('o')} group by band`,
    );
    const byBand = new Map(list.map((l) => [l.band, l.n]));
    return {
      kind: 'bar',
      unit: '人',
      categories: [...AGE_BANDS],
      series: [{ name: '人数', data: AGE_BANDS.map((_, i) => byBand.get(i) ?? 0) }],
    };
  },
  async oldmanSex(r) {
    const list = await rows(
      r,
      sql<{ sex: number; n: number }>`select o.sex, count(*) as n from oldman o
        where ${scoped(r, 'o')} and ${inResidence('o')} group by o.sex order by o.sex`,
    );
    return {
      kind: 'pie',
      unit: '人',
      categories: list.map((l) => dictLabel('gender', l.sex) || '未知'),
      series: [{ name: '人数', data: list.map((l) => l.n) }],
    };
  },
  async nursingLevel(r) {
    const list = await rows(
      r,
      sql<{ level: string; n: number }>`select o.nursingLevel as level, count(*) as n from oldman o
        left join careLevel l on l.orgId = o.orgId and l.levelName = o.nursingLevel
        where ${scoped(r, 'o')} and ${inResidence('o')}
        group by o.nursingLevel order by min(coalesce(l.sort, 999)), o.nursingLevel`,
    );
    return {
      kind: 'pie',
      unit: '人',
      categories: list.map((l) => l.level || '未评定'),
      series: [{ name: '人数', data: list.map((l) => l.n) }],
    };
  },
  async live(r) {
    const m = await monthly(r, 'checkInDate', sql`1 = 1`);
    return {
      kind: 'line',
      unit: '人',
      categories: m.categories,
      series: [{ name: '入住人数', data: m.data }],
    };
  },
  async quit(r) {
    const m = await monthly(r, 'leaveDate', sql`o.oldmanStatus = ${LiveStatus.quit}`);
    return {
      kind: 'line',
      unit: '人',
      categories: m.categories,
      series: [{ name: '退住人数', data: m.data }],
    };
  },
  async mattress(r) {
    const since = localDateTimeMs(`${daysBefore(r.today, 6)} 00:00:00`);
    const list = await rows(
      r,
      sql<{ name: string; n: number }>`select a.alarmTypeName as name, count(*) as n from alarmRecord a
        where a.orgId = ${r.user.orgId} and a.source = 'mattress' and a.firstTime >= ${since}
        and ${scoped(r, 'a')} group by a.alarmTypeName order by n desc`,
    );
    return {
      kind: 'bar',
      unit: '次',
      categories: list.map((l) => l.name),
      series: [{ name: '报警次数', data: list.map((l) => l.n) }],
    };
  },
  async execution(r) {
    const days = Array.from({ length: 7 }, (_, i) => daysBefore(r.today, 6 - i));
    const list = await rows(
      r,
      sql<{ day: string; status: number; n: number }>`select t.taskDate as day, t.taskStatus as status,
        count(*) as n from nursingTask t where t.orgId = ${r.user.orgId} and t.taskDate >= ${days[0]}
        and t.taskDate <= ${r.today} and ${scoped(r, 't')} group by t.taskDate, t.taskStatus`,
    );
    const of = (status: number) =>
      days.map((d) => list.find((l) => l.day === d && l.status === status)?.n ?? 0);
    return {
      kind: 'bar',
      unit: '项',
      categories: days.map((d) => d.slice(5)),
      series: [
        { name: '已完成', data: of(TaskStatus.done) },
        { name: '待执行', data: of(TaskStatus.pending) },
        { name: '已漏做', data: of(TaskStatus.missed) },
      ],
    };
  },
};

export async function panelChart(r: Reader, panel: DashboardPanel): Promise<PanelChart> {
  return { panel, title: panelTitle[panel], ...(await panels[panel](r)) };
}
