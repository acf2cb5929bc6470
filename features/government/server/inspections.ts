import { sql } from 'kysely';
import { satisfies } from '../../../domain/authorityExpr.js';
import { localDateTime, localDay, nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { RecordStatus } from '../../../domain/statuses/government.js';
import { inspectionEvents, inspectionWorkflow } from '../../../machines/inspectionMachine.js';
import { advance } from '../../../machines/workflow.js';
import { defaultDeptId } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery } from '../../../server/http/schemas.js';
import { loadRow } from '../../../server/resources/engine.js';
import {
  GovernmentAuthority as A,
  checklistAnswer,
  inspectBody,
  inspectSaved,
  GovernmentPaths as P,
  problemMissingMessage,
  recordEventBody,
  recordSaved,
} from '../api.js';
import { checklistItemOf, inspectChecklist } from '../checklist.js';
import { inspectRecordResource } from '../resources.js';

/** Spec 001 §7 "Government inspection": the checklist, a new inspection, a record's rectification. */
export function inspectionRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.issue,
      auth: `${A.inspect}|${A.rectify}`,
      summary: '检查项目清单',
      query: noQuery,
      response: checklistAnswer,
      handler: async () => inspectChecklist,
    }),
    route({
      method: 'POST',
      url: P.inspect,
      auth: A.inspectAdd,
      body: inspectBody,
      response: inspectSaved,
      log: { type: 'ADD', name: '新增检查记录' },
      async handler({ db, user, body, services, requireDept, describe }) {
        const seen = new Set<number>();
        for (const r of body.results) {
          const item = checklistItemOf(r.itemNo);
          if (!item) throw new ApiFailure(Code.invalidInput, `检查项目${r.itemNo}不存在`);
          if (seen.has(r.itemNo)) throw new ApiFailure(Code.invalidInput, `检查项目${r.itemNo}重复`);
          seen.add(r.itemNo);
          if (!r.passed && !r.problem)
            throw new ApiFailure(Code.invalidInput, problemMissingMessage(r.itemNo, item.itemName));
        }
        if (body.inspectDate > localDay(services.now()))
          throw new ApiFailure(Code.invalidInput, '检查日期不能晚于今天');
        const deptId = body.deptId ?? defaultDeptId(user);
        requireDept(deptId);
        const issues = body.results.filter((r) => !r.passed);
        const stamp = nowStamp();
        const inserted = await sql<{ inspectId: number }>`insert into inspect (orgId, deptId, inspectDate,
            inspectUnit, inspectorName, itemCount, issueCount, remark, createTime, updateTime, createBy)
          values (${user.orgId}, ${deptId}, ${body.inspectDate}, ${body.inspectUnit}, ${body.inspectorName},
            ${body.results.length}, ${issues.length}, ${body.remark ?? null}, ${stamp}, ${stamp}, ${user.userId})
          returning inspectId`.execute(db);
        const inspectId = Number(inserted.rows[0]?.inspectId);
        for (const r of issues) {
          const item = checklistItemOf(r.itemNo);
          await sql`insert into inspectRecord (orgId, deptId, inspectId, inspectDate, itemNo, category,
              itemName, problem, issuePhotos, recordStatus, rectifyPhotos, overdue, createTime, updateTime, createBy)
            values (${user.orgId}, ${deptId}, ${inspectId}, ${body.inspectDate}, ${r.itemNo},
              ${item?.category ?? ''}, ${item?.itemName ?? ''}, ${r.problem ?? ''},
              ${JSON.stringify(r.issuePhotos ?? [])}, ${RecordStatus.registered}, ${'[]'}, ${0},
              ${stamp}, ${stamp}, ${user.userId})`.execute(db);
        }
        describe(`新增检查记录：${body.inspectDate} ${body.inspectUnit}，问题${issues.length}项`);
        return { inspectId, issueCount: issues.length };
      },
    }),
    route({
      method: 'PUT',
      url: P.recordOne,
      auth: `${A.rectifyAssign}|${A.rectifySubmit}`,
      params: idParams,
      body: recordEventBody,
      response: recordSaved,
      log: { type: 'UPDATE', name: '整改' },
      async handler(ctx) {
        const { body, params, user } = ctx;
        const needed = body.event === 'inspection.assign' ? A.rectifyAssign : A.rectifySubmit;
        if (!satisfies(user.authority, needed)) throw new ApiFailure(Code.noAuthority, '权限不足');
        const row = await loadRow(ctx, inspectRecordResource, params.id);
        const now = ctx.services.now();
        const event =
          body.event === 'inspection.assign'
            ? { type: body.event, ...body, today: localDay(now) }
            : { type: body.event, ...body, at: localDateTime(now) };
        const label = inspectionEvents[body.event].label;
        if (body.event === 'inspection.assign' && body.rectifyDeadline < localDay(now))
          throw new ApiFailure(Code.invalidInput, '整改期限不能早于今天');
        const next = advance(inspectionWorkflow, row, event, label);
        if (!next.ok) throw new ApiFailure(Code.actionRefused, next.reason);
        const f = next.fields;
        const changed = await sql`update inspectRecord set recordStatus = ${Number(f.recordStatus)},
            rectifyUserName = ${(f.rectifyUserName as string | null) ?? null},
            rectifyDeadline = ${(f.rectifyDeadline as string | null) ?? null},
            rectifyContent = ${(f.rectifyContent as string | null) ?? null},
            rectifyPhotos = ${JSON.stringify(f.rectifyPhotos ?? [])},
            rectifyTime = ${(f.rectifyTime as string | null) ?? null}, overdue = ${Number(f.overdue)},
            updateTime = ${nowStamp()}
          where inspectRecordId = ${params.id} and recordStatus = ${Number(row.recordStatus)}`.execute(
          ctx.db,
        );
        if (!Number(changed.numAffectedRows ?? 0))
          throw new ApiFailure(Code.actionRefused, '整改记录已被他人修改，请刷新后重试');
        ctx.describe(`${label}：${String(row.itemName)}`);
        return { inspectRecordId: params.id, recordStatus: Number(f.recordStatus) };
      },
    }),
  ];
}
