import { sql } from 'kysely';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { escapeHtml } from '../../../domain/resources/contract.js';
import { DocState, LendState } from '../../../domain/statuses/warehouse.js';
import { codeOfState, stockDocStateOf, stockDocWorkflow } from '../../../machines/stockDocumentMachine.js';
import { advance } from '../../../machines/workflow.js';
import type { Db } from '../../../server/db/index.js';
import { ApiFailure } from '../../../server/http/failure.js';
import { sendPrintPage } from '../../../server/http/printPage.js';
import { type AnyRoute, route } from '../../../server/http/route.js';
import { idParams, noQuery, printPage } from '../../../server/http/schemas.js';
import type { Row } from '../../../server/resources/engine.js';
import {
  type DocBody,
  type DocDetail,
  docBodyOf,
  docDetail,
  docIdBody,
  docPaths,
  docSaved,
  type StockDocKind,
} from '../api.js';
import { type StockDocKindDef, stockDocKinds } from '../module.js';
import { type MoveLine, postMovements } from './ledger.js';

/** A kind of document (../module.ts) with the ledger lines one line of goods makes. */
export interface Kind extends StockDocKindDef {
  /** The ledger lines of one document line (a transfer: out of one depot, into the other). */
  moves(body: DocBody, line: DocBody['lines'][number]): MoveLine[];
}

const outOf = (body: DocBody, l: DocBody['lines'][number]): MoveLine[] => [
  { depotId: body.depotId, skuId: l.skuId, quantity: -l.quantity },
];

/**
 * The kinds of document differ only in data: the table, the words, the authority codes and which
 * ledger lines a line of goods makes. One save, print and detail serve them all.
 */
export const kinds: Record<StockDocKind, Kind> = {
  store: {
    ...stockDocKinds.store,
    moves: (b, l) => [{ depotId: b.depotId, skuId: l.skuId, quantity: l.quantity }],
  },
  deliver: { ...stockDocKinds.deliver, moves: outOf },
  scrap: {
    ...stockDocKinds.scrap,
    moves: (b, l) => [{ depotId: b.depotId, skuId: l.skuId, quantity: -l.quantity, reason: l.reason ?? '' }],
  },
  transfer: {
    ...stockDocKinds.transfer,
    moves: (b, l) => [
      { depotId: b.depotId, skuId: l.skuId, quantity: -l.quantity },
      { depotId: Number(b.toDepotId), skuId: l.skuId, quantity: l.quantity },
    ],
  },
  lend: { ...stockDocKinds.lend, moves: outOf },
};

const fail = (message: string, code: number = Code.invalidInput): never => {
  throw new ApiFailure(code, message);
};

export type Who = { orgId: number; empId?: number | null; loginName: string };

export async function operatorName(db: Db, user: Who) {
  const { rows } = await sql<{
    empName: string;
  }>`select empName from emp where empId = ${user.empId ?? 0}`.execute(db);
  return rows[0]?.empName ?? user.loginName;
}

/** The next number of the day: prefix, yyyyMMdd, a three-digit count (a red punch adds H to its original's). */
export async function nextDocNo(db: Db, k: { prefix: string; table: string }, orgId: number, stamp: string) {
  const day = `${k.prefix}${stamp.slice(0, 10).replaceAll('-', '')}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(k.table)}
    where orgId = ${orgId} and docNo like ${`${day}%`} and docNo not like '%H'`.execute(db);
  return `${day}${String(Number(rows[0]?.n ?? 0) + 1).padStart(3, '0')}`;
}

export async function docRow(
  db: Db,
  k: Pick<Kind, 'table' | 'idField' | 'title'>,
  orgId: number,
  id: number,
): Promise<Row> {
  const { rows } = await sql<Row>`select * from ${sql.table(k.table)}
    where ${sql.ref(k.idField)} = ${id} and orgId = ${orgId}`.execute(db);
  return rows[0] ?? fail(`${k.title}不存在`, Code.notFound);
}

/**
 * Saves a document and posts its lines to the ledger in the route's transaction: an unknown depot,
 * supplier or sku, or too few units in the depot, refuses the whole document.
 */
export async function saveDocument(db: Db, k: Kind, user: Who, body: DocBody, print: boolean, stamp: string) {
  const { orgId } = user;
  const depot = await sql<{ depotName: string }>`select depotName from storageDepot
    where depotId = ${body.depotId} and orgId = ${orgId}`.execute(db);
  if (!depot.rows[0]) fail('仓库不存在', Code.notFound);
  const toDepotId = k.kind === 'transfer' ? Number(body.toDepotId) : null;
  if (toDepotId !== null) {
    if (toDepotId === body.depotId) fail('调出仓库与调入仓库不能相同');
    const to =
      await sql`select 1 from storageDepot where depotId = ${toDepotId} and orgId = ${orgId}`.execute(db);
    if (!to.rows[0]) fail('调入仓库不存在', Code.notFound);
  }
  const supplierId = k.kind === 'store' ? (body.supplierId ?? null) : null;
  if (supplierId !== null) {
    const s =
      await sql`select 1 from storageSupplier where supplierId = ${supplierId} and orgId = ${orgId}`.execute(
        db,
      );
    if (!s.rows[0]) fail('供应商不存在', Code.notFound);
  }
  const ids = body.lines.map((l) => l.skuId);
  const skus = await sql<{ skuId: number }>`select skuId from storageSku
    where orgId = ${orgId} and skuId in (${sql.join(ids)})`.execute(db);
  if (skus.rows.length !== ids.length) fail('物品不存在', Code.notFound);
  let fields = advance(stockDocWorkflow, { docState: null }, { type: 'stockDoc.post' }, '保存');
  let state = 'posted';
  if (print && fields.ok) {
    fields = advance(stockDocWorkflow, { docState: codeOfState.posted }, { type: 'stockDoc.print' }, '打印');
    state = 'printed';
  }
  if (!fields.ok) return fail(fields.reason, Code.actionRefused);
  const docNo = await nextDocNo(db, k, orgId, stamp);
  const name = await operatorName(db, user);
  const total = body.lines.reduce((s, l) => s + l.quantity, 0);
  const inserted = await sql<{
    id: number;
  }>`insert into ${sql.table(k.table)} (orgId, docNo, docTime, depotId, toDepotId,
      supplierId, receiver, handler, totalQuantity, docState, lendState, remark, createTime, updateTime, createBy)
    values (${orgId}, ${docNo}, ${stamp}, ${body.depotId}, ${toDepotId}, ${supplierId}, ${body.receiver ?? ''},
      ${body.handler || name}, ${total}, ${codeOfState[state]}, ${k.kind === 'lend' ? LendState.lent : null},
      ${body.remark ?? ''}, ${stamp}, ${stamp}, null)
    returning ${sql.ref(k.idField)} as id`.execute(db);
  const id = Number(inserted.rows[0]?.id);
  await postMovements(db, {
    orgId,
    movementType: k.movementType,
    docKind: k.kind,
    docId: id,
    docNo,
    moveTime: stamp,
    operatorName: name,
    verb: k.verb,
    lines: body.lines.flatMap((l) => k.moves(body, l)),
  });
  return { id, docNo, docState: codeOfState[state] ?? DocState.posted };
}

/** The red punch: a reversing document whose lines negate the original's; once per document. */
export async function redPunch(db: Db, k: Kind, user: Who, id: number, stamp: string) {
  const row = await docRow(db, k, user.orgId, id);
  const step = advance(stockDocWorkflow, row, { type: 'stockDoc.reverse' }, '冲红');
  // the workflow's own words: 该单据已冲红, 冲红单不能再冲红 (the greyed button says the same)
  if (!step.ok) return fail(step.reason, Code.actionRefused);
  // Conditional on the state read: two clerks punching the same document, one wins.
  const changed =
    await sql`update ${sql.table(k.table)} set docState = ${DocState.reversed}, updateTime = ${stamp}
    where ${sql.ref(k.idField)} = ${id} and docState = ${Number(row.docState)}`.execute(db);
  if (!Number(changed.numAffectedRows ?? 0)) fail('单据已被他人冲红，请刷新后重试', Code.actionRefused);
  const lines = await sql<{
    depotId: number;
    skuId: number;
    quantity: number;
  }>`select depotId, skuId, quantity
    from storageStockRecord where docKind = ${k.kind} and docId = ${id} and orgId = ${user.orgId}
    order by recordId`.execute(db);
  const docNo = `${String(row.docNo)}H`;
  const name = await operatorName(db, user);
  const inserted = await sql<{
    id: number;
  }>`insert into ${sql.table(k.table)} (orgId, docNo, docTime, depotId,
      supplierId, receiver, handler, totalQuantity, docState, remark, reversesId, createTime, updateTime)
    values (${user.orgId}, ${docNo}, ${stamp}, ${row.depotId}, ${row.supplierId ?? null}, ${row.receiver ?? ''},
      ${name}, ${-Number(row.totalQuantity)}, ${DocState.redPunch}, ${`冲红${String(row.docNo)}`}, ${id}, ${stamp}, ${stamp})
    returning ${sql.ref(k.idField)} as id`.execute(db);
  const newId = Number(inserted.rows[0]?.id);
  await sql`update ${sql.table(k.table)} set reversedById = ${newId} where ${sql.ref(k.idField)} = ${id}`.execute(
    db,
  );
  await postMovements(db, {
    orgId: user.orgId,
    movementType: k.movementType,
    docKind: k.kind,
    docId: newId,
    docNo,
    moveTime: stamp,
    operatorName: name,
    verb: '冲红',
    lines: lines.rows.map((l) => ({
      depotId: Number(l.depotId),
      skuId: Number(l.skuId),
      quantity: -Number(l.quantity),
    })),
  });
  return { id: newId, docNo, docState: DocState.redPunch };
}

export async function detailOf(db: Db, k: Kind, orgId: number, id: number): Promise<DocDetail> {
  const row = await docRow(db, k, orgId, id);
  const names = await sql<{
    depotName: string | null;
    toDepotName: string | null;
    supplierName: string | null;
  }>`select
      (select depotName from storageDepot where depotId = ${row.depotId}) as depotName,
      (select depotName from storageDepot where depotId = ${row.toDepotId ?? 0}) as toDepotName,
      (select supplierName from storageSupplier where supplierId = ${row.supplierId ?? 0}) as supplierName`.execute(
    db,
  );
  const lines = await sql<Row>`select r.recordId, r.skuId, k.skuName, coalesce(p.specName, '') as specName,
      r.quantity, r.balanceAfter, r.depotId, d.depotName, coalesce(r.reason, '') as reason
    from storageStockRecord r join storageSku k on k.skuId = r.skuId
      left join storageSpec p on p.specId = k.specId left join storageDepot d on d.depotId = r.depotId
    where r.docKind = ${k.kind} and r.docId = ${id} and r.orgId = ${orgId} order by r.recordId`.execute(db);
  const n = (v: unknown) => (v == null ? null : Number(v));
  return {
    id,
    docNo: String(row.docNo),
    docState: Number(row.docState),
    depotId: Number(row.depotId),
    depotName: names.rows[0]?.depotName ?? '',
    toDepotId: n(row.toDepotId),
    toDepotName: names.rows[0]?.toDepotName ?? '',
    supplierName: names.rows[0]?.supplierName ?? '',
    handler: String(row.handler ?? ''),
    receiver: String(row.receiver ?? ''),
    remark: String(row.remark ?? ''),
    docTime: String(row.docTime),
    reversesId: n(row.reversesId),
    reversedById: n(row.reversedById),
    totalQuantity: Number(row.totalQuantity),
    lines: lines.rows.map((l) => ({
      recordId: Number(l.recordId),
      skuId: Number(l.skuId),
      skuName: String(l.skuName),
      specName: String(l.specName),
      quantity: Number(l.quantity),
      balanceAfter: Number(l.balanceAfter),
      depotId: Number(l.depotId),
      depotName: String(l.depotName ?? ''),
      reason: String(l.reason ?? ''),
    })),
  };
}

function printBody(k: Kind, d: DocDetail) {
  const red = d.reversesId != null;
  // a transfer's line moves out of one depot and into the other: the sheet shows it once
  const lines = k.kind === 'transfer' ? d.lines.filter((l) => l.depotId === d.depotId) : d.lines;
  const scrap = k.kind === 'scrap';
  const rows = lines
    .map(
      (l, i) =>
        `<tr><td>${i + 1}</td><td>${escapeHtml(l.skuName)}</td><td>${escapeHtml(l.specName)}</td><td>${Math.abs(l.quantity)}</td>${scrap ? `<td>${escapeHtml(l.reason)}</td>` : ''}</tr>`,
    )
    .join('');
  const party: Record<StockDocKind, string> = {
    store: `供应商：${escapeHtml(d.supplierName)}`,
    deliver: `领用人：${escapeHtml(d.receiver)}`,
    scrap: '',
    transfer: `调入仓库：${escapeHtml(d.toDepotName)}`,
    lend: `借用人：${escapeHtml(d.receiver)}`,
  };
  const depot = k.kind === 'transfer' ? '调出仓库' : '仓库';
  return `<h2>${red ? `${k.title}（红字冲销）` : k.title}</h2>
<p>单号：${escapeHtml(d.docNo)}　　${depot}：${escapeHtml(d.depotName)}　　时间：${escapeHtml(d.docTime)}</p>
<p>${party[k.kind]}${party[k.kind] ? '　　' : ''}经办人：${escapeHtml(d.handler)}</p>
<table class="form-values"><tr><th>序号</th><th>物品</th><th>单位</th><th>${red ? '冲减数量' : '数量'}</th>${scrap ? '<th>报废原因</th>' : ''}</tr>${rows}
<tr><td colspan="3">合计</td><td>${Math.abs(d.totalQuantity)}</td>${scrap ? '<td></td>' : ''}</tr></table>
<p>备注：${escapeHtml(d.remark)}</p><p>库管员签字：＿＿＿＿＿＿　　经办人签字：＿＿＿＿＿＿</p>`;
}

const punchRoute = (k: Kind, url: string, auth: string) =>
  route({
    method: 'POST',
    url,
    auth,
    body: docIdBody,
    response: docSaved,
    log: { type: 'ADD', name: `${k.title}冲红` },
    async handler(ctx) {
      const punched = await redPunch(ctx.db, k, ctx.user, ctx.body.id, nowStamp());
      ctx.describe(`${k.title}冲红：${punched.docNo}`);
      return punched;
    },
  });

/** Spec 001 §7: GET list (the engine), GET detail, POST /0, POST /1, POST /print, POST base (red punch). */
export function documentRoutes(
  k: Kind,
  printExtra?: (db: Db, orgId: number, id: number) => Promise<string>,
): AnyRoute[] {
  const P = docPaths(k.kind);
  const save = (url: string, print: boolean) =>
    route({
      method: 'POST',
      url,
      auth: print ? `${k.add}&${k.print}` : k.add,
      body: docBodyOf(k.kind),
      response: docSaved,
      log: { type: 'ADD', name: print ? `保存并打印${k.title}` : `保存${k.title}` },
      async handler(ctx) {
        const saved = await saveDocument(ctx.db, k, ctx.user, ctx.body, print, nowStamp());
        ctx.describe(`${k.title}：${saved.docNo}`);
        return saved;
      },
    });
  return [
    save(P.save, false),
    save(P.saveAndPrint, true),
    ...(k.redPunch ? [punchRoute(k, P.list, k.redPunch)] : []),
    route({
      method: 'POST',
      url: P.print,
      auth: k.print,
      body: docIdBody,
      response: docSaved,
      log: { type: 'UPDATE', name: `打印${k.title}` },
      async handler(ctx) {
        const row = await docRow(ctx.db, k, ctx.user.orgId, ctx.body.id);
        const step = advance(stockDocWorkflow, row, { type: 'stockDoc.print' }, '打印');
        if (!step.ok) return fail(step.reason, Code.actionRefused);
        const state = stockDocStateOf(row.docState) === 'posted' ? DocState.printed : Number(row.docState);
        await sql`update ${sql.table(k.table)} set docState = ${state}, updateTime = ${nowStamp()}
          where ${sql.ref(k.idField)} = ${ctx.body.id}`.execute(ctx.db);
        ctx.describe(`打印${k.title}：${String(row.docNo)}`);
        return { id: ctx.body.id, docNo: String(row.docNo), docState: state };
      },
    }),
    route({
      method: 'GET',
      url: P.get,
      auth: k.view,
      summary: `${k.title}详情`,
      params: idParams,
      query: noQuery,
      response: docDetail,
      handler: (ctx) => detailOf(ctx.db, k, ctx.user.orgId, ctx.params.id),
    }),
    route({
      method: 'GET',
      url: P.printView,
      auth: `${k.view}|${k.print}`,
      summary: `${k.title}打印页`,
      params: idParams,
      query: noQuery,
      response: printPage,
      async handler(ctx) {
        const d = await detailOf(ctx.db, k, ctx.user.orgId, ctx.params.id);
        await sendPrintPage(ctx, {
          title: `${k.title}${d.docNo}`,
          body: printBody(k, d) + (printExtra ? await printExtra(ctx.db, ctx.user.orgId, d.id) : ''),
          fileName: `${k.title}-${d.docNo}.html`,
        });
      },
    }),
  ];
}
