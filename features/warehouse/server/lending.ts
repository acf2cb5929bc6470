import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { LendState } from '../../../domain/statuses/warehouse.js';
import {
  codeOfLendState,
  lendStateLabels,
  lendStateOf,
  nextLendState,
} from '../../../machines/lendMachine.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idsOf, noQuery } from '../../../server/http/schemas.js';
import {
  WarehouseAuthority as A,
  type LendReturnBody,
  lendLogRow,
  lendOutAnswer,
  lendReturnBody,
  lendReturned,
  MovementType,
  WarehouseApi as P,
} from '../api.js';
import { docRow, kinds, nextDocNo, operatorName, type Who } from './documents.js';
import { postMovements } from './ledger.js';

/**
 * 借用 (issue #16): a lending is a document of the ledger (kinds.lend: LEND movements out of the
 * depot); its returns are rows of storageLendReturn whose lines are RETURN movements back into the
 * same depot. What is still out of a line = lent − returned, read from the ledger itself.
 */
const RETURN_KIND = 'lendReturn';
const returns = { table: 'storageLendReturn', prefix: 'GH' };

export async function outOf(db: Db, orgId: number, lendId: number) {
  const lend = await docRow(db, kinds.lend, orgId, lendId);
  const { rows } = await sql<{
    skuId: number;
    skuName: string;
    specName: string;
    lent: number;
    returned: number;
  }>`select r.skuId, k.skuName, coalesce(p.specName, '') as specName,
      sum(case when r.docKind = 'lend' then -r.quantity else 0 end) as lent,
      sum(case when r.docKind = ${RETURN_KIND} then r.quantity else 0 end) as returned
    from storageStockRecord r join storageSku k on k.skuId = r.skuId left join storageSpec p on p.specId = k.specId
    where r.orgId = ${orgId} and ((r.docKind = 'lend' and r.docId = ${lendId}) or (r.docKind = ${RETURN_KIND}
      and r.docId in (select returnId from storageLendReturn where lendId = ${lendId})))
    group by r.skuId, k.skuName, p.specName order by min(r.recordId)`.execute(db);
  const lines = rows.map((r) => {
    const lent = Number(r.lent);
    const returned = Number(r.returned);
    return { skuId: r.skuId, skuName: r.skuName, specName: r.specName, lent, returned, out: lent - returned };
  });
  return { lend, lines };
}

/** Brings some lines back; more than is out of a line is refused, the lending's state follows lendMachine. */
export async function returnLend(db: Db, user: Who, body: LendReturnBody, stamp: string) {
  const { lend, lines } = await outOf(db, user.orgId, body.lendId);
  const state = lendStateOf(lend.lendState);
  if (!nextLendState(lend.lendState, { type: 'lend.return', allBack: false }))
    throw new ApiFailure(Code.actionRefused, `当前状态为${lendStateLabels[state]}，不能归还`);
  const byId = new Map(lines.map((l) => [l.skuId, l]));
  for (const want of body.lines) {
    const line = byId.get(want.skuId);
    if (!line) throw new ApiFailure(Code.invalidInput, '该物品不在此借用单上');
    if (want.quantity > line.out)
      throw new ApiFailure(
        Code.invalidInput,
        `归还数量超过未还数量：${line.skuName}未还${line.out}${line.specName}，不能归还${want.quantity}${line.specName}`,
      );
  }
  const stillOut = lines.reduce(
    (s, l) => s + l.out - (body.lines.find((w) => w.skuId === l.skuId)?.quantity ?? 0),
    0,
  );
  const next = nextLendState(lend.lendState, { type: 'lend.return', allBack: stillOut === 0 }) ?? state;
  const code = codeOfLendState[next] ?? LendState.partlyReturned;
  // Conditional on the state read: two clerks returning the last units, one wins.
  const changed = await sql`update storageLend set lendState = ${code}, updateTime = ${stamp}
    where lendId = ${body.lendId} and lendState = ${Number(lend.lendState)}`.execute(db);
  if (!Number(changed.numAffectedRows ?? 0))
    throw new ApiFailure(Code.actionRefused, '借用单已被他人更新，请刷新后重试');
  const docNo = await nextDocNo(db, returns, user.orgId, stamp);
  const name = await operatorName(db, user);
  const total = body.lines.reduce((s, l) => s + l.quantity, 0);
  const inserted = await sql<{ id: number }>`insert into storageLendReturn (orgId, lendId, docNo, returnTime,
      returner, handler, totalQuantity, remark, createTime, updateTime)
    values (${user.orgId}, ${body.lendId}, ${docNo}, ${stamp}, ${body.returner || String(lend.receiver ?? '')},
      ${name}, ${total}, ${body.remark ?? ''}, ${stamp}, ${stamp}) returning returnId as id`.execute(db);
  const returnId = Number(inserted.rows[0]?.id);
  await postMovements(db, {
    orgId: user.orgId,
    movementType: MovementType.RETURN,
    docKind: RETURN_KIND,
    docId: returnId,
    docNo,
    moveTime: stamp,
    operatorName: name,
    verb: '归还',
    lines: body.lines.map((l) => ({ depotId: Number(lend.depotId), skuId: l.skuId, quantity: l.quantity })),
  });
  return { returnId, docNo, lendState: code };
}

async function lendLog(db: Db, orgId: number, lendId: number) {
  const { rows } = await sql<{
    returnId: number;
    docNo: string;
    returnTime: string;
    returner: string | null;
    handler: string | null;
    remark: string | null;
    totalQuantity: number;
  }>`select returnId, docNo, returnTime, returner, handler, remark, totalQuantity from storageLendReturn
    where lendId = ${lendId} and orgId = ${orgId} order by returnId`.execute(db);
  const lines = await sql<{ docId: number; skuId: number; skuName: string; quantity: number }>`
    select r.docId, r.skuId, k.skuName, r.quantity from storageStockRecord r join storageSku k on k.skuId = r.skuId
    where r.docKind = ${RETURN_KIND} and r.orgId = ${orgId}
      and r.docId in (select returnId from storageLendReturn where lendId = ${lendId})
    order by r.recordId`.execute(db);
  return rows.map((r) => ({
    ...r,
    returner: r.returner ?? '',
    handler: r.handler ?? '',
    remark: r.remark ?? '',
    totalQuantity: Number(r.totalQuantity),
    lines: lines.rows
      .filter((l) => Number(l.docId) === Number(r.returnId))
      .map((l) => ({ skuId: l.skuId, skuName: l.skuName, quantity: Number(l.quantity) })),
  }));
}

/** The lending's print view ends with its return log (借用记录). */
export async function lendLogHtml(db: Db, orgId: number, lendId: number) {
  const log = await lendLog(db, orgId, lendId);
  const rows = log
    .map(
      (r) =>
        `<p>${escapeHtml(r.docNo)}　${escapeHtml(r.returnTime)}　归还人：${escapeHtml(r.returner)}　${escapeHtml(
          r.lines.map((l) => `${l.skuName}×${l.quantity}`).join('、'),
        )}</p>`,
    )
    .join('');
  return `<h3>归还记录</h3>${log.length ? rows : '<p>尚无归还</p>'}`;
}

const lendParams = idsOf('lendId');

/** Spec 001 §7 "Lend return": GET return/{lendId}, POST return, GET log/{lendId}. */
export function lendingRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: P.lendOut,
      auth: `${A.lend}|${A.lendReturn}`,
      summary: '借用待归还物品',
      params: lendParams,
      query: noQuery,
      response: lendOutAnswer,
      async handler(ctx) {
        const { lend, lines } = await outOf(ctx.db, ctx.user.orgId, ctx.params.lendId);
        return {
          lendId: ctx.params.lendId,
          docNo: String(lend.docNo),
          lendState: Number(lend.lendState),
          receiver: String(lend.receiver ?? ''),
          lines,
        };
      },
    }),
    route({
      method: 'POST',
      url: P.lendReturn,
      auth: A.lendReturn,
      body: lendReturnBody,
      response: lendReturned,
      log: { type: 'ADD', name: '借用归还' },
      async handler(ctx) {
        const done = await returnLend(ctx.db, ctx.user, ctx.body, nowStamp());
        ctx.describe(`借用归还：${done.docNo}`);
        return done;
      },
    }),
    route({
      method: 'GET',
      url: P.lendLog,
      auth: A.lend,
      summary: '借用单归还记录',
      params: lendParams,
      query: noQuery,
      response: lendLogRow.array(),
      async handler(ctx) {
        await docRow(ctx.db, kinds.lend, ctx.user.orgId, ctx.params.lendId);
        return lendLog(ctx.db, ctx.user.orgId, ctx.params.lendId);
      },
    }),
  ];
}
