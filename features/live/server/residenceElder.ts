import { sql } from 'kysely';
import { familyRows } from '../../../domain/api/oldman.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LiveAuthority as A, oldmanResource } from '../../../domain/resources/oldman.js';
import { LiveStatus, liveEditSchema, ResidencePaths as P } from '../../../domain/resources/residence.js';
import { AssessmentStatus } from '../../../domain/statuses/assessment.js';
import { inReadDepts } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, idsOf, noQuery } from '../../../server/http/schemas.js';
import { loadRow, type Row, updateRow } from '../../../server/resources/engine.js';
import { boundAssessment } from '../../care/server/assessmentRecords.js';
import {
  assessmentsEnabled,
  awaitingAssessmentRows,
  liveRecordSchema,
  residenceRow,
  residenceSaved,
} from '../api/residence.js';
import { record } from './residenceHistory.js';
import { decorateResidence, residenceView } from './residenceList.js';
import { fieldsOf, loadElder, statusName, today } from './residenceStore.js';

const oldmanParams = idsOf('oldmanId');
/** The admission assessment (type 1) is made before the elder is formally living. */
const ADMITTING = [LiveStatus.waiting, LiveStatus.reserved, LiveStatus.trial];

/** One elder's residence: the detail, its corrections, its history, and what it allows next. */
export const elderRoutes: AnyRoute[] = [
  route({
    method: 'GET',
    url: P.detail,
    auth: A.live,
    summary: '在住长者详情',
    params: idParams,
    query: noQuery,
    response: residenceRow,
    async handler(ctx) {
      const row = await loadRow(ctx, oldmanResource, ctx.params.id, { decorate: decorateResidence });
      return residenceView(row);
    },
  }),
  route({
    method: 'PUT',
    url: P.list,
    auth: A.liveChange,
    log: { type: 'UPDATE', name: '修改入住信息' },
    body: liveEditSchema,
    response: residenceSaved,
    async handler(ctx) {
      const body = ctx.body as Row;
      const existing = await loadElder(ctx, Number(body.oldmanId));
      if (body.checkInDate !== undefined) {
        const status = fieldsOf(existing).oldmanStatus;
        if (status !== LiveStatus.living && status !== LiveStatus.trial && status !== LiveStatus.quit)
          throw new ApiFailure(Code.conflict, `当前状态为${statusName(status)}，不能修改入住日期`);
        if (existing.leaveDate && String(body.checkInDate) > String(existing.leaveDate))
          throw new ApiFailure(Code.invalidInput, '入住日期不能晚于退住日期');
      }
      await updateRow(ctx, oldmanResource, {}, existing, body);
      ctx.describe(`修改入住信息：${String(existing.oldmanName)}`);
      return { oldmanId: Number(body.oldmanId) };
    },
  }),
  route({
    method: 'DELETE',
    url: P.one,
    auth: A.liveChange,
    log: { type: 'DELETE', name: '删除入住信息' },
    params: oldmanParams,
    response: residenceSaved,
    async handler(ctx) {
      const elder = await loadElder(ctx, ctx.params.oldmanId);
      const f = fieldsOf(elder);
      if (f.oldmanStatus !== LiveStatus.quit && f.oldmanStatus !== LiveStatus.cancelled)
        throw new ApiFailure(
          Code.conflict,
          `当前状态为${statusName(f.oldmanStatus)}，不能删除入住信息（仅已退住或已取消的可以删除）`,
        );
      await sql`update oldman set checkInDate = null, leaveDate = null, checkInSource = null, saleId = null,
        liveRemark = null, updateTime = ${nowStamp()} where oldmanId = ${Number(elder.oldmanId)}`.execute(
        ctx.db,
      );
      await record(ctx, {
        oldmanId: Number(elder.oldmanId),
        deptId: Number(elder.deptId),
        eventType: 'CLEAR',
        eventName: '删除入住信息',
        fromStatus: f.oldmanStatus,
        toStatus: f.oldmanStatus,
        fromBedId: null,
        toBedId: null,
        date: today(ctx),
        note: [f.checkInDate && `入住${f.checkInDate}`, f.leaveDate && `退住${f.leaveDate}`]
          .filter(Boolean)
          .join('，'),
      });
      ctx.describe(`删除入住信息：${String(elder.oldmanName)}`);
      return { oldmanId: Number(elder.oldmanId) };
    },
  }),
  route({
    method: 'GET',
    url: P.record,
    auth: A.live,
    summary: '长者入住记录',
    params: oldmanParams,
    query: noQuery,
    response: liveRecordSchema.array(),
    async handler(ctx) {
      const elder = await loadElder(ctx, ctx.params.oldmanId);
      return ctx.db
        .selectFrom('liveRecord')
        .select([
          'recordId',
          'oldmanId',
          'eventType',
          'eventName',
          'fromStatus',
          'toStatus',
          'fromBedName',
          'toBedName',
          'changeDate',
          'note',
          'userName',
          'createTime',
        ])
        .where('oldmanId', '=', Number(elder.oldmanId))
        .orderBy('recordId', 'desc')
        .execute();
    },
  }),
  route({
    method: 'GET',
    url: P.awaitingAssessment,
    auth: A.live,
    summary: '待入住评估的长者',
    query: noQuery,
    response: awaitingAssessmentRows,
    async handler({ db, user }) {
      // as enableAssessments/{oldmanId}/1 answers enable: being admitted, no submitted assessment
      const { rows } = await sql<{
        oldmanId: number;
        oldmanName: string;
        oldmanStatus: number;
        deptName: string | null;
        createTime: string;
      }>`select m.oldmanId, m.oldmanName, m.oldmanStatus, d.deptName, m.createTime
        from oldman m left join dept d on d.deptId = m.deptId
        where m.orgId = ${user.orgId} and ${inReadDepts('m.deptId', user)}
          and m.oldmanStatus in (${sql.join(ADMITTING)})
          and not exists (select 1 from assessment a where a.oldmanId = m.oldmanId
            and a.status = ${AssessmentStatus.submitted})
        order by m.createTime, m.oldmanId limit 500`.execute(db);
      return rows;
    },
  }),
  route({
    method: 'GET',
    url: P.enableAssessments,
    auth: A.live,
    summary: '可否做入住评估',
    params: oldmanParams,
    query: noQuery,
    response: assessmentsEnabled,
    async handler(ctx) {
      // The admission assessment (type 1) is made before the elder is formally living.
      const elder = await loadElder(ctx, ctx.params.oldmanId);
      const status = fieldsOf(elder).oldmanStatus;
      const admitting = (ADMITTING as number[]).includes(status);
      // …and only until a submitted (bound) assessment stands for the elder (care/assessment).
      const bound = admitting ? await boundAssessment(ctx.db, Number(elder.oldmanId)) : null;
      return {
        oldmanId: Number(elder.oldmanId),
        oldmanStatus: status,
        enable: admitting && !bound,
        reason: !admitting
          ? `当前状态为${statusName(status)}，不需要入住评估`
          : bound
            ? `已于${bound.assessDate}完成入住评估（${bound.gradeName ?? '已提交'}）`
            : '',
      };
    },
  }),
  route({
    method: 'GET',
    url: P.family,
    auth: A.live,
    summary: '长者家属',
    params: oldmanParams,
    query: noQuery,
    response: familyRows,
    async handler(ctx) {
      const elder = await loadElder(ctx, ctx.params.oldmanId);
      return ctx.db
        .selectFrom('oldmanFamily')
        .selectAll()
        .where('oldmanId', '=', Number(elder.oldmanId))
        .orderBy('familyId')
        .execute();
    },
  }),
];
