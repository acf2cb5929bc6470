import { type RawBuilder, sql } from 'kysely';
import {
  type AlarmSource,
  AlarmStatus,
  type AlarmStatusValue,
  alarmSources,
  alarmTypeName,
  placeText,
} from '../../../domain/alarms.js';
import { localDateTime, localDateTimeMs } from '../../../domain/clock.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { Authority } from '../../../domain/menus.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { alarmStateName } from '../../../machines/alarmMachine.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import { type Db, dialectOf } from '../../../server/db/index.js';
import { heldDeptIds, inReadDepts, readDeptIds } from '../../../server/http/deptScope.js';
import { sendPrintPage, signatureLines } from '../../../server/http/printPage.js';
import { type AnyRoute, route, SENT } from '../../../server/http/route.js';
import { printPage, tableFile } from '../../../server/http/schemas.js';
import { periodName, sendTable } from '../../../server/resources/export.js';
import {
  DEFAULT_SHIFT_TIMES,
  shiftAt,
  shiftTimes,
  shiftWindow,
} from '../../administration/server/qualityHandover.js';
import {
  AlarmStatsAuthority as A,
  type AlarmStats,
  alarmStatsAnswer,
  alarmStatsExportQuery,
  alarmStatsQuery,
  DEVICE_FAULT_TYPES,
  durationText,
  AlarmStatsPaths as P,
  type ReportLine,
  type ResponseFigures,
  type ShiftOnDay,
  type ShiftReport,
  type StatsDimension,
  type StatsGroup,
  shiftReportAnswer,
  shiftReportQuery,
  statsDimensionName,
  statsDimensions,
  UNANSWERED_AFTER_MINUTES,
} from '../api/alarmStats.js';

/**
 * 告警响应统计 and the 交班报告 (issue #38 point 9). Every figure is computed in the database, on SQLite
 * and PostgreSQL alike: counts by aggregate, the median and the 90th percentile by the percentile_cont
 * aggregate (SQLite's built-in percentile_cont(Y, P), PostgreSQL's ordered-set
 * percentile_cont(P) WITHIN GROUP (ORDER BY Y): both interpolate between the two values around the rank).
 */

const UNANSWERED_MS = UNANSWERED_AFTER_MINUTES * 60_000;
const SHIFTS = [1, 2, 3] as const;
type ShiftTimes = typeof DEFAULT_SHIFT_TIMES;

/** Which sources' alarms a user reads: the same authority codes as the alarm lists. */
const readSources = (user: SessionUser): AlarmSource[] =>
  alarmSources.filter((s) =>
    user.authority.has(s === 'mattress' ? Authority.iotAlarm : Authority.iotLocateAlarm),
  );

/** The alarms a statistics or report reads: the organisation, the reading departments and sources. */
function scopeOf(user: SessionUser) {
  const sources = readSources(user);
  return sql`a.orgId = ${user.orgId} and ${inReadDepts('a.deptId', user)}
    and a.source in (${sql.join((sources.length ? sources : ['-']).map((s) => sql.lit(s)))})`;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The shift code (1 早班, 2 中班, 3 夜班; 0 in none) of an alarm's first time, from its minute of the
 * home's day: epoch milliseconds moved by the zone's offset (`offsetMs`), in whole minutes, modulo a day.
 */
function shiftCase(times: ShiftTimes, offsetMs: number): RawBuilder<number> {
  const minute = sql`((a.firstTime + ${sql.lit(offsetMs)}) / 60000 % 1440)`;
  const whens = SHIFTS.map((code) => {
    const t = times[code] ?? DEFAULT_SHIFT_TIMES[code];
    if (!t) return sql``;
    const s = sql.lit(minutesOf(t.start));
    const e = sql.lit(minutesOf(t.end));
    const inside =
      minutesOf(t.end) > minutesOf(t.start)
        ? sql`${minute} >= ${s} and ${minute} < ${e}`
        : sql`(${minute} >= ${s} or ${minute} < ${e})`;
    return sql`when ${inside} then ${sql.lit(code)}`;
  });
  return sql<number>`case ${sql.join(whens, sql` `)} else 0 end`;
}

/** The groupings of one statistics call: 'all' (one group) and the dimensions asked. */
type Dim = 'all' | StatsDimension;

/** A group's key as two whole numbers and a text, so every dimension fits one column set. */
interface GroupKey {
  k1: number;
  k2: number;
  kt: string;
}

/**
 * Each dimension's group key in SQL (over `base`), as (k1, k2, kt): a floor is (building, floor number; 0
 * unknown), a shift its code, a type its source and type, a handler the user who closed the alarm, else who
 * acknowledged it (0: nobody yet). Whole numbers sort faster than texts.
 */
const KEY: Record<Dim, [string, string, string]> = {
  all: ['0', '0', "''"],
  floor: ['coalesce(buildingId, 0)', 'coalesce(floorNo, 0)', "''"],
  shift: ['shiftKey', '0', "''"],
  type: ['0', '0', 'typeKey'],
  handler: ['handlerKey', '0', "''"],
};
/** The varying parts of a dimension's key (a constant in GROUP BY would read as a column number). */
const keyColumns = (d: Dim) => sql.raw(KEY[d].filter((c) => c !== '0' && c !== "''").join(', '));
const keySelect = (d: Dim) => sql.raw(KEY[d].map((c, i) => `${c} as ${['k1', 'k2', 'kt'][i]}`).join(', '));

interface FigureRow {
  dim: Dim;
  k: string;
  name: string | null;
  n: number;
  responded: number;
  closed: number;
  late: number;
  open: number;
  ackMedian: number | null;
  ackP90: number | null;
  handleMedian: number | null;
  handleP90: number | null;
}

/**
 * Figures of the alarms raised in [fromMs, toMs), in all and grouped by each of `dims`, as of `asOfMs`:
 * an acknowledgement or a closing after it has not happened yet.
 *
 * One statement: the period's alarms are read once (a materialised CTE with their keys and times), then
 * each grouping counts its groups and takes their percentiles. One statement reads one snapshot, so the
 * counts and the percentiles agree while others keep answering alarms. (Before, SQLite was taken to have
 * no percentile_cont and each percentile's ranks were found by row_number windows, one sort per grouping
 * and time: 1.2–1.3 s at a month of 100,000 alarms; this statement takes about half a second.)
 */
async function figureRows(
  outer: Db,
  user: SessionUser,
  window: { fromMs: number; toMs: number; asOfMs: number },
  dims: readonly StatsDimension[],
  times: ShiftTimes,
): Promise<FigureRow[]> {
  // (the dialect of the outer handle: a transaction's handle does not name it)
  const postgres = dialectOf(outer) === 'postgres';
  return onePass(outer, (db) => figuresIn(db, postgres, user, window, dims, times));
}

/**
 * PostgreSQL: the statement in one transaction with room to sort a month of alarms in memory (the
 * default 4 MB spilled the percentiles' sorts to disk). SQLite sorts in memory on its one connection.
 */
function onePass<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) !== 'postgres') return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = '64MB'`.execute(trx);
    return read(trx);
  });
}

async function figuresIn(
  db: Db,
  postgres: boolean,
  user: SessionUser,
  window: { fromMs: number; toMs: number; asOfMs: number },
  dims: readonly StatsDimension[],
  times: ShiftTimes,
): Promise<FigureRow[]> {
  const offsetMs = -new Date(window.fromMs).getTimezoneOffset() * 60_000;
  const asOf = window.asOfMs;
  const answered = sql`case when coalesce(a.ackTime, a.handleTime) <= ${asOf}
      then coalesce(a.ackTime, a.handleTime) - a.firstTime end`;
  const handled = sql`case when a.status <> ${sql.lit(AlarmStatus.unhandled)} and a.handleTime <= ${asOf}
      then a.handleTime - a.firstTime end`;
  const period = sql`${scopeOf(user)} and a.firstTime >= ${window.fromMs} and a.firstTime < ${window.toMs}`;
  /** The alarms counted: their keys, times and states. */
  const base = sql`base as materialized (
      select a.buildingId, a.floorNo, ${shiftCase(times, offsetMs)} as shiftKey,
        a.source || ':' || a.alarmType as typeKey, coalesce(a.handlerId, a.ackBy, 0) as handlerKey,
        coalesce(a.handlerName, a.ackName) as handlerName, ${answered} as ackMs, ${handled} as handleMs,
        case when coalesce(${answered}, ${asOf} - a.firstTime) > ${sql.lit(UNANSWERED_MS)} then 1 else 0 end as late,
        case when a.status = ${sql.lit(AlarmStatus.unhandled)} or a.handleTime > ${asOf} then 1 else 0 end as isOpen
      from alarmRecord a where ${period}
    )`;
  /** The p-th percentile of a column over the group (nulls ignored, null when the group has none). */
  const percentile = (column: 'ackMs' | 'handleMs', p: 0.5 | 0.9) =>
    postgres
      ? sql.raw(`percentile_cont(${p}) within group (order by ${column})`)
      : sql.raw(`percentile_cont(${column}, ${p})`);
  const wanted: Dim[] = ['all', ...dims];
  const groupings = wanted.map((d, i) => {
    const name = d === 'handler' ? sql`max(handlerName)` : sql`cast(null as text)`;
    return sql`select ${sql.lit(i)} as dim, ${keySelect(d)}, ${name} as name, count(*) as n,
        count(ackMs) as responded, count(handleMs) as closed, sum(late) as late, sum(isOpen) as open,
        ${percentile('ackMs', 0.5)} as ackMedian, ${percentile('ackMs', 0.9)} as ackP90,
        ${percentile('handleMs', 0.5)} as handleMedian, ${percentile('handleMs', 0.9)} as handleP90
      from base ${d === 'all' ? sql`` : sql`group by ${keyColumns(d)}`}`;
  });
  const rows = (
    await sql<GroupKey & Omit<FigureRow, 'dim' | 'k'> & { dim: number }>`with ${base}
      ${sql.join(groupings, sql` union all `)}`.execute(db)
  ).rows.filter((r) => Number(r.n) > 0);
  const value = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((c) => {
    const d = wanted[Number(c.dim)] as Dim;
    const k =
      d === 'type'
        ? String(c.kt)
        : d === 'shift'
          ? String(Number(c.k1))
          : !Number(c.k1) // 'all', a floor unknown, nobody yet
            ? ''
            : d === 'floor'
              ? `${Number(c.k1)}-${Number(c.k2)}`
              : String(Number(c.k1));
    return {
      dim: d,
      k,
      name: c.name,
      n: Number(c.n),
      responded: Number(c.responded),
      closed: Number(c.closed),
      late: Number(c.late),
      open: Number(c.open),
      ackMedian: value(c.ackMedian),
      ackP90: value(c.ackP90),
      handleMedian: value(c.handleMedian),
      handleP90: value(c.handleP90),
    };
  });
}

const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v)));

function figuresOf(r: FigureRow | undefined): ResponseFigures {
  return {
    count: Number(r?.n ?? 0),
    responded: Number(r?.responded ?? 0),
    ackMedianMs: num(r?.ackMedian),
    ackP90Ms: num(r?.ackP90),
    closed: Number(r?.closed ?? 0),
    handleMedianMs: num(r?.handleMedian),
    handleP90Ms: num(r?.handleP90),
    unanswered: Number(r?.late ?? 0),
    open: Number(r?.open ?? 0),
  };
}

/** Names of the floors the figures name ('3-2' → 3号楼 2层), read once for them all. */
async function floorNames(db: Db, orgId: number, keys: string[]) {
  const ids = [...new Set(keys.filter(Boolean).map((k) => Number(k.split('-')[0])))];
  const names = new Map<string, { label: string; order: string }>();
  if (!ids.length) return names;
  const rows = await sql<{
    buildingId: number;
    buildingName: string;
    floorNo: number | null;
    floorName: string | null;
  }>`
    select b.buildingId, b.buildingName, f.floorNo, f.floorName from building b
      left join floor f on f.buildingId = b.buildingId
    where b.orgId = ${orgId} and b.buildingId in (${sql.join(ids.map((id) => sql.lit(id)))})`.execute(db);
  for (const key of keys) {
    const [b, f] = key.split('-').map(Number);
    const building = rows.rows.find((r) => Number(r.buildingId) === b);
    const floor = rows.rows.find((r) => Number(r.buildingId) === b && Number(r.floorNo) === f);
    names.set(key, {
      label: `${building?.buildingName ?? `楼栋${b}`} ${floor?.floorName ?? `${f}层`}`,
      order: `${String(building?.buildingName ?? '')}\u0000${String(f).padStart(4, '0')}`,
    });
  }
  return names;
}

/** The groups of one dimension, labelled and in reading order. */
async function groupsOf(
  db: Db,
  orgId: number,
  dim: StatsDimension,
  rows: FigureRow[],
): Promise<StatsGroup[]> {
  const mine = rows.filter((r) => r.dim === dim);
  const floors =
    dim === 'floor'
      ? await floorNames(
          db,
          orgId,
          mine.map((r) => String(r.k)),
        )
      : null;
  const label = (r: FigureRow) => {
    const k = String(r.k);
    switch (dim) {
      case 'floor':
        return k ? (floors?.get(k)?.label ?? k) : '未知位置';
      case 'shift':
        return k === '0' ? '班次外' : dictLabel('handoverShift', Number(k));
      case 'type': {
        const [source, ...type] = k.split(':');
        return alarmTypeName(source as AlarmSource, type.join(':'));
      }
      case 'handler':
        return k ? (r.name ?? `用户${k}`) : '未响应';
    }
  };
  const groups = mine.map((r) => ({ key: String(r.k), label: label(r), ...figuresOf(r) }));
  const order =
    dim === 'floor'
      ? (g: StatsGroup) => (g.key ? (floors?.get(g.key)?.order ?? g.key) : '\uffff')
      : dim === 'shift'
        ? (g: StatsGroup) => (g.key === '0' ? '9' : g.key)
        : null;
  return groups.sort((x, y) =>
    order
      ? order(x).localeCompare(order(y))
      : // types and handlers: the most alarms first; 未响应 last
        Number(x.key === '') - Number(y.key === '') || y.count - x.count || x.label.localeCompare(y.label),
  );
}

/** The day after 'YYYY-MM-DD'. */
const dayAfter = (day: string) => localDateTime(Date.parse(`${day}T12:00:00`) + 86_400_000).slice(0, 10);

/** 告警响应统计 of a period: in all and by the asked dimensions. */
export async function alarmStats(
  db: Db,
  user: SessionUser,
  nowMs: number,
  q: { fromDate: string; toDate: string; dimension?: StatsDimension | undefined },
): Promise<AlarmStats> {
  const times = await shiftTimes(db, user.orgId);
  const dims = q.dimension ? [q.dimension] : statsDimensions;
  const window = {
    fromMs: localDateTimeMs(`${q.fromDate} 00:00:00`),
    toMs: localDateTimeMs(`${dayAfter(q.toDate)} 00:00:00`),
    asOfMs: nowMs,
  };
  const rows = await figureRows(db, user, window, dims, times);
  const groups: AlarmStats['groups'] = {};
  for (const d of dims) groups[d] = await groupsOf(db, user.orgId, d, rows);
  return {
    fromDate: q.fromDate,
    toDate: q.toDate,
    asOf: localDateTime(nowMs),
    unansweredAfterMinutes: UNANSWERED_AFTER_MINUTES,
    total: figuresOf(rows.find((r) => r.dim === 'all')),
    groups,
    shifts: SHIFTS.map((shift) => ({
      shift,
      name: dictLabel('handoverShift', shift),
      start: times[shift]?.start ?? '',
      end: times[shift]?.end ?? '',
    })),
    currentShift: shiftOnDay(shiftAt(localDateTime(nowMs), times)),
  };
}

const shiftOnDay = (s: { day: string; shift: number; from: string; to: string }): ShiftOnDay => ({
  day: s.day,
  shift: s.shift,
  name: dictLabel('handoverShift', s.shift),
  from: s.from,
  to: s.to,
});

interface LineRow {
  recordId: number;
  firstTime: number;
  source: string;
  alarmType: string;
  alarmTypeName: string;
  severity: number;
  buildingId: number | null;
  floorNo: number | null;
  roomName: string | null;
  bedName: string | null;
  oldmanName: string | null;
  deviceName: string;
  status: number;
  ackBy: number | null;
  ackName: string | null;
  ackTime: number | null;
  escalated: number;
  handlerId: number | null;
  handlerName: string | null;
  handleTime: number | null;
}

const LINE_COLUMNS = sql`a.recordId, a.firstTime, a.source, a.alarmType, a.alarmTypeName, a.severity, a.buildingId,
  a.floorNo, a.roomName, a.bedName, a.oldmanName, a.deviceName, a.status, a.ackBy, a.ackName, a.ackTime,
  a.escalated, a.handlerId, a.handlerName, a.handleTime`;

/** The most lines a list of the report holds (a wall of open alarms is counted in full above it). */
const REPORT_LIST_MAX = 100;

/** 交班报告 of a shift: the shift now unless the query names one. */
export async function shiftReport(
  db: Db,
  user: SessionUser,
  nowMs: number,
  q: { handoverDate?: string | undefined; fromShift?: number | undefined },
): Promise<ShiftReport> {
  const times = await shiftTimes(db, user.orgId);
  const shift =
    q.handoverDate && q.fromShift
      ? { day: q.handoverDate, shift: q.fromShift, ...shiftWindow(q.handoverDate, q.fromShift, times) }
      : shiftAt(localDateTime(nowMs), times);
  const fromMs = localDateTimeMs(shift.from);
  const toMs = localDateTimeMs(shift.to);
  // a shift still running is reported up to now; one not begun yet has nothing to report
  const untilMs = Math.max(fromMs, Math.min(toMs, nowMs));
  const scope = scopeOf(user);
  const [figures] = await figureRows(db, user, { fromMs, toMs: untilMs, asOfMs: untilMs }, [], times);
  const closed = await sql<{ status: number; n: number }>`select a.status, count(*) as n from alarmRecord a
    where ${scope} and a.status <> ${sql.lit(AlarmStatus.unhandled)}
      and a.handleTime >= ${fromMs} and a.handleTime < ${untilMs}
    group by a.status`.execute(db);
  const closedBy = (status: number) => Number(closed.rows.find((r) => Number(r.status) === status)?.n ?? 0);
  // open at the report's end: raised before it, not closed by then (whenever raised: handed over)
  const openAtEnd = sql`a.firstTime < ${untilMs} and (a.handleTime is null or a.handleTime >= ${untilMs})`;
  const stillOpen = await sql<{ n: number }>`select count(*) as n from alarmRecord a
    where ${scope} and ${openAtEnd}`.execute(db);
  const openRows = await sql<LineRow>`select ${LINE_COLUMNS} from alarmRecord a
    where ${scope} and ${openAtEnd}
    order by a.severity desc, a.firstTime limit ${sql.lit(REPORT_LIST_MAX)}`.execute(db);
  const raisedHere = sql`a.firstTime >= ${fromMs} and a.firstTime < ${untilMs}`;
  // the longest waits of the shift: answered late, or still unanswered at its end
  const waited = sql`coalesce(
    case when a.ackTime < ${untilMs} then a.ackTime end,
    case when a.handleTime < ${untilMs} then a.handleTime end, ${untilMs}) - a.firstTime`;
  const slowRows = await sql<LineRow>`select ${LINE_COLUMNS} from alarmRecord a
    where ${scope} and ${raisedHere} order by ${waited} desc, a.firstTime limit 10`.execute(db);
  const faultRows = await sql<LineRow>`select ${LINE_COLUMNS} from alarmRecord a
    where ${scope} and ${raisedHere}
      and a.alarmType in (${sql.join(DEVICE_FAULT_TYPES.map((t) => sql.lit(t)))})
    order by a.firstTime limit ${sql.lit(REPORT_LIST_MAX)}`.execute(db);
  const byType = await sql<{ source: string; alarmType: string; n: number }>`select a.source, a.alarmType,
      count(*) as n from alarmRecord a where ${scope} and ${raisedHere}
    group by a.source, a.alarmType order by count(*) desc, a.source, a.alarmType`.execute(db);
  const floors = await floorNames(
    db,
    user.orgId,
    [...openRows.rows, ...slowRows.rows, ...faultRows.rows]
      .filter((r) => r.buildingId !== null && r.floorNo !== null)
      .map((r) => `${r.buildingId}-${r.floorNo}`),
  );
  const line = (r: LineRow, stateAtEnd: boolean): ReportLine => {
    const answered = [r.ackTime, r.handleTime].find((t) => t !== null && Number(t) < untilMs);
    const floor =
      r.buildingId !== null && r.floorNo !== null ? floors.get(`${r.buildingId}-${r.floorNo}`)?.label : null;
    const ackedByEnd = r.ackTime !== null && Number(r.ackTime) < untilMs;
    return {
      recordId: Number(r.recordId),
      firstTime: localDateTime(Number(r.firstTime)),
      alarmTypeName: r.alarmTypeName || alarmTypeName(r.source as AlarmSource, r.alarmType),
      severity: Number(r.severity),
      place: [floor, placeText(r)].filter(Boolean).join(' ') || '—',
      oldmanName: r.oldmanName,
      deviceName: r.deviceName,
      statusName: stateAtEnd
        ? ackedByEnd
          ? '已确认'
          : '未确认'
        : alarmStateName({
            ...r,
            status: Number(r.status) as AlarmStatusValue,
            escalated: Boolean(r.escalated),
            count: 1,
            lastTime: Number(r.firstTime),
            handleNote: null,
          }),
      ackName: ackedByEnd ? r.ackName : null,
      handlerName: r.handleTime !== null && Number(r.handleTime) < untilMs ? r.handlerName : null,
      responseMs: answered === undefined ? null : Number(answered) - Number(r.firstTime),
      waitedMs: Math.max(0, (answered === undefined ? untilMs : Number(answered)) - Number(r.firstTime)),
    };
  };
  return {
    shift: shiftOnDay(shift),
    until: localDateTime(untilMs),
    asOf: localDateTime(nowMs),
    figures: figuresOf(figures),
    raised: figuresOf(figures).count,
    closed: {
      handled: closedBy(AlarmStatus.handled),
      ignored: closedBy(AlarmStatus.ignored),
      released: closedBy(AlarmStatus.released),
    },
    stillOpen: Number(stillOpen.rows[0]?.n ?? 0),
    byType: byType.rows.map((r) => ({
      label: alarmTypeName(r.source as AlarmSource, r.alarmType),
      count: Number(r.n),
    })),
    openAlarms: openRows.rows.map((r) => line(r, true)),
    slowest: slowRows.rows.map((r) => line(r, false)),
    deviceFaults: faultRows.rows.map((r) => line(r, false)),
  };
}

/** The table of the screen and the export: a row per group, the figures in words. */
export const STATS_COLUMNS = [
  '统计维度',
  '分组',
  '告警数',
  '已响应',
  '响应时间中位数',
  '响应时间P90',
  '已关闭',
  '处理时长中位数',
  '处理时长P90',
  `超${UNANSWERED_AFTER_MINUTES}分钟未响应`,
  '仍未处理',
] as const;

const statsCells = (dimension: string, label: string, f: ResponseFigures) => [
  dimension,
  label,
  String(f.count),
  String(f.responded),
  durationText(f.ackMedianMs),
  durationText(f.ackP90Ms),
  String(f.closed),
  durationText(f.handleMedianMs),
  durationText(f.handleP90Ms),
  String(f.unanswered),
  String(f.open),
];

const esc = (v: unknown) => escapeHtml(String(v ?? ''));

/** The 交班报告 as a printed page: figures, then the lists the next shift reads. */
function reportHtml(r: ShiftReport, deptText: string) {
  const f = r.figures;
  const lines = (title: string, rows: ReportLine[], empty: string, total?: number) => `
    <h3>${esc(title)}${total !== undefined && total > rows.length ? `（共${total}条，列出前${rows.length}条）` : ''}</h3>
    ${
      rows.length
        ? `<table class="lines shift-report"><thead><tr><th>告警时间</th><th>类型</th><th>位置</th><th>长者</th><th>设备</th><th>状态</th><th>响应</th><th>确认/处理人</th></tr></thead><tbody>${rows
            .map(
              (l) =>
                `<tr><td>${esc(l.firstTime.slice(5, 16))}</td><td>${esc(l.alarmTypeName)}</td><td class="wrap">${esc(l.place)}</td><td>${esc(l.oldmanName ?? '—')}</td><td class="wrap">${esc(l.deviceName)}</td><td>${esc(l.statusName)}</td><td class="num">${
                  l.responseMs === null
                    ? `未响应（已等${esc(durationText(l.waitedMs))}）`
                    : esc(durationText(l.responseMs))
                }</td><td>${esc([...new Set([l.ackName, l.handlerName].filter(Boolean))].join(' / ') || '—')}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : `<p>${esc(empty)}</p>`
    }`;
  // one line a row: the place and the names may wrap, times, types and states not
  return `<style>table.shift-report td,table.shift-report th{white-space:nowrap}table.shift-report td.wrap{white-space:normal}</style>
  <h1>交班报告</h1>
  <div class="report-head"><span>${esc(r.shift.day)} ${esc(r.shift.name)}（${esc(r.shift.from.slice(5, 16))} — ${esc(r.shift.to.slice(5, 16))}）</span><span>${esc(deptText)}</span><span>统计至 ${esc(r.until.slice(5, 16))}</span></div>
  <table class="form-values" data-testid="report-figures"><tbody>
    <tr><th>本班告警</th><td>${r.raised} 条${r.byType.length ? `（${esc(r.byType.map((t) => `${t.label}${t.count}`).join('、'))}）` : ''}</td></tr>
    <tr><th>本班关闭</th><td>${r.closed.handled + r.closed.ignored + r.closed.released} 条（处理${r.closed.handled}、忽略${r.closed.ignored}、解除${r.closed.released}）</td></tr>
    <tr><th>仍未处理（交下一班）</th><td>${r.stillOpen} 条</td></tr>
    <tr><th>响应时间</th><td>中位数 ${esc(durationText(f.ackMedianMs))}，P90 ${esc(durationText(f.ackP90Ms))}</td></tr>
    <tr><th>处理时长</th><td>中位数 ${esc(durationText(f.handleMedianMs))}，P90 ${esc(durationText(f.handleP90Ms))}</td></tr>
    <tr><th>超${UNANSWERED_AFTER_MINUTES}分钟未响应</th><td>${f.unanswered} 条</td></tr>
    <tr><th>设备故障</th><td>${r.deviceFaults.length} 条</td></tr>
  </tbody></table>
  ${lines('仍未处理的告警', r.openAlarms, '没有未处理的告警', r.stillOpen)}
  ${lines('响应最慢的告警', r.slowest, '本班没有告警')}
  ${lines('设备故障', r.deviceFaults, '本班没有设备故障')}
  ${signatureLines(['交班人（签字）', '接班人（签字）'])}`;
}

/** The departments a report covers, as printed: 护理一部, or 全部部门 when the user reads every one she holds. */
async function deptText(db: Db, user: SessionUser) {
  const reading = readDeptIds(user);
  if (reading.length > 1 && reading.length === heldDeptIds(user).length) return '全部部门';
  const rows = await sql<{ deptName: string }>`select d.deptName from dept d
    where d.orgId = ${user.orgId} and ${inReadDepts('d.deptId', user)} order by d.deptId`.execute(db);
  return rows.rows.map((r) => r.deptName).join('、');
}

export function alarmStatsRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.stats,
      auth: A.view,
      summary: '告警响应统计',
      query: alarmStatsQuery,
      response: alarmStatsAnswer,
      handler: (ctx) => alarmStats(ctx.db, ctx.user, ctx.services.now(), ctx.query),
    }),
    route({
      method: 'GET',
      url: P.export,
      auth: A.view,
      summary: '导出告警响应统计',
      query: alarmStatsExportQuery,
      response: tableFile,
      async handler(ctx) {
        const stats = await alarmStats(ctx.db, ctx.user, ctx.services.now(), ctx.query);
        const rows: string[][] = [[...STATS_COLUMNS]];
        rows.push(statsCells('全部', `${stats.fromDate} 至 ${stats.toDate}`, stats.total));
        for (const d of statsDimensions)
          for (const g of stats.groups[d] ?? []) rows.push(statsCells(statsDimensionName[d], g.label, g));
        await sendTable(
          ctx.reply,
          ctx.query.export,
          '告警响应统计',
          rows,
          rows.length - 1,
          periodName(stats.fromDate, stats.toDate),
        );
        return SENT;
      },
    }),
    route({
      method: 'GET',
      url: P.shiftReport,
      auth: A.view,
      summary: '交班报告',
      query: shiftReportQuery,
      response: shiftReportAnswer,
      handler: (ctx) => shiftReport(ctx.db, ctx.user, ctx.services.now(), ctx.query),
    }),
    route({
      method: 'GET',
      url: P.shiftReportPrint,
      auth: A.view,
      summary: '打印交班报告',
      query: shiftReportQuery,
      response: printPage,
      async handler(ctx) {
        const report = await shiftReport(ctx.db, ctx.user, ctx.services.now(), ctx.query);
        const title = `交班报告 ${report.shift.day} ${report.shift.name}`;
        await sendPrintPage(ctx, {
          title,
          body: reportHtml(report, await deptText(ctx.db, ctx.user)),
          fileName: `${title.replaceAll(' ', '-')}.html`,
        });
        return SENT;
      },
    }),
  ];
}
