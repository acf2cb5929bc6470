import { z } from 'zod';
import { pageSchema } from '../../../domain/resource.js';

/**
 * Spec 001 §7 "Attendance" and "Staff": shift enable/disable and name check, attendance groups with
 * their nurses and places, clock records (ours: the spec has no clock-in call), the monthly
 * statistics, and the staff / nursing workers.
 */
const ATT = '/pims/web-org/attendance';
const GROUP = `${ATT}/attendanceGroup`;
export const AttendancePaths = {
  /** GET (paged list), POST, PUT. */
  group: GROUP,
  /** GET, DELETE one group. */
  groupOne: `${GROUP}/:id`,
  /** GET ?attendanceGroupPkId=: the active staff, each with the group they are in and whether it may be chosen. */
  groupNursing: `${GROUP}/nursing`,
  /** GET (paged list) and POST (one clock-in or clock-out of a staff member). */
  clock: `${ATT}/clock`,
  /** GET ?month=YYYY-MM: per staff member of a group, the month's figures. */
  statistics: '/pims/web-org/attendanceStatistics',
} as const;

const ORG = '/pims/web-org';
export const StaffPaths = {
  /** POST: a new staff member. */
  staff: `${ORG}/staff`,
  /** GET: the signed-in user's own staff record. */
  info: `${ORG}/staff/info`,
  /** PUT: the signed-in user updates their own phone and sex. */
  update: `${ORG}/staff/update`,
  /** GET (paged), PUT. */
  workers: `${ORG}/nursingworkers`,
  /** GET one. */
  worker: `${ORG}/nursingworkers/:id`,
  /** GET: the list as an XLSX file. */
  export: `${ORG}/nursingworkers/export`,
} as const;

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const id = (what: string) =>
  z.coerce
    .number({ error: `请选择${what}` })
    .int(`${what}无效`)
    .positive(`请选择${what}`);

export const shiftNameQuery = z.object({
  shiftName: z
    .string({ error: '请填写班次名称' })
    .trim()
    .min(1, '请填写班次名称')
    .max(20, '班次名称不能超过20个字'),
  shiftPkId: z.coerce.number().int().positive().optional(),
});
export const shiftNameAnswer = z.object({ available: z.boolean(), msg: z.string() });

export const shiftEnableBody = z.object({
  shiftPkId: id('班次'),
  status: z.union([z.literal(0), z.literal(1)], { error: '班次状态应为启用(0)或停用(1)' }),
});
export const shiftEnableAnswer = z.object({ shiftPkId: z.number().int(), status: z.number().int() });

/** Work days: ISO weekdays 1 (Monday) … 7 (Sunday), comma-separated. */
export const WORK_DAYS = /^[1-7](,[1-7])*$/;
export const groupBody = z.object({
  attendanceGroupPkId: z.coerce.number().int().positive().optional(),
  groupName: z
    .string({ error: '请填写考勤组名称' })
    .trim()
    .min(1, '请填写考勤组名称')
    .max(30, '考勤组名称不能超过30个字'),
  workDays: z.string({ error: '请选择工作日' }).regex(WORK_DAYS, '工作日应为1-7（周一至周日），逗号分隔'),
  shiftPkIds: z
    .array(id('班次'), { error: '请选择班次' })
    .min(1, '请至少选择一个班次')
    .max(10, '班次不能超过10个'),
  nurses: z
    .array(z.object({ nursingId: id('护理员'), shiftPkId: id('护理员的班次') }), { error: '请选择护理员' })
    .min(1, '请至少选择一名护理员')
    .max(200, '一个考勤组不能超过200人'),
  locationIds: z
    .array(z.string().regex(/^[DR]\d+$/, '负责区域无效'), { error: '请选择负责区域' })
    .max(500, '负责区域不能超过500个')
    .default([]),
  remark: z.string().trim().max(200, '备注不能超过200字').nullish(),
});
export type GroupBody = z.input<typeof groupBody>;

export const groupDetail = z.object({
  attendanceGroupPkId: z.number().int(),
  groupName: z.string(),
  scheduleMode: z.number().int(),
  workDays: z.string(),
  remark: z.string().nullable(),
  shifts: z.array(
    z.object({ shiftPkId: z.number().int(), shiftName: z.string(), workPeriod: z.string().nullable() }),
  ),
  nurses: z.array(
    z.object({
      nursingId: z.number().int(),
      realName: z.string(),
      shiftPkId: z.number().int(),
      shiftName: z.string().nullable(),
      joinDate: z.string(),
      phoneNum: z.string(),
    }),
  ),
  locations: z.array(z.object({ locationId: z.string(), locationName: z.string() })),
});
export type GroupDetail = z.infer<typeof groupDetail>;

export const groupNursingQuery = z.object({
  attendanceGroupPkId: z.coerce.number().int().positive().optional(),
});
export const groupNursingAnswer = pageSchema(
  z.object({
    nursingId: z.number().int(),
    realName: z.string(),
    phoneNum: z.string(),
    deptName: z.string().nullable(),
    attendanceGroupPkId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    /** Not in another group: may be chosen for this one. */
    selectable: z.boolean(),
  }),
);
export type GroupNurse = z.infer<typeof groupNursingAnswer>['list'][number];

export const clockBody = z.object({
  nursingId: id('员工'),
  clockType: z.union([z.literal(1), z.literal(2)], { error: '打卡类型应为上班(1)或下班(2)' }),
  /** Wall-clock time of the home; now when left out (a terminal sends none, a clerk's correction does). */
  clockTime: z.string().regex(STAMP, '打卡时间格式应为YYYY-MM-DD HH:mm:ss').optional(),
  remark: z.string().trim().max(100, '备注不能超过100字').nullish(),
});
export const clockAnswer = z.object({ clockId: z.number().int(), clockTime: z.string() });

const WEEKDAY = ['', '一', '二', '三', '四', '五', '六', '日'];
/** The work days as people say them: 每天, 周一至周五, 周一、三、五. */
export function workDayText(workDays: string): string {
  const days = [...new Set(workDays.split(',').map(Number))].filter((d) => d >= 1 && d <= 7).sort();
  if (days.length === 7) return '每天';
  const run = days.length > 2 && days.every((d, i) => i === 0 || d === (days[i - 1] ?? 0) + 1);
  if (run) return `周${WEEKDAY[days[0] ?? 0]}至周${WEEKDAY[days[days.length - 1] ?? 0]}`;
  return `周${days.map((d) => WEEKDAY[d]).join('、')}`;
}
