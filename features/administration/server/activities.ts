import { sql } from 'kysely';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { IN_HOUSE_STATUSES } from '../../../domain/resources/residence.js';
import {
  type ActivityEvent,
  ActivityPhase,
  type ActivityPhaseName,
  ActivityStatus,
  activityEvents,
  activityPhase,
  activityWorkflow,
} from '../../../machines/activityMachine.js';
import { advance, offers } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import type { ServerResource } from '../../../server/modules/types.js';
import { type Ctx, loadRow, type ResourceHooks, type Row } from '../../../server/resources/engine.js';
import {
  ActivityAuthority as A,
  activitySaved,
  activitySummary,
  cancelBody,
  elderOfActivityBody,
  ActivityPaths as P,
  registerRow,
  registerSaved,
  signSaved,
} from '../api/activities.js';
import { activityRegisterResource, activityResource, activitySignResource } from '../resources/activities.js';
import { statisticRoute } from './activityStatistic.js';

export const SignStatus = { none: 0, signedIn: 1, signedOut: 2 } as const;

const fail = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};

/** The phase of each row, with the clock of the read (list and detail). */
async function decorateActivities(db: Db, rows: Row[], now: string) {
  const ids = rows.map((r) => Number(r.activityId));
  if (!ids.length) return;
  const signed = await sql<{ activityId: number; n: number }>`select activityId, count(*) as n
    from piActivityRegister where signStatus >= ${SignStatus.signedIn} and activityId in (${sql.join(ids)})
    group by activityId`.execute(db);
  const by = new Map(signed.rows.map((r) => [Number(r.activityId), Number(r.n)]));
  for (const r of rows) {
    r.activityState = ActivityPhase[activityPhase(r, now)];
    r.placesLeft = Math.max(0, Number(r.capacity) - Number(r.registerCount ?? 0));
    r.signInCount = by.get(Number(r.activityId)) ?? 0;
  }
}

const activityHooks: ResourceHooks = {
  prepare(ctx, row) {
    const [rs, re, st, et] = [row.registerStart, row.registerEnd, row.startTime, row.endTime].map(String);
    if (String(rs) >= String(re)) fail('报名截止时间须晚于报名开始时间');
    if (String(re) > String(st)) fail('报名截止时间不能晚于活动开始时间');
    if (String(st) >= String(et)) fail('活动结束时间须晚于活动开始时间');
    if (String(et) <= localDateTime(ctx.services.now())) fail('活动结束时间须晚于当前时间');
    row.registerCount = 0;
    row.activityStatus = ActivityStatus.normal;
  },
  async beforeRemove(ctx, row) {
    // one not to be deleted (begun, or with registrations) is refused by the definition's rowRules
    await sql`delete from piActivityRegister where activityId = ${Number(row.activityId)}`.execute(ctx.db);
  },
  decorate: (db, rows) => decorateActivities(db, rows, nowStamp()),
};

/** A registration row shows its activity's name and phase. */
const registrationHooks = (signsOnly: boolean): ResourceHooks => ({
  async decorate(db, rows) {
    const ids = [...new Set(rows.map((r) => Number(r.activityId)))];
    if (!ids.length) return;
    const found = await sql<Row>`select activityId, activityName, activityStatus, registerStart, registerEnd,
      startTime, endTime from piActivity where activityId in (${sql.join(ids)})`.execute(db);
    const now = nowStamp();
    const by = new Map(found.rows.map((a) => [Number(a.activityId), a]));
    for (const r of rows) {
      const a = by.get(Number(r.activityId));
      r.activityName = a?.activityName ?? '';
      r.activityState = a ? ActivityPhase[activityPhase(a, now)] : null;
    }
  },
  // 活动签到 lists the registrations of activities that have begun (not cancelled)
  listWhere: signsOnly
    ? () => [
        sql`t.activityId in (select activityId from piActivity where startTime <= ${nowStamp()}
          and activityStatus = ${ActivityStatus.normal})`,
      ]
    : undefined,
});

export const activityServerResources: Record<string, ServerResource> = {
  [activityResource.name]: { hooks: activityHooks },
  [activityRegisterResource.name]: { hooks: registrationHooks(false) },
  [activitySignResource.name]: { hooks: registrationHooks(true) },
};

/** The activity of the user's organisation and departments, with its phase now. */
async function activityOf(ctx: Ctx, activityId: number) {
  const row = await loadRow(ctx, activityResource, activityId);
  const phase: ActivityPhaseName = activityPhase(row, localDateTime(ctx.services.now()));
  row.activityState = ActivityPhase[phase];
  return { row, phase };
}

/** The machine's answer to a staff event, or its refusal (10010, the state named). */
function check(row: Row, event: ActivityEvent) {
  const next = advance(activityWorkflow, row, event, activityEvents[event.type].label);
  if (!next.ok) fail(next.reason, Code.actionRefused);
}

async function registrationOf(db: Db, activityId: number, oldmanId: number) {
  const found = await sql<Row>`select registerId, signStatus from piActivityRegister
    where activityId = ${activityId} and oldmanId = ${oldmanId}`.execute(db);
  return found.rows[0] ?? null;
}

async function summaryOf(ctx: Ctx, activityId: number) {
  const { row } = await activityOf(ctx, activityId);
  const counts = await sql<{ signedIn: number; signedOut: number }>`select
      coalesce(sum(case when signStatus >= ${SignStatus.signedIn} then 1 else 0 end), 0) as signedIn,
      coalesce(sum(case when signStatus = ${SignStatus.signedOut} then 1 else 0 end), 0) as signedOut
    from piActivityRegister where activityId = ${activityId}`.execute(ctx.db);
  const registerCount = Number(row.registerCount ?? 0);
  return {
    ...row,
    activityId,
    activityName: String(row.activityName),
    activityState: Number(row.activityState),
    capacity: Number(row.capacity),
    registerCount,
    placesLeft: Math.max(0, Number(row.capacity) - registerCount),
    signInCount: Number(counts.rows[0]?.signedIn ?? 0),
    signOutCount: Number(counts.rows[0]?.signedOut ?? 0),
  };
}

/** Spec 001 §7 "Activities": cancel, statistics, registration and sign-in of the elders. */
export function activityRoutes(): AnyRoute[] {
  const summaryRoute = (url: string, auth: string, summary: string) =>
    route({
      method: 'GET',
      url,
      auth,
      summary,
      params: idParams,
      query: noQuery,
      response: activitySummary,
      handler: (ctx) => summaryOf(ctx, ctx.params.id),
    });
  return [
    route({
      method: 'PUT',
      url: P.cancel,
      auth: A.cancel,
      body: cancelBody,
      response: activitySaved,
      log: { type: 'UPDATE', name: '取消活动' },
      async handler(ctx) {
        const { activityId, cancelReason } = ctx.body;
        const { row } = await activityOf(ctx, activityId);
        check(row, { type: 'activity.cancel' });
        const stamp = localDateTime(ctx.services.now());
        // still before its start and not cancelled by someone else meanwhile
        const changed = await sql`update piActivity set activityStatus = ${ActivityStatus.cancelled},
            cancelReason = ${cancelReason ?? ''}, cancelTime = ${stamp}, updateTime = ${stamp}
          where activityId = ${activityId} and activityStatus = ${ActivityStatus.normal}
            and startTime > ${stamp}`.execute(ctx.db);
        if (!Number(changed.numAffectedRows ?? 0)) fail('活动已被他人修改，请刷新后重试', Code.actionRefused);
        ctx.describe(`取消活动：${String(row.activityName)}`);
        return { activityId };
      },
    }),
    statisticRoute(),
    summaryRoute(P.registerSummary, `${A.register}|${A.activity}`, '活动报名概况'),
    route({
      method: 'GET',
      url: P.registersOf,
      auth: `${A.register}|${A.sign}|${A.activity}`,
      summary: '活动的报名长者',
      params: idParams,
      query: noQuery,
      response: registerRow.array(),
      async handler(ctx) {
        await activityOf(ctx, ctx.params.id);
        const found =
          await sql<Row>`select r.registerId, r.oldmanId, o.oldmanName, r.registerTime, r.signStatus,
            r.signInTime, r.signOutTime, r.registerBy
          from piActivityRegister r join oldman o on o.oldmanId = r.oldmanId
          where r.activityId = ${ctx.params.id} order by r.registerId`.execute(ctx.db);
        return found.rows;
      },
    }),
    route({
      method: 'PUT',
      url: P.registers,
      auth: A.registerAdd,
      body: elderOfActivityBody,
      response: registerSaved,
      log: { type: 'ADD', name: '活动报名' },
      async handler(ctx) {
        const { activityId, oldmanId } = ctx.body;
        const { row } = await activityOf(ctx, activityId);
        const elder = await sql<Row>`select oldmanName, deptId, oldmanStatus from oldman
          where oldmanId = ${oldmanId} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
        const e = elder.rows[0] ?? fail('长者不存在', Code.notFound);
        if (!IN_HOUSE_STATUSES.includes(Number(e.oldmanStatus)))
          fail(`${String(e.oldmanName)}不在院，不能报名`);
        if (Number(e.deptId) !== Number(row.deptId)) fail('只能为活动所属部门的长者报名');
        const registered = (await registrationOf(ctx.db, activityId, oldmanId)) !== null;
        if (row.activityState === ActivityPhase.registrationOpen) {
          if (registered) fail(`${String(e.oldmanName)}已报名该活动`, Code.conflict);
          if (Number(row.registerCount) >= Number(row.capacity)) fail('活动名额已满', Code.actionRefused);
        }
        check(row, { type: 'activity.register', registered });
        // One statement counts and takes the place: two clerks at the last place, one wins.
        const taken = await sql`update piActivity set registerCount = registerCount + 1
          where activityId = ${activityId} and registerCount < capacity`.execute(ctx.db);
        if (!Number(taken.numAffectedRows ?? 0)) fail('活动名额已满', Code.actionRefused);
        const stamp = localDateTime(ctx.services.now());
        const inserted = await sql<{ registerId: number }>`insert into piActivityRegister (orgId, deptId,
            activityId, oldmanId, registerTime, registerBy, signStatus, createTime, updateTime, createBy)
          values (${ctx.user.orgId}, ${Number(row.deptId)}, ${activityId}, ${oldmanId}, ${stamp},
            (select coalesce((select empName from emp where empId = ${ctx.user.empId}), ${ctx.user.loginName})), ${SignStatus.none}, ${stamp}, ${stamp}, ${ctx.user.userId})
          returning registerId`.execute(ctx.db);
        const registerCount = Number(row.registerCount) + 1;
        ctx.describe(`活动报名：${String(row.activityName)}，${String(e.oldmanName)}`);
        return {
          registerId: Number(inserted.rows[0]?.registerId),
          registerCount,
          placesLeft: Math.max(0, Number(row.capacity) - registerCount),
        };
      },
    }),
    route({
      method: 'PUT',
      url: P.unregister,
      auth: A.registerAdd,
      body: elderOfActivityBody,
      response: registerSaved,
      log: { type: 'DELETE', name: '取消报名' },
      async handler(ctx) {
        const { activityId, oldmanId } = ctx.body;
        const { row } = await activityOf(ctx, activityId);
        const reg = await registrationOf(ctx.db, activityId, oldmanId);
        if (reg === null && offers(activityWorkflow, row, 'activity.unregister'))
          fail('该长者未报名该活动', Code.notFound);
        check(row, { type: 'activity.unregister', registered: reg !== null });
        const stamp = localDateTime(ctx.services.now());
        // still before its start and not cancelled meanwhile: the place is freed in one statement
        const freed = await sql`update piActivity set registerCount = registerCount - 1, updateTime = ${stamp}
          where activityId = ${activityId} and registerCount > 0 and startTime > ${stamp}
            and activityStatus = ${ActivityStatus.normal}`.execute(ctx.db);
        if (!Number(freed.numAffectedRows ?? 0)) fail('活动已开始或已取消，不能取消报名', Code.actionRefused);
        const removed = await sql`delete from piActivityRegister
          where registerId = ${Number(reg?.registerId)}`.execute(ctx.db);
        // two clerks cancelling the same registration: the second one's count change rolls back
        if (!Number(removed.numAffectedRows ?? 0)) fail('报名已被他人取消，请刷新后重试', Code.actionRefused);
        const elder = await sql<{ oldmanName: string }>`select oldmanName from oldman
          where oldmanId = ${oldmanId}`.execute(ctx.db);
        ctx.describe(`取消报名：${String(row.activityName)}，${elder.rows[0]?.oldmanName ?? oldmanId}`);
        const registerCount = Number(row.registerCount) - 1;
        return {
          registerId: Number(reg?.registerId),
          registerCount,
          placesLeft: Math.max(0, Number(row.capacity) - registerCount),
        };
      },
    }),
    summaryRoute(P.signSummary, `${A.sign}|${A.activity}`, '活动签到概况'),
    signRoute('signIn'),
    signRoute('signOut'),
  ];
}

function signRoute(kind: 'signIn' | 'signOut'): AnyRoute {
  const label = kind === 'signIn' ? '签到' : '签退';
  return route({
    method: 'PUT',
    url: kind === 'signIn' ? P.signIn : P.signOut,
    auth: A.signDo,
    body: elderOfActivityBody,
    response: signSaved,
    log: { type: 'UPDATE', name: `活动${label}` },
    async handler(ctx) {
      const { activityId, oldmanId } = ctx.body;
      const { row } = await activityOf(ctx, activityId);
      const reg = await registrationOf(ctx.db, activityId, oldmanId);
      const status = Number(reg?.signStatus ?? SignStatus.none);
      if (row.activityState === ActivityPhase.held) {
        if (!reg) fail(`该长者未报名此活动，不能${label}`);
        if (kind === 'signIn' && status >= SignStatus.signedIn) fail('该长者已签到', Code.conflict);
        if (kind === 'signOut' && status === SignStatus.none) fail('该长者尚未签到，不能签退');
        if (kind === 'signOut' && status === SignStatus.signedOut) fail('该长者已签退', Code.conflict);
      }
      check(
        row,
        kind === 'signIn'
          ? { type: 'activity.signIn', registered: reg !== null, signedIn: status >= SignStatus.signedIn }
          : {
              type: 'activity.signOut',
              signedIn: status >= SignStatus.signedIn,
              signedOut: status === SignStatus.signedOut,
            },
      );
      const stamp = localDateTime(ctx.services.now());
      const next = kind === 'signIn' ? SignStatus.signedIn : SignStatus.signedOut;
      const timeColumn = sql.id(kind === 'signIn' ? 'signInTime' : 'signOutTime');
      const changed = await sql`update piActivityRegister set signStatus = ${next}, ${timeColumn} = ${stamp},
          updateTime = ${stamp} where registerId = ${Number(reg?.registerId)} and signStatus = ${status}`.execute(
        ctx.db,
      );
      if (!Number(changed.numAffectedRows ?? 0))
        fail('签到记录已被他人修改，请刷新后重试', Code.actionRefused);
      ctx.describe(`活动${label}：${String(row.activityName)}`);
      return { registerId: Number(reg?.registerId), signStatus: next };
    },
  });
}
