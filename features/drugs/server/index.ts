import { sql } from 'kysely';
import { z } from 'zod';
import { nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { bodySchema } from '../../../domain/resource.js';
import { elderDept } from '../../../server/http/deptScope.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { noQuery } from '../../../server/http/schemas.js';
import type { ServerModule } from '../../../server/modules/types.js';
import {
  DrugAuthority as A,
  drugOption,
  KeepType,
  keepReconcileAnswer,
  DrugApi as P,
  roundAnswer,
  roundAnswerSchema,
  roundBody,
  roundDoseAnswer,
  roundDoseBody,
  roundQuery,
  useBody,
  useKeepQuery,
  useKeepRow,
} from '../api.js';
import { takeResource } from '../module.js';
import { giveDose, operatorName, reconcileKeeps, takeLabel, takeOut, writeMovement } from './custody.js';
import { keepStockList } from './keepStock.js';
import { medicationRound, recordDose, roundToday } from './round.js';
import { checkSchedule } from './schedule.js';

const useResultSchema = z.object({ useId: z.number().int() });
const takeResultSchema = z.object({ takeId: z.number().int() });

/** 药品管理 (issue #16): doses, take-outs, the open custody records of an elder, a round of doses. */
function drugRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.dictNoPage,
      auth: `${A.drugList}|${A.deposited}|${A.set}|${A.useList}|${A.drugGet}|${A.stock}|${A.stockRecord}`,
      summary: '药品选项',
      query: noQuery,
      response: drugOption.array(),
      async handler(ctx) {
        const { rows } = await sql<{ drugId: number; drugName: string; drugSpec: string; unit: string }>`
          select drugId, drugName, coalesce(drugSpec, '') as drugSpec, coalesce(unit, '') as unit
          from drugDict where orgId = ${ctx.user.orgId} order by drugName, drugId`.execute(ctx.db);
        return rows;
      },
    }),
    route({
      method: 'POST',
      url: P.use,
      auth: A.use,
      body: useBody,
      response: useResultSchema,
      log: { type: 'ADD', name: '用药' },
      async handler(ctx) {
        const given = await giveDose(ctx.db, ctx.user, ctx.body);
        ctx.describe(`用药：${given.text}`);
        return { useId: given.id };
      },
    }),
    route({
      method: 'POST',
      url: P.useIds,
      auth: A.use,
      body: roundBody,
      response: roundAnswer,
      log: { type: 'ADD', name: '批量用药' },
      async handler(ctx) {
        // one transaction (the route's): a dose that does not fit refuses the whole round
        const given: { id: number; text: string }[] = [];
        for (const dose of ctx.body.doses)
          given.push(await giveDose(ctx.db, ctx.user, { ...dose, remark: ctx.body.remark ?? '' }));
        ctx.describe(`批量用药：${given.map((g) => g.text).join('、')}`.slice(0, 200));
        return { useIds: given.map((g) => g.id) };
      },
    }),
    route({
      method: 'GET',
      url: P.useKeep,
      auth: `${A.use}|${A.deposited}`,
      summary: '长者的寄存药品',
      query: useKeepQuery,
      response: useKeepRow.array(),
      async handler(ctx) {
        await elderDept(ctx, ctx.query.oldmanId);
        const { rows } = await sql<Record<string, unknown>>`select k.keepId, k.drugId,
            coalesce(d.drugName, '') as drugName, coalesce(d.drugSpec, '') as drugSpec, k.unit,
            k.restQuantity, k.expiryDate
          from drugKeep k join drugDict d on d.drugId = k.drugId
          where k.orgId = ${ctx.user.orgId} and k.oldmanId = ${ctx.query.oldmanId}
            and k.keepState in (1, 2) and k.restQuantity > 0
          order by k.expiryDate, k.keepId`.execute(ctx.db);
        return rows.map((r) => ({
          keepId: Number(r.keepId),
          drugId: Number(r.drugId),
          drugName: String(r.drugName),
          drugSpec: String(r.drugSpec),
          unit: String(r.unit ?? ''),
          restQuantity: Number(r.restQuantity),
          expiryDate: String(r.expiryDate ?? ''),
        }));
      },
    }),
    route({
      method: 'POST',
      url: P.take,
      auth: A.take,
      body: bodySchema(takeResource, 'create'),
      response: takeResultSchema,
      log: { type: 'ADD', name: '取药' },
      async handler(ctx) {
        const body = ctx.body as {
          keepId: number;
          takeType: number;
          quantity: number;
          receiverName: string;
          remark?: string;
        };
        const taken = await takeOut(ctx.db, ctx.user, body);
        ctx.describe(`${takeLabel(body.takeType)}：${taken.text}`);
        return { takeId: taken.id };
      },
    }),
    route({
      method: 'GET',
      url: P.round,
      auth: A.round,
      summary: '今日用药（按楼层的应服药品）',
      query: roundQuery,
      response: roundAnswerSchema,
      handler: (ctx) =>
        medicationRound(ctx, ctx.query.roundDate ?? roundToday(ctx), {
          floorId: ctx.query.floorId,
          buildingId: ctx.query.buildingId,
        }),
    }),
    route({
      method: 'PUT',
      url: P.roundDose,
      auth: A.roundDo,
      summary: '服药、拒服或暂停一次应服的药',
      body: roundDoseBody,
      response: roundDoseAnswer,
      log: { type: 'UPDATE', name: '今日用药' },
      handler: (ctx) => recordDose(ctx, ctx.body),
    }),
    route({
      method: 'GET',
      url: P.keepReconcile,
      auth: `${A.stock}|${A.stockRecord}`,
      summary: '寄存药品库存核对',
      query: noQuery,
      response: keepReconcileAnswer,
      handler: (ctx) => reconcileKeeps(ctx.db, ctx.user.orgId),
    }),
  ];
}

export const drugsServer: ServerModule = {
  resources: {
    drugDict: {
      hooks: {
        // a drug in custody or on a schedule stays: the ledger and the schedule name it
        async beforeRemove(ctx, row) {
          const { rows } = await sql`select 1 from drugKeep where drugId = ${row.drugId}
            union all select 1 from drugSet where drugId = ${row.drugId} limit 1`.execute(ctx.db);
          if (rows[0])
            throw new ApiFailure(
              Code.actionRefused,
              `药品“${String(row.drugName)}”已有代管记录或用药设置，不能删除`,
            );
        },
      },
    },
    drugKeep: {
      hooks: {
        async prepare(ctx, row, existing) {
          if (existing) throw new ApiFailure(Code.actionRefused, '代管登记不能修改');
          row.deptId = await elderDept(ctx, Number(row.oldmanId));
          const drug = await sql<{ unit: string }>`select unit from drugDict
            where drugId = ${Number(row.drugId)} and orgId = ${ctx.user.orgId}`.execute(ctx.db);
          if (!drug.rows[0]) throw new ApiFailure(Code.invalidInput, '药品不存在');
          if (String(row.expiryDate) < today())
            throw new ApiFailure(Code.invalidInput, '药品已过有效期，不能登记代管');
          row.unit = drug.rows[0].unit;
          row.restQuantity = Number(row.quantity);
          row.receiveTime = nowStamp();
          row.receiverName = await operatorName(ctx.db, ctx.user);
        },
        // the handover is the custody record's first movement
        async afterChange(ctx, change) {
          if (change.action !== 'create') return;
          for (const keepId of change.ids) {
            const { rows } = await sql<Record<string, unknown>>`select * from drugKeep
              where keepId = ${keepId}`.execute(ctx.db);
            const k = rows[0];
            if (!k) continue;
            ctx.describe(`代管登记：${String(k.quantity)}${String(k.unit)}，交药人${String(k.handedBy)}`);
            await writeMovement(ctx.db, {
              keep: k as never,
              keepType: KeepType.receive,
              quantity: Number(k.quantity),
              balanceAfter: Number(k.restQuantity),
              docId: keepId,
              moveTime: String(k.receiveTime),
              operatorName: String(k.receiverName),
            });
          }
        },
      },
    },
    drugKeepStock: { hooks: { list: keepStockList } },
    drugSet: { hooks: { prepare: checkSchedule } },
    drugUse: { handwritten: ['create'] },
    drugTake: { handwritten: ['create'] },
  },
  routes: drugRoutes,
};
