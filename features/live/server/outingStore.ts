import { sql } from 'kysely';
import { localDateTime, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { openOutStatuses, outgoingLiveStatuses } from '../../../domain/resources/outing.js';
import {
  type OutingEventType,
  type OutingFields,
  outingEvents,
  outingFieldsOf,
} from '../../../machines/outingMachine.js';
import { readConfig } from '../../../server/config.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, Row } from '../../../server/resources/engine.js';

/** What the outing calls share: the stored fields, the audit switch, the checks and the history. */
/** The home's wall-clock time now: what a time left out of a call means. */
export const nowLocal = (ctx: Ctx) => localDateTime(ctx.services.now());
export const refuse = (reason: string): never => {
  throw new ApiFailure(Code.outingRefused, reason);
};

export const fieldsOf = (row: Row): OutingFields => outingFieldsOf(row) ?? refuse('外出登记状态无效');

/** The organisation's 审核配置: does an outing plan need an audit (spec 000 §2 checkConfig)? */
export async function auditRequired(ctx: Ctx): Promise<boolean> {
  const { outingCheck } = await readConfig(ctx.db, ctx.user.orgId, 'checkConfig');
  return Number(outingCheck) === 1;
}

/** The user's name for the record: the employee's name, else the login name. */
export async function userNameOf(ctx: Ctx): Promise<string> {
  const emp = await ctx.db
    .selectFrom('emp')
    .select('empName')
    .where('empId', '=', ctx.user.empId)
    .executeTakeFirst();
  return emp?.empName || ctx.user.loginName;
}

/** One history row, in the change's transaction. */
export async function record(
  ctx: Ctx,
  row: Row,
  type: OutingEventType,
  before: OutingFields,
  next: OutingFields,
  eventTime: string | null,
  note: string,
) {
  await ctx.db
    .insertInto('oldmanOutRecord')
    .values({
      orgId: ctx.user.orgId,
      outId: Number(row.outId),
      oldmanId: Number(row.oldmanId),
      deptId: Number(row.deptId),
      eventType: type,
      eventName: outingEvents[type].label,
      fromStatus: before.outStatus,
      toStatus: next.outStatus,
      expectedReturnTime: next.expectedReturnTime,
      eventTime,
      note,
      userId: ctx.user.userId,
      userName: await userNameOf(ctx),
      createTime: nowStamp(),
    })
    .execute();
}

/** Only a resident (在住 or 试住) can go out, and only with no other outing open. */
export async function mayGoOut(ctx: Ctx, oldmanId: number, selfOutId: number | null) {
  const elder = await ctx.db
    .selectFrom('oldman')
    .select(['oldmanName', 'oldmanStatus'])
    .where('oldmanId', '=', oldmanId)
    .where('orgId', '=', ctx.user.orgId)
    .executeTakeFirst();
  if (!elder) throw new ApiFailure(Code.invalidInput, '外出长者不存在');
  if (!(outgoingLiveStatuses as readonly number[]).includes(Number(elder.oldmanStatus)))
    throw new ApiFailure(
      Code.elderCannotGoOut,
      `${elder.oldmanName}当前为${dictLabel('liveStatus', elder.oldmanStatus) || '未入住'}，只有在住或试住的长者可以外出`,
    );
  if (selfOutId !== null) return;
  const open = await sql<{ outId: number }>`select outId from oldmanOut where orgId = ${ctx.user.orgId}
    and oldmanId = ${oldmanId} and outStatus in (${sql.join([...openOutStatuses])}) limit 1`.execute(ctx.db);
  if (open.rows.length)
    throw new ApiFailure(Code.elderCannotGoOut, `${elder.oldmanName}已有未结束的外出登记，请先处理该登记`);
}
