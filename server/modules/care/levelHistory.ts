import { sql } from 'kysely';
import { nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { ApiFailure } from '../../http/failure.js';
import type { Ctx, ResourceHooks, Row } from '../../resources/engine.js';

/**
 * 护理等级 changes that month-end bills read (server/billing/monthBill.ts careFeeLines): a level's
 * fee or an elder's level changed mid-month is charged by the days on each side of the change. A
 * change takes effect on the day it is made, in the home's clock (docs/decisions.md "Care: vital
 * signs and meals (issue #12)", billing).
 */

/** What a change replaced, kept between a row's prepare and its afterChange (same request). */
const before = new WeakMap<Ctx, Map<number, Row>>();
const remember = (ctx: Ctx, id: number, row: Row) => {
  const seen = before.get(ctx) ?? new Map<number, Row>();
  seen.set(id, row);
  before.set(ctx, seen);
};

/** Records that an elder's level went from `oldLevel` to `newLevel` today (nothing when equal). */
export async function noteElderLevel(
  ctx: Ctx,
  oldmanId: number,
  oldLevel: unknown,
  newLevel: unknown,
): Promise<void> {
  const from = String(oldLevel ?? '');
  const to = String(newLevel ?? '');
  if (from === to) return;
  await sql`insert into elderLevelChange (orgId, oldmanId, oldLevel, newLevel, effectiveDate, createTime, createBy)
    values (${ctx.user.orgId}, ${oldmanId}, ${from}, ${to}, ${today()}, ${nowStamp()}, ${ctx.user.userId})`.execute(
    ctx.db,
  );
}

async function currentRow(ctx: Ctx, table: string, idField: string, id: number): Promise<Row | undefined> {
  const found = await sql<Row>`select * from ${sql.id(table)} where ${sql.id(idField)} = ${id}`.execute(
    ctx.db,
  );
  return found.rows[0];
}

/** The elder profile's hooks, with its level changes recorded. */
export function withElderLevelHistory(hooks: ResourceHooks): ResourceHooks {
  return {
    ...hooks,
    async prepare(ctx, row, existing) {
      if (existing) remember(ctx, Number(existing.oldmanId), existing);
      await hooks.prepare?.(ctx, row, existing);
    },
    async afterChange(ctx, change) {
      await hooks.afterChange?.(ctx, change);
      if (change.action !== 'update') return;
      for (const id of change.ids) {
        const old = before.get(ctx)?.get(id);
        const now = await currentRow(ctx, 'oldman', 'oldmanId', id);
        if (old && now) await noteElderLevel(ctx, id, old.nursingLevel, now.nursingLevel);
      }
    },
  };
}

/**
 * The care level's hooks: fee changes recorded; a level some elders hold keeps its name (their
 * profiles name it, and the bill finds the fee by that name).
 */
export function withLevelFeeHistory(hooks: ResourceHooks = {}): ResourceHooks {
  return {
    ...hooks,
    async prepare(ctx, row, existing) {
      if (existing) {
        remember(ctx, Number(existing.levelId), existing);
        if (typeof row.levelName === 'string' && row.levelName !== existing.levelName) {
          const held = await sql<{ n: number }>`select count(*) as n from oldman
            where orgId = ${ctx.user.orgId} and nursingLevel = ${String(existing.levelName)}`.execute(ctx.db);
          const n = Number(held.rows[0]?.n ?? 0);
          if (n > 0)
            throw new ApiFailure(
              Code.conflict,
              `护理等级“${String(existing.levelName)}”有${n}位长者正在使用，不能改名`,
            );
        }
      }
      await hooks.prepare?.(ctx, row, existing);
    },
    async afterChange(ctx, change) {
      await hooks.afterChange?.(ctx, change);
      if (change.action !== 'update') return;
      for (const id of change.ids) {
        const old = before.get(ctx)?.get(id);
        const now = await currentRow(ctx, 'careLevel', 'levelId', id);
        if (!old || !now || Number(old.monthlyFee) === Number(now.monthlyFee)) continue;
        await sql`insert into careLevelFeeChange (orgId, levelId, levelName, oldFee, newFee, effectiveDate, createTime, createBy)
          values (${ctx.user.orgId}, ${id}, ${String(now.levelName)}, ${Number(old.monthlyFee)}, ${Number(now.monthlyFee)},
            ${today()}, ${nowStamp()}, ${ctx.user.userId})`.execute(ctx.db);
      }
    },
  };
}
