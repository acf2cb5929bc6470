import { sql } from 'kysely';
import { z } from 'zod';
import { localDateTime, localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { SHIFT_EDIT, ShiftPaths } from '../../../domain/resources/attendanceBase.js';
import { AttendanceAuthority as A, ShiftStatus } from '../../../domain/statuses/attendance.js';
import { shiftWorkflow } from '../../../machines/shiftMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { Db } from '../../../server/db/index.js';
import { readDeptIds } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import type { ServerResource } from '../../../server/modules/types.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';
import {
  clockAnswer,
  clockBody,
  groupBody,
  groupDetail,
  groupNursingAnswer,
  groupNursingQuery,
  AttendancePaths as P,
  shiftEnableAnswer,
  shiftEnableBody,
  shiftNameAnswer,
  shiftNameQuery,
  workDayText,
} from '../api/attendance.js';
import { type MemberSchedule, monthFigures } from '../api/attendanceStatistics.js';
import {
  attendanceClockResource,
  attendanceGroupResource,
  attendanceStatisticsResource,
} from '../resources/attendance.js';

const refuse = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};
const ids = (text: unknown) =>
  String(text ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);

// ── shifts ────────────────────────────────────────────────────────────────────────────────────

/**
 * A shift a group schedules (every group schedules forward from today: its work days repeat) may
 * not be disabled, deleted or moved to the other schedule mode: the group's places would no longer
 * fit and its nurses would have no shift. Called by the shift's hooks (features/baseData/server/lookupHooks.ts).
 */
export async function refuseShiftInUse(db: Db, orgId: number, shiftPkId: number, doing: string) {
  const { rows } = await sql<{ groupName: string }>`select groupName from attendanceGroup
    where orgId = ${orgId} and (',' || shiftPkIds || ',') like ${`%,${shiftPkId},%`} order by attendanceGroupPkId`.execute(
    db,
  );
  if (rows.length)
    refuse(
      `该班次正在被考勤组“${rows.map((r) => r.groupName).join('、')}”使用，不能${doing}，请先在考勤组中移除该班次`,
      Code.actionRefused,
    );
}

async function shiftRow(db: Db, orgId: number, shiftPkId: number) {
  const { rows } = await sql<Row>`select * from attendanceShift where shiftPkId = ${shiftPkId}
    and orgId = ${orgId}`.execute(db);
  return rows[0] ?? refuse('班次不存在', Code.notFound);
}

// ── groups ────────────────────────────────────────────────────────────────────────────────────

const groupHooks: ResourceHooks = {
  async decorate(db: Db, rows: Row[]) {
    if (!rows.length) return;
    const shiftIds = [...new Set(rows.flatMap((r) => ids(r.shiftPkIds)))];
    const names = shiftIds.length
      ? (
          await sql<{ shiftPkId: number; shiftName: string }>`select shiftPkId, shiftName from attendanceShift
            where shiftPkId in (${sql.join(shiftIds)})`.execute(db)
        ).rows
      : [];
    const byId = new Map(names.map((n) => [Number(n.shiftPkId), n.shiftName]));
    const counts = (
      await sql<{ attendanceGroupPkId: number; n: number }>`select attendanceGroupPkId, count(*) as n
        from attendanceGroupNurse where attendanceGroupPkId in (${sql.join(rows.map((r) => Number(r.attendanceGroupPkId)))})
        group by attendanceGroupPkId`.execute(db)
    ).rows;
    const countOf = new Map(counts.map((c) => [Number(c.attendanceGroupPkId), Number(c.n)]));
    for (const r of rows) {
      r.shiftNames = ids(r.shiftPkIds)
        .map((id) => byId.get(id) ?? '（已删除）')
        .join('、');
      r.workDayText = workDayText(String(r.workDays ?? ''));
      r.nurseCount = countOf.get(Number(r.attendanceGroupPkId)) ?? 0;
      r.locationCount = ids(r.locationIds).length;
    }
  },
  async beforeRemove(ctx: Ctx, row: Row) {
    await sql`delete from attendanceGroupNurse where attendanceGroupPkId = ${Number(row.attendanceGroupPkId)}`.execute(
      ctx.db,
    );
  },
};

async function groupRow(db: Db, orgId: number, groupId: number) {
  const { rows } = await sql<Row>`select * from attendanceGroup where attendanceGroupPkId = ${groupId}
    and orgId = ${orgId}`.execute(db);
  return rows[0] ?? refuse('考勤组不存在', Code.notFound);
}

/** The bed (D…) or room (R…) places of the organisation, with their names, in the order asked. */
async function placesOf(db: Db, orgId: number, locationIds: readonly string[]) {
  const beds = locationIds.filter((l) => l.startsWith('D')).map((l) => Number(l.slice(1)));
  const rooms = locationIds.filter((l) => l.startsWith('R')).map((l) => Number(l.slice(1)));
  const names = new Map<string, string>();
  if (beds.length) {
    const { rows } = await sql<{ bedId: number; name: string }>`select b.bedId,
        coalesce(bu.buildingName, '') || ' ' || coalesce(f.floorName, '') || ' ' || r.roomName || ' ' || b.bedName as name
      from bed b join room r on r.roomId = b.roomId join dept d on d.deptId = r.deptId
      left join floor f on f.floorId = r.floorId left join building bu on bu.buildingId = f.buildingId
      where d.orgId = ${orgId} and b.bedId in (${sql.join(beds)})`.execute(db);
    for (const r of rows) names.set(`D${r.bedId}`, r.name);
  }
  if (rooms.length) {
    const { rows } = await sql<{ roomId: number; name: string }>`select r.roomId,
        coalesce(bu.buildingName, '') || ' ' || coalesce(f.floorName, '') || ' ' || r.roomName as name
      from room r join dept d on d.deptId = r.deptId
      left join floor f on f.floorId = r.floorId left join building bu on bu.buildingId = f.buildingId
      where d.orgId = ${orgId} and r.roomId in (${sql.join(rooms)})`.execute(db);
    for (const r of rows) names.set(`R${r.roomId}`, r.name);
  }
  return names;
}

type GroupInput = z.output<typeof groupBody>;

/** Checks a group and writes it with its members (inside the route's transaction). */
async function saveGroup(ctx: Ctx, body: GroupInput, existing: Row | null): Promise<number> {
  const { db, user } = ctx;
  const orgId = user.orgId;
  const groupId = existing ? Number(existing.attendanceGroupPkId) : null;
  const shiftIds = [...new Set(body.shiftPkIds)];
  if (shiftIds.length !== body.shiftPkIds.length) refuse('班次不能重复');
  const shifts = [];
  for (const id of shiftIds) shifts.push(await shiftRow(db, orgId, id));
  for (const s of shifts)
    if (Number(s.status) !== ShiftStatus.enabled && !ids(existing?.shiftPkIds).includes(Number(s.shiftPkId)))
      refuse(`班次“${String(s.shiftName)}”已停用，不能选择`);
  const modes = new Set(shifts.map((s) => Number(s.scheduleMode)));
  if (modes.size > 1) refuse('所选班次的排班方式不一致（按床位与按房间不能混用）');
  const scheduleMode = Number(shifts[0]?.scheduleMode ?? 1);
  // places: beds for 按床位, rooms for 按房间
  const letter = scheduleMode === 1 ? 'D' : 'R';
  const locationIds = [...new Set(body.locationIds)];
  if (locationIds.some((l) => !l.startsWith(letter)))
    refuse(scheduleMode === 1 ? '班次按床位排班，负责区域请选择床位' : '班次按房间排班，负责区域请选择房间');
  const places = await placesOf(db, orgId, locationIds);
  if (locationIds.some((l) => !places.has(l))) refuse('负责区域不存在');
  // nurses: each once, active staff of the organisation, on one of the group's shifts, in no other group
  const nurseIds = body.nurses.map((n) => n.nursingId);
  if (new Set(nurseIds).size !== nurseIds.length) refuse('护理员不能重复');
  const { rows: staff } = await sql<{
    empId: number;
    empName: string;
    status: number;
  }>`select empId, empName, status
    from emp where orgId = ${orgId} and empId in (${sql.join(nurseIds)})`.execute(db);
  const staffOf = new Map(staff.map((s) => [Number(s.empId), s]));
  for (const n of body.nurses) {
    const s = staffOf.get(n.nursingId);
    if (!s) refuse('护理员不存在');
    else if (Number(s.status) !== 0) refuse(`员工“${s.empName}”已离职，不能加入考勤组`);
    if (!shiftIds.includes(n.shiftPkId))
      refuse(`护理员“${staffOf.get(n.nursingId)?.empName}”的班次应为本考勤组的班次`);
  }
  const { rows: taken } = await sql<{ nursingId: number; groupName: string }>`select m.nursingId, g.groupName
    from attendanceGroupNurse m join attendanceGroup g on g.attendanceGroupPkId = m.attendanceGroupPkId
    where m.orgId = ${orgId} and m.nursingId in (${sql.join(nurseIds)})
      and m.attendanceGroupPkId != ${groupId ?? -1}`.execute(db);
  const first = taken[0];
  if (first)
    refuse(
      `护理员“${staffOf.get(Number(first.nursingId))?.empName}”已在考勤组“${first.groupName}”中，一名护理员只能属于一个考勤组`,
      Code.conflict,
    );
  const { rows: clash } = await sql`select 1 from attendanceGroup where orgId = ${orgId}
    and groupName = ${body.groupName} and attendanceGroupPkId != ${groupId ?? -1}`.execute(db);
  if (clash.length) refuse(`考勤组名称“${body.groupName}”已存在`, Code.conflict);

  const stamp = localDateTime(ctx.services.now());
  const values = {
    groupName: body.groupName,
    scheduleMode,
    workDays: [...new Set(body.workDays.split(',').map(Number))].sort().join(','),
    shiftPkIds: shiftIds.join(','),
    locationIds: locationIds.join(','),
    remark: body.remark ?? null,
  };
  let id = groupId;
  if (id === null) {
    const { rows } = await sql<{ attendanceGroupPkId: number }>`insert into attendanceGroup
        (orgId, groupName, scheduleMode, workDays, shiftPkIds, locationIds, remark, createTime, updateTime, createBy)
      values (${orgId}, ${values.groupName}, ${values.scheduleMode}, ${values.workDays}, ${values.shiftPkIds},
        ${values.locationIds}, ${values.remark}, ${stamp}, ${stamp}, ${user.userId})
      returning attendanceGroupPkId`.execute(db);
    id = Number(rows[0]?.attendanceGroupPkId);
  } else
    await sql`update attendanceGroup set groupName = ${values.groupName}, scheduleMode = ${values.scheduleMode},
        workDays = ${values.workDays}, shiftPkIds = ${values.shiftPkIds}, locationIds = ${values.locationIds},
        remark = ${values.remark}, updateTime = ${stamp}
      where attendanceGroupPkId = ${id}`.execute(db);
  // members: those who stay keep their join day (their history counts from it), new ones join today
  const { rows: before } = await sql<{ nursingId: number }>`select nursingId from attendanceGroupNurse
    where attendanceGroupPkId = ${id}`.execute(db);
  const stay = new Set(before.map((b) => Number(b.nursingId)));
  const gone = [...stay].filter((n) => !nurseIds.includes(n));
  if (gone.length)
    await sql`delete from attendanceGroupNurse where attendanceGroupPkId = ${id}
      and nursingId in (${sql.join(gone)})`.execute(db);
  const day = localDay(ctx.services.now());
  for (const n of body.nurses)
    if (stay.has(n.nursingId))
      await sql`update attendanceGroupNurse set shiftPkId = ${n.shiftPkId}, updateTime = ${stamp}
        where attendanceGroupPkId = ${id} and nursingId = ${n.nursingId}`.execute(db);
    else
      await sql`insert into attendanceGroupNurse (orgId, attendanceGroupPkId, nursingId, shiftPkId, joinDate,
          createTime, updateTime, createBy)
        values (${orgId}, ${id}, ${n.nursingId}, ${n.shiftPkId}, ${day}, ${stamp}, ${stamp}, ${user.userId})`.execute(
        db,
      );
  ctx.describe(`考勤组：${body.groupName}`);
  return id;
}

async function loadGroup(db: Db, orgId: number, groupId: number) {
  const g = await groupRow(db, orgId, groupId);
  const shiftIds = ids(g.shiftPkIds);
  const { rows: shifts } = shiftIds.length
    ? await sql<{
        shiftPkId: number;
        shiftName: string;
        workPeriod: string | null;
      }>`select shiftPkId, shiftName,
        workPeriod from attendanceShift where shiftPkId in (${sql.join(shiftIds)})`.execute(db)
    : { rows: [] };
  shifts.sort((a, b) => shiftIds.indexOf(a.shiftPkId) - shiftIds.indexOf(b.shiftPkId));
  const { rows: nurses } = await sql<{
    nursingId: number;
    realName: string;
    shiftPkId: number;
    shiftName: string | null;
    joinDate: string;
    phoneNum: string;
  }>`select m.nursingId, e.empName as realName, m.shiftPkId, s.shiftName, m.joinDate, e.phoneNum
    from attendanceGroupNurse m join emp e on e.empId = m.nursingId
    left join attendanceShift s on s.shiftPkId = m.shiftPkId
    where m.attendanceGroupPkId = ${groupId} order by m.id`.execute(db);
  const locationIds = String(g.locationIds ?? '')
    .split(',')
    .filter(Boolean);
  const names = await placesOf(db, orgId, locationIds);
  return {
    attendanceGroupPkId: Number(g.attendanceGroupPkId),
    groupName: String(g.groupName),
    scheduleMode: Number(g.scheduleMode),
    workDays: String(g.workDays),
    remark: (g.remark as string | null) ?? null,
    shifts,
    nurses,
    locations: locationIds.map((l) => ({ locationId: l, locationName: names.get(l) ?? '（已删除）' })),
  };
}

// ── statistics ───────────────────────────────────────────────────────────────────────────────

export interface StatisticsRow extends Row {
  nursingId: number;
  realName: string;
}

/**
 * The month's figures of every member of a group in the user's data departments (their staff
 * department), by name. One read of the members and one of the month's clocks (± a day for night
 * shifts and early clock-ins).
 */
export async function attendanceStatistics(
  db: Db,
  user: Pick<SessionUser, 'orgId'> & Parameters<typeof readDeptIds>[0],
  month: string,
  now: string,
  keyword?: string,
): Promise<StatisticsRow[]> {
  const depts = readDeptIds(user);
  const { rows: members } = await sql<{
    nursingId: number;
    realName: string;
    deptName: string | null;
    groupName: string;
    workDays: string;
    joinDate: string;
    shiftName: string;
    startTime: string;
    endTime: string;
    clockInBefore: number | null;
    clockOutAfter: number | null;
  }>`select m.nursingId, e.empName as realName, d.deptName, g.groupName, g.workDays, m.joinDate,
      s.shiftName, s.startTime, s.endTime, s.clockInBefore, s.clockOutAfter
    from attendanceGroupNurse m
    join attendanceGroup g on g.attendanceGroupPkId = m.attendanceGroupPkId
    join attendanceShift s on s.shiftPkId = m.shiftPkId
    join emp e on e.empId = m.nursingId
    left join dept d on d.deptId = e.deptId
    where m.orgId = ${user.orgId} and e.deptId in (${sql.join(depts)})
      ${keyword ? sql`and e.empName like ${`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'` : sql``}
    order by e.empName, m.nursingId`.execute(db);
  if (!members.length) return [];
  const [y = 1970, m = 1] = month.split('-').map(Number);
  const from = localDay(new Date(y, m - 1, 0).getTime());
  const until = localDay(new Date(y, m, 2).getTime());
  const { rows: clocks } = await sql<{
    nursingId: number;
    clockTime: string;
    clockType: number;
  }>`select nursingId,
      clockTime, clockType from attendanceClock
    where orgId = ${user.orgId} and clockTime >= ${from} and clockTime < ${until}
      and nursingId in (${sql.join(members.map((r) => r.nursingId))})`.execute(db);
  const byNurse = new Map<number, { clockTime: string; clockType: number }[]>();
  for (const c of clocks) {
    const list = byNurse.get(Number(c.nursingId)) ?? [];
    list.push(c);
    byNurse.set(Number(c.nursingId), list);
  }
  return members.map((r) => {
    const schedule: MemberSchedule = {
      shift: r,
      workDays: r.workDays.split(',').map(Number),
      joinDate: r.joinDate,
    };
    return {
      nursingId: Number(r.nursingId),
      month,
      realName: r.realName,
      deptName: r.deptName,
      groupName: r.groupName,
      shiftName: r.shiftName,
      ...monthFigures(month, schedule, byNurse.get(Number(r.nursingId)) ?? [], now),
    };
  });
}

const statisticsHooks: ResourceHooks = {
  async list(ctx, q, page) {
    const month = (q.month as string | undefined) ?? localDay(ctx.services.now()).slice(0, 7);
    const rows = await attendanceStatistics(
      ctx.db,
      ctx.user,
      month,
      localDateTime(ctx.services.now()),
      q.keyword as string | undefined,
    );
    const sortField = (q.sortField as string | undefined) ?? 'realName';
    if (sortField !== 'realName') {
      const dir = q.sortOrder === 'desc' ? -1 : 1;
      rows.sort((a, b) => (Number(a[sortField]) - Number(b[sortField])) * dir);
    }
    return { rows: page ? rows.slice(page.offset, page.offset + page.limit) : rows, total: rows.length };
  },
};

// ── clocks ───────────────────────────────────────────────────────────────────────────────────

export const attendanceServerResources: Record<string, ServerResource> = {
  [attendanceGroupResource.name]: { hooks: groupHooks, handwritten: ['get', 'create', 'update'] },
  [attendanceClockResource.name]: { handwritten: ['create'] },
  [attendanceStatisticsResource.name]: { hooks: statisticsHooks },
};

const groupSaved = z.object({ attendanceGroupPkId: z.number().int() });

/** Spec 001 §7 "Attendance": shift name check and 启用/停用, groups, clocks (statistics are a list). */
export function attendanceRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: ShiftPaths.shiftName,
      auth: 'session',
      summary: '班次名称校验',
      query: shiftNameQuery,
      response: shiftNameAnswer,
      async handler({ db, user, query }) {
        const { rows } = await sql`select 1 from attendanceShift where orgId = ${user.orgId}
          and shiftName = ${query.shiftName} and shiftPkId != ${query.shiftPkId ?? -1}`.execute(db);
        return rows.length
          ? { available: false, msg: `班次名称“${query.shiftName}”已存在` }
          : { available: true, msg: '班次名称可用' };
      },
    }),
    route({
      method: 'PUT',
      url: ShiftPaths.isEnable,
      auth: SHIFT_EDIT,
      log: { type: 'UPDATE', name: '启用/停用班次' },
      body: shiftEnableBody,
      response: shiftEnableAnswer,
      async handler({ db, user, body, describe, services }) {
        const shift = await shiftRow(db, user.orgId, body.shiftPkId);
        const enable = body.status === ShiftStatus.enabled;
        const event = { type: enable ? 'shift.enable' : 'shift.disable' };
        const step = advance(shiftWorkflow, shift, event, enable ? '启用' : '停用');
        if (!step.ok) return refuse(`班次“${String(shift.shiftName)}”${step.reason}`, Code.actionRefused);
        if (!enable) await refuseShiftInUse(db, user.orgId, body.shiftPkId, '停用');
        // conditional on the old state: two clerks cannot both win
        const done = await sql`update attendanceShift set status = ${Number(step.fields.status)},
            updateTime = ${localDateTime(services.now())}
          where shiftPkId = ${body.shiftPkId} and status = ${Number(shift.status)} returning shiftPkId`.execute(
          db,
        );
        if (!done.rows.length) refuse('班次状态已变化，请刷新后重试', Code.actionRefused);
        describe(`${body.status === ShiftStatus.enabled ? '启用' : '停用'}班次：${String(shift.shiftName)}`);
        return { shiftPkId: body.shiftPkId, status: body.status };
      },
    }),
    route({
      method: 'GET',
      url: P.groupOne,
      auth: A.group,
      summary: '考勤组详情',
      params: idParams,
      query: noQuery,
      response: groupDetail,
      handler: ({ db, user, params }) => loadGroup(db, user.orgId, params.id),
    }),
    route({
      method: 'POST',
      url: P.group,
      auth: A.groupAdd,
      log: { type: 'ADD', name: '新增考勤组' },
      body: groupBody,
      response: groupSaved,
      async handler(ctx) {
        const { body } = ctx;
        if (body.attendanceGroupPkId) refuse('新增考勤组不能带编号');
        return { attendanceGroupPkId: await saveGroup(ctx as Ctx, body, null) };
      },
    }),
    route({
      method: 'PUT',
      url: P.group,
      auth: A.groupEdit,
      log: { type: 'UPDATE', name: '修改考勤组' },
      body: groupBody,
      response: groupSaved,
      async handler(ctx) {
        const { body, db, user } = ctx;
        if (!body.attendanceGroupPkId) refuse('请选择考勤组');
        const existing = await groupRow(db, user.orgId, Number(body.attendanceGroupPkId));
        return { attendanceGroupPkId: await saveGroup(ctx as Ctx, body, existing) };
      },
    }),
    route({
      method: 'GET',
      url: P.groupNursing,
      auth: `${A.group}|${A.groupAdd}|${A.groupEdit}`,
      summary: '考勤组可选护理员',
      query: groupNursingQuery,
      response: groupNursingAnswer,
      async handler({ db, user, query }) {
        const { rows } = await sql<{
          nursingId: number;
          realName: string;
          phoneNum: string;
          deptName: string | null;
          attendanceGroupPkId: number | null;
          groupName: string | null;
        }>`select e.empId as nursingId, e.empName as realName, e.phoneNum, d.deptName,
            m.attendanceGroupPkId, g.groupName
          from emp e left join dept d on d.deptId = e.deptId
          left join attendanceGroupNurse m on m.nursingId = e.empId and m.orgId = e.orgId
          left join attendanceGroup g on g.attendanceGroupPkId = m.attendanceGroupPkId
          where e.orgId = ${user.orgId} and e.status = 0 order by e.empId`.execute(db);
        const list = rows.map((r) => ({
          ...r,
          attendanceGroupPkId: r.attendanceGroupPkId === null ? null : Number(r.attendanceGroupPkId),
          selectable:
            r.attendanceGroupPkId === null || Number(r.attendanceGroupPkId) === query.attendanceGroupPkId,
        }));
        return { list, total: list.length, pageNum: 1, pageSize: list.length };
      },
    }),
    route({
      method: 'POST',
      url: P.clock,
      auth: A.clock,
      log: { type: 'ADD', name: '打卡' },
      body: clockBody,
      response: clockAnswer,
      async handler({ db, user, body, services, describe, requireDept }) {
        const staff = await db
          .selectFrom('emp')
          .select(['empName', 'status', 'deptId'])
          .where('empId', '=', body.nursingId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!staff) return refuse('员工不存在', Code.notFound);
        requireDept(staff.deptId);
        if (staff.status !== 0) refuse(`员工“${staff.empName}”已离职，不能打卡`, Code.actionRefused);
        const now = localDateTime(services.now());
        const at = body.clockTime
          ? body.clockTime.length === 16
            ? `${body.clockTime}:00`
            : body.clockTime
          : now;
        if (at > now) refuse('打卡时间不能晚于当前时间');
        const { rows: twin } = await sql`select 1 from attendanceClock where orgId = ${user.orgId}
          and nursingId = ${body.nursingId} and clockType = ${body.clockType} and clockTime = ${at}`.execute(
          db,
        );
        if (twin.length) refuse('该打卡记录已存在', Code.conflict);
        const { rows } = await sql<{
          clockId: number;
        }>`insert into attendanceClock (orgId, nursingId, clockType,
            clockTime, remark, createTime, updateTime, createBy)
          values (${user.orgId}, ${body.nursingId}, ${body.clockType}, ${at}, ${body.remark ?? null}, ${now}, ${now},
            ${user.userId}) returning clockId`.execute(db);
        describe(`${staff.empName}${body.clockType === 1 ? '上班' : '下班'}打卡：${at}`);
        return { clockId: Number(rows[0]?.clockId), clockTime: at };
      },
    }),
  ];
}
