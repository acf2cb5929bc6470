import { sql } from 'kysely';
import { nowStamp, today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { LEVEL_CHANGE_REFUSAL, LiveAuthority } from '../../../domain/resources/oldman.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import type { Ctx, ResourceHooks, Row } from '../../../server/resources/engine.js';

/**
 * 护理等级 changes that month-end bills read (features/expense/server/monthBill.ts careFeeLines): a level's
 * fee or an elder's level changed mid-month is charged by the days on each side of the change. An
 * edit takes effect on the day it is made, in the home's clock; 采纳建议 of an assessment from the day
 * chosen (features/care/server/adopt.ts). The level is the elder's alone: the profile holds the
 * current one, elderLevelChange its dated history (docs/decisions.md "One care level, the elder's").
 */

/** What a change replaced, kept between a row's prepare and its afterChange (same request). */
const replaced = new WeakMap<Ctx, Map<number, Row>>();
const remember = (ctx: Ctx, id: number, row: Row) => {
  const seen = replaced.get(ctx) ?? new Map<number, Row>();
  seen.set(id, row);
  replaced.set(ctx, seen);
};

/** The profile's two level fields: 护理等级 (what bills charge) and 能力等级. */
export const LEVEL_FIELDS = ['nursingLevel', 'selfCareAbility'] as const;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const abilityOf = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * A profile edit that changes 护理等级 or 能力等级 needs LiveAuthority.archivesLevel (401 otherwise); a
 * new profile starts with the level it is given.
 */
export function requireLevelAuthority(ctx: Pick<Ctx, 'user'>, row: Row, existing: Row | null | undefined) {
  if (!existing) return;
  const changes = LEVEL_FIELDS.some((f) => f in row && text(row[f]) !== text(existing[f]));
  if (changes && !ctx.user.authority.has(LiveAuthority.archivesLevel))
    throw new ApiFailure(Code.noAuthority, LEVEL_CHANGE_REFUSAL);
}

/**
 * Records that an elder's 护理等级 and/or 能力等级 went from `before` to `after` (fields absent from
 * `after` stay), from `effectiveDate` on (today by default) — with the assessment it was adopted
 * from, if any. Nothing when neither changed.
 */
export async function noteElderLevel(
  ctx: Ctx,
  oldmanId: number,
  before: Row,
  after: Row,
  options: { effectiveDate?: string; assessmentId?: number } = {},
): Promise<void> {
  const level = (row: Row) => text('nursingLevel' in row ? row.nursingLevel : before.nursingLevel);
  const ability = (row: Row) =>
    abilityOf('selfCareAbility' in row ? row.selfCareAbility : before.selfCareAbility);
  if (level(before) === level(after) && ability(before) === ability(after)) return;
  await sql`insert into elderLevelChange (orgId, oldmanId, oldLevel, newLevel, oldAbility, newAbility, assessmentId,
      effectiveDate, createTime, createBy)
    values (${ctx.user.orgId}, ${oldmanId}, ${level(before)}, ${level(after)}, ${ability(before)}, ${ability(after)},
      ${options.assessmentId ?? null}, ${options.effectiveDate ?? today()}, ${nowStamp()}, ${ctx.user.userId})`.execute(
    ctx.db,
  );
}

/** The day the elder's latest level change took effect, by elder (none: no change on record). */
export async function levelSince(db: Db, oldmanIds: readonly number[]): Promise<Map<number, string>> {
  if (!oldmanIds.length) return new Map();
  const { rows } = await sql<{ oldmanId: number; day: string }>`select oldmanId, max(effectiveDate) as day
    from elderLevelChange where oldmanId in (${sql.join([...new Set(oldmanIds)])})
    group by oldmanId`.execute(db);
  return new Map(rows.map((r) => [Number(r.oldmanId), String(r.day)]));
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
        const old = replaced.get(ctx)?.get(id);
        const now = await currentRow(ctx, 'oldman', 'oldmanId', id);
        if (old && now) await noteElderLevel(ctx, id, old, now);
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
        const old = replaced.get(ctx)?.get(id);
        const now = await currentRow(ctx, 'careLevel', 'levelId', id);
        if (!old || !now || Number(old.monthlyFee) === Number(now.monthlyFee)) continue;
        await sql`insert into careLevelFeeChange (orgId, levelId, levelName, oldFee, newFee, effectiveDate, createTime, createBy)
          values (${ctx.user.orgId}, ${id}, ${String(now.levelName)}, ${Number(old.monthlyFee)}, ${Number(now.monthlyFee)},
            ${today()}, ${nowStamp()}, ${ctx.user.userId})`.execute(ctx.db);
      }
    },
  };
}
