import { z } from 'zod';
import type { DashboardChangeKind } from '../../domain/push.js';

/**
 * The home dashboard (spec 001 §2 "Home, base /home" moreEcharts and echartsSetting, §7 "Dashboard"):
 * headline counts, the nine index/show panels and the per-user choice of panels. Every figure adds up
 * rows other modules keep (elders, beds, alarms, care tasks, outings, bills); docs/decisions.md
 * "Dashboard (issue #17)".
 */

const ORG_INDEX = '/pims/web-org/index';
const ORG_LIVE = '/pims/web-org/oldmans/live';
const IFMS = '/ifms/web-org';

export const DashboardPaths = {
  count: `${ORG_INDEX}/count`,
  birthCalendar: `${ORG_INDEX}/getBirthCalendar/:orgId`,
  waitHandleCount: `${ORG_INDEX}/waitHandleCount`,
  average: `${ORG_INDEX}/getAverage`,
  liveCounts: `${ORG_LIVE}/counts`,
  oldmanCount: `${ORG_LIVE}/oldmancount`,
  easyPart: `${ORG_LIVE}/oldmanEasyPart`,
  easyPartBuildings: `${ORG_LIVE}/oldmanEasyPart/buildings`,
  bedStatistics: `${IFMS}/beds/statistics`,
  roomStatistics: `${IFMS}/rooms/statistics`,
  bedRoom: `${IFMS}/beds/:id/bedRoom`,
  systemConfig: '/wnms/web-wn/systemConfig',
  /** `:panel` is one of DASHBOARD_PANELS. */
  show: `${ORG_INDEX}/show/:panel`,
  showSet: `${ORG_INDEX}/show/set`,
} as const;

/** Authority codes of the two screens; every read of the dashboard takes the first. */
export const DashboardAuthority = {
  view: 'home:moreEcharts',
  setting: 'home:echartsSetting',
  settingSave: 'home:echartsSetting:save',
} as const;

/** The nine panels of index/show/{panel}, in their default order, with their Chinese titles. */
export const DASHBOARD_PANELS = [
  'oldmanNum',
  'oldmanStatus',
  'oldmanAge',
  'oldmanSex',
  'nursingLevel',
  'live',
  'quit',
  'mattress',
  'execution',
] as const;
export type DashboardPanel = (typeof DASHBOARD_PANELS)[number];
export const dashboardPanel = z.enum(DASHBOARD_PANELS, { error: '看板图表不存在' });

export const panelTitle: Record<DashboardPanel, string> = {
  oldmanNum: '各部门在住人数',
  oldmanStatus: '入住状态分布',
  oldmanAge: '在住长者年龄分布',
  oldmanSex: '在住长者性别',
  nursingLevel: '护理等级分布',
  live: '近12个月入住',
  quit: '近12个月退住',
  mattress: '近7天床垫报警',
  execution: '近7天护理任务',
};

/** How a panel is drawn: categories along one axis (or pie slices), one or more series. */
export const panelChart = z.object({
  panel: dashboardPanel,
  title: z.string(),
  kind: z.enum(['bar', 'pie', 'line']),
  unit: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type PanelChart = z.infer<typeof panelChart>;

/** GET index/count: the headline figures at the top of the dashboard. */
export const indexCount = z.object({
  /** 在住 and 试住 elders. */
  inResidence: z.number().int(),
  /** Of them in 试住 (the 入住状态 panel shows 在住 and 试住 apart). */
  trial: z.number().int(),
  totalBeds: z.number().int(),
  freeBeds: z.number().int(),
  /** In-residence elders per bed in use, percent with one decimal. */
  occupancyRate: z.number(),
  /** Elders out on an outing now. */
  outNow: z.number().int(),
  openAlarms: z.number().int(),
  todayTasks: z.number().int(),
  todayTasksDone: z.number().int(),
});
export type IndexCount = z.infer<typeof indexCount>;

/** GET index/waitHandleCount: what waits for someone to act. */
export const waitHandleCount = z.object({
  /** Unhandled alarms. */
  alarms: z.number().int(),
  /** Outings waiting for their audit. */
  outingAudits: z.number().int(),
  /** Today's care tasks not done yet. */
  pendingTasks: z.number().int(),
  /** Bills not paid yet. */
  unpaidBills: z.number().int(),
  /** Elders registered to move in (待入住 and 预订). */
  waitingCheckIn: z.number().int(),
});

/** GET index/getAverage: of the elders in residence. */
export const averageAnswer = z.object({
  averageAge: z.number(),
  /** Days since check-in, on average. */
  averageStayDays: z.number(),
});

/** GET oldmans/live/counts: elders per residence status (dictionary liveStatus). */
export const liveCounts = z.array(
  z.object({ oldmanStatus: z.number().int(), statusName: z.string(), count: z.number().int() }),
);

/** GET oldmans/live/oldmancount. */
export const oldmanCount = z.object({
  total: z.number().int(),
  inResidence: z.number().int(),
  male: z.number().int(),
  female: z.number().int(),
});

/** GET index/getBirthCalendar/{orgId}: elders in residence whose birthday falls in this month. */
export const birthCalendar = z.array(
  z.object({
    oldmanId: z.number().int(),
    oldmanName: z.string(),
    birthday: z.string(),
    /** Day of the month, 1–31. */
    day: z.number().int(),
    /** The age they turn this year. */
    age: z.number().int(),
    bedName: z.string().nullable(),
  }),
);

const occupancy = {
  totalBeds: z.number().int(),
  occupiedBeds: z.number().int(),
  freeBeds: z.number().int(),
};
/** GET oldmanEasyPart/buildings: each building with its bed occupancy. */
export const easyPartBuildings = z.array(
  z.object({ buildingId: z.number().int(), buildingName: z.string(), ...occupancy }),
);
/** GET oldmanEasyPart?buildingId=: the floors of a building (all buildings when none) with occupancy. */
export const easyPartQuery = z.object({
  buildingId: z.coerce.number().int().positive('楼栋编号无效').optional(),
});
export const easyPart = z.array(
  z.object({
    buildingId: z.number().int(),
    buildingName: z.string(),
    floorId: z.number().int(),
    floorName: z.string(),
    ...occupancy,
  }),
);

/** GET beds/statistics: beds in use by status (bed.bedStatus). */
export const bedStatistics = z.object({
  total: z.number().int(),
  free: z.number().int(),
  occupied: z.number().int(),
  reserved: z.number().int(),
  maintenance: z.number().int(),
});
/** GET rooms/statistics: rooms in use by how full they are. */
export const roomStatistics = z.object({
  total: z.number().int(),
  empty: z.number().int(),
  partial: z.number().int(),
  full: z.number().int(),
});
/** GET beds/{id}/bedRoom: where a bed is. */
export const bedRoom = z.object({
  bedId: z.number().int(),
  bedName: z.string(),
  roomId: z.number().int(),
  roomName: z.string(),
  floorName: z.string(),
  buildingName: z.string(),
  path: z.string(),
});

/** GET /wnms/web-wn/systemConfig: what the dashboard's header shows and how often it re-reads unprompted. */
export const dashboardConfig = z.object({
  /** The user's organisation (the birthday calendar is asked for by it). */
  orgId: z.number().int(),
  orgName: z.string(),
  title: z.string(),
  /** A full re-read this often even without a push (a missed message heals). */
  refreshSeconds: z.number().int(),
});

/** One panel in a user's setting: shown or not; the array's order is the dashboard's order. */
export const panelSetting = z.object({ panel: dashboardPanel, show: z.boolean() });
/** GET/PUT index/show/set: every panel once, in the user's order. */
export const showSet = z.object({
  panels: z
    .array(panelSetting)
    .length(DASHBOARD_PANELS.length, `请给出全部${DASHBOARD_PANELS.length}个图表的设置`)
    .refine((list) => new Set(list.map((p) => p.panel)).size === list.length, '图表不能重复'),
});
export type ShowSet = z.infer<typeof showSet>;

export const defaultShowSet = (): ShowSet => ({
  panels: DASHBOARD_PANELS.map((panel) => ({ panel, show: true })),
});

/** Which panels a kind of change (the push message 'dashboard.changed') moves. */

export const panelsMovedBy: Record<DashboardChangeKind, readonly DashboardPanel[]> = {
  residence: ['oldmanNum', 'oldmanStatus', 'oldmanAge', 'oldmanSex', 'nursingLevel', 'live', 'quit'],
  alarm: ['mattress'],
  task: ['execution'],
};

/** The home clock's debounce of dashboard pushes: at most one per organisation this often. */
export const DASHBOARD_PUSH_MS = 1000;
