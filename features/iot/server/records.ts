import { type SelectQueryBuilder, sql } from 'kysely';
import { type AlarmSource, placeText } from '../../../domain/alarms.js';
import { localDateTime, localDateTimeMs } from '../../../domain/clock.js';
import { waitedText } from '../../../domain/schedule.js';
import { alarmStateName } from '../../../machines/alarmMachine.js';
import type { Database } from '../../../server/db/schema.js';
import { heldDeptIds } from '../../../server/http/deptScope.js';
import { escapeLike, type ListRows, type ResourceHooks } from '../../../server/resources/engine.js';
import { toWire } from '../../../server/rules/alarms.js';
import {
  a10CallRecordResource,
  callRecordResource,
  mattressAlarmRecordResource,
  pntAlarmRecordResource,
  r6r7CallRecordResource,
} from '../resources/records.js';

/**
 * Alarm and call records as the engine's lists (features/iot/resources/records.ts). Their times are
 * epoch ms, so the lists are read here: filters by the days chosen (local time), the user's held
 * departments (live safety signals follow what a user holds, server/http/deptScope.ts), and the
 * local date-times people read; the engine parses, pages, exports and answers.
 */

type Page = { limit: number; offset: number } | null;

/** The first instant of a day 'YYYY-MM-DD' and of the day after it, local time. */
const dayStart = (day: string) => localDateTimeMs(`${day} 00:00:00`);
const dayAfter = (day: string) => localDateTimeMs(`${day} 24:00:00`);
const contains = (column: string, text: unknown) =>
  sql<boolean>`${sql.ref(column)} like ${`%${escapeLike(String(text))}%`} escape '\\'`;

async function countAndPage<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
  ordered: (q: SelectQueryBuilder<Database, TB, O>) => SelectQueryBuilder<Database, TB, O>,
  page: Page,
) {
  const { total } = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number };
  const rows = await (page ? ordered(query).limit(page.limit).offset(page.offset) : ordered(query)).execute();
  return { rows, total: Number(total) };
}

function alarmHooks(source: AlarmSource): ResourceHooks {
  return {
    async list(ctx, q, page): Promise<ListRows> {
      let query = ctx.db
        .selectFrom('alarmRecord')
        .selectAll()
        .where('orgId', '=', ctx.user.orgId)
        .where('source', '=', source)
        .where('deptId', 'in', heldDeptIds(ctx.user));
      if (q.status !== undefined) query = query.where('status', '=', Number(q.status));
      if (q.alarmType !== undefined) query = query.where('alarmType', '=', String(q.alarmType));
      if (q.oldmanName) query = query.where(contains('oldmanName', q.oldmanName));
      // a record open during the chosen days: its first alarm before they end, its last after they start
      if (q.firstAtStart) query = query.where('lastTime', '>=', dayStart(String(q.firstAtStart)));
      if (q.firstAtEnd) query = query.where('firstTime', '<', dayAfter(String(q.firstAtEnd)));
      // a snapshot bound (issue #19): the console fixes it when it reads page 1, so alarms raised
      // while someone pages do not push page 1's last row onto page 2
      const bound = Number(q.maxRecordId);
      if (q.maxRecordId !== undefined && Number.isInteger(bound))
        query = query.where('recordId', '<=', bound);
      const newest = q.sortField === 'recordId';
      const { rows, total } = await countAndPage(
        query,
        (x) =>
          newest
            ? x.orderBy('recordId', q.sortOrder === 'asc' ? 'asc' : 'desc')
            : x.orderBy('status').orderBy('severity', 'desc').orderBy('firstTime').orderBy('recordId'),
        page,
      );
      return {
        total,
        rows: rows.map((row) => ({
          ...toWire(row),
          // 状态 as the machine names it: an acknowledged open alarm is 已确认, not 未处理
          stateName: alarmStateName(toWire(row)),
          place: placeText(row),
          firstAt: localDateTime(row.firstTime),
          lastAt: localDateTime(row.lastTime),
          ackAt: row.ackTime === null ? null : localDateTime(row.ackTime),
          handleAt: row.handleTime === null ? null : localDateTime(row.handleTime),
        })),
      };
    },
  };
}

/** Calls of some models (null: every model), newest first. */
function callList(models: string[] | null): ResourceHooks['list'] {
  return async (ctx, q, page) => {
    let query = ctx.db
      .selectFrom('callRecord')
      .leftJoin('callDealType', 'callDealType.dealType', 'callRecord.dealType')
      .selectAll('callRecord')
      .select('callDealType.dealTypeName')
      .where('callRecord.orgId', '=', ctx.user.orgId)
      .where('callRecord.deptId', 'in', heldDeptIds(ctx.user));
    if (models) query = query.where('callRecord.model', 'in', models);
    if (q.oldmanName) query = query.where(contains('callRecord.oldmanName', q.oldmanName));
    if (q.callStatus !== undefined) query = query.where('callRecord.callStatus', '=', Number(q.callStatus));
    if (q.callAtStart) query = query.where('callRecord.callTime', '>=', dayStart(String(q.callAtStart)));
    if (q.callAtEnd) query = query.where('callRecord.callTime', '<', dayAfter(String(q.callAtEnd)));
    const { rows, total } = await countAndPage(
      query,
      (x) => x.orderBy('callRecord.callTime', 'desc').orderBy('callRecord.callId', 'desc'),
      page,
    );
    return {
      total,
      rows: rows.map((c) => ({
        ...c,
        place: placeText(c),
        callAt: localDateTime(c.callTime),
        clearAt: c.clearTime === null ? null : localDateTime(c.clearTime),
        responseText: c.answerTime === null ? null : waitedText(c.answerTime - c.callTime),
      })),
    };
  };
}

/** Setting a call's deal type (the engine's update): only on a call of a department the user holds. */
const callHooks = (models: string[] | null): ResourceHooks => ({
  list: callList(models),
  prepare(ctx, _row, existing) {
    if (existing) ctx.requireDept(Number(existing.deptId));
  },
});

/** The iot module's record lists and their hooks (features/iot/server/index.ts). */
export const recordResources = {
  [mattressAlarmRecordResource.name]: { hooks: alarmHooks('mattress') },
  [pntAlarmRecordResource.name]: { hooks: alarmHooks('pnt') },
  [callRecordResource.name]: { hooks: callHooks(null) },
  [r6r7CallRecordResource.name]: { hooks: callHooks(['R6', 'R7']) },
  [a10CallRecordResource.name]: { hooks: callHooks(['A10']) },
};
