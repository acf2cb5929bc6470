import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { FORM_BASE, TEMPLATE_DATA, TEMPLATE_LIST } from '../../../domain/resources/contract.js';
import {
  documentPrintUrl,
  HOME_TEMPLATE_DATA,
  homecareDocuments,
} from '../../../domain/resources/documents.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import { HomecareAuthority, HOMECARE_WEB as WEB } from '../../../domain/statuses/homecare.js';
import { ServeOrderPaths as OP } from '../../../features/homecare/resources/orders.js';
import { forgetAuthorizations } from '../../../server/auth/tokens.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const db = () => h.app.services.db;
const get = async (url: string, token = admin) => (await call(h.app, token, 'GET', url)).body.result;
const list = async (url: string, token = admin) => (await get(url, token)) as Page;
async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  const res = await call(h.app, token, method, url, payload);
  expect(res.body.msg).toBe('成功');
  return res.body.result as Rec;
}
const count = async (table: string) =>
  Number((await sql<{ n: number }>`select count(*) as n from ${sql.id(table)}`.execute(db())).rows[0]?.n);

async function homeElder(name: string) {
  const rows = (await list(`${WEB}/oldmanBase?pageHelper=0`)).list;
  return rows.find((r) => r.oldmanName === name) as Rec & { oldmanId: number; deptId: number };
}
async function templateId(name: string) {
  const rows = (await list(`${TEMPLATE_LIST}?pageHelper=0`)).list;
  return Number(rows.find((t) => t.templateName === name)?.templateId);
}
/** Takes a code from the demo nurse's role (as an office would) and signs her in again. */
async function nurseWithout(code: string) {
  const nurse = await signInNurse(h.app);
  await sql`delete from roleAuthority where code = ${code} and roleId in
    (select roleId from userRole where userId = ${nurse.userId})`.execute(db());
  forgetAuthorizations(db());
  return (await signInNurse(h.app)).token;
}

describe('home-care documents (/homecare/tempeleteDocument/{typeId})', () => {
  it('fills a home-care template for a home elder, lists it under its type, prints, edits and deletes it', async () => {
    const types = (await get(`${FORM_BASE}/templateType?isHome=1`)) as { typeId: number; typeName: string }[];
    const typeId = types.find((t) => t.typeName === '居家服务协议')?.typeId;
    expect(typeId).toBeGreaterThan(0);
    const elder = await homeElder('沈阿婆');
    const { dataId } = await ok('POST', HOME_TEMPLATE_DATA, {
      oldmanId: elder.oldmanId,
      templateId: await templateId('居家上门服务协议'),
      remark: '家属已签字',
    });
    const byType = await list(`${HOME_TEMPLATE_DATA}?typeId=${String(typeId)}`);
    expect(byType.list.map((r) => [r.title, r.oldmanName, r.typeName, r.deptId])).toEqual([
      ['居家上门服务协议', '沈阿婆', '居家服务协议', elder.deptId],
    ]);
    const content = String(byType.list[0]?.content);
    expect(content).toContain('服务对象：沈阿婆');
    expect(content).toContain('文三路 12 号 3 单元 201');
    expect(content).toContain('阳光颐养院');
    // the institution's documents are another family: none there
    expect((await list(TEMPLATE_DATA)).total).toBe(0);

    const print = await h.app.inject({
      method: 'GET',
      url: documentPrintUrl(homecareDocuments, Number(dataId)),
      headers: { authorization: admin },
    });
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain('居家上门服务协议（沈阿婆）');
    expect(print.body).toContain('服务对象：沈阿婆');

    await ok('PUT', `${HOME_TEMPLATE_DATA}/${dataId}`, {
      oldmanId: elder.oldmanId,
      templateId: await templateId('居家上门服务协议'),
      remark: '已归档',
    });
    expect((await list(HOME_TEMPLATE_DATA)).list[0]).toMatchObject({ remark: '已归档' });
    // an elder with documents stays until they are deleted
    const keep = await call(h.app, admin, 'DELETE', `${WEB}/oldmanBase/${elder.oldmanId}`);
    expect(keep.body).toMatchObject({ code: Code.conflict, msg: '沈阿婆已有居家文书，请先删除文书' });
    await ok('DELETE', `${HOME_TEMPLATE_DATA}/${dataId}`);
    expect((await list(HOME_TEMPLATE_DATA)).total).toBe(0);
  });

  it('keeps each family to its own templates and elders, with Chinese refusals that write nothing', async () => {
    const elder = await homeElder('钱老伯');
    const home = await templateId('居家上门服务协议');
    const notice = await templateId('入住风险告知书');
    const institutionElder = ((await list(`${OLDMAN_BASE}?pageHelper=0`)).list[0] ?? {}) as Rec;
    const cases: [string, Rec, string][] = [
      [HOME_TEMPLATE_DATA, { oldmanId: elder.oldmanId, templateId: notice }, '请选择居家文书模板'],
      [HOME_TEMPLATE_DATA, { templateId: home }, '请填写长者'],
      [HOME_TEMPLATE_DATA, { oldmanId: elder.oldmanId }, '请填写模板'],
      [HOME_TEMPLATE_DATA, { oldmanId: 999_999, templateId: home }, '长者不存在'],
      [HOME_TEMPLATE_DATA, { oldmanId: elder.oldmanId, templateId: 999_999 }, '模板不存在'],
      [
        TEMPLATE_DATA,
        { oldmanId: institutionElder.oldmanId, templateId: home },
        '请选择机构文书模板，居家文书请在居家养老的文书管理中填写',
      ],
    ];
    for (const [url, payload, msg] of cases) {
      const res = await call(h.app, admin, 'POST', url, payload);
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    expect(await count('homeTemplateData')).toBe(0);
    expect(await count('templateData')).toBe(0);
  });

  it('checks the 文书管理 authority codes and the elder’s data department', async () => {
    const near = await homeElder('沈阿婆');
    const far = await homeElder('吴阿姨');
    const home = await templateId('居家上门服务协议');
    const nurse = (await signInNurse(h.app)).token;
    // the nurse works in 护理一部: 吴阿姨 (护理二部) is out of reach
    const refused = await call(h.app, nurse, 'POST', HOME_TEMPLATE_DATA, {
      oldmanId: far.oldmanId,
      templateId: home,
    });
    expect(refused.body.code).toBe(Code.deptNotAllowed);
    await ok('POST', HOME_TEMPLATE_DATA, { oldmanId: near.oldmanId, templateId: home }, nurse);
    const { dataId: farDoc } = await ok('POST', HOME_TEMPLATE_DATA, {
      oldmanId: far.oldmanId,
      templateId: home,
    });
    expect((await list(HOME_TEMPLATE_DATA, nurse)).list.map((r) => r.oldmanName)).toEqual(['沈阿婆']);
    expect((await call(h.app, nurse, 'DELETE', `${HOME_TEMPLATE_DATA}/${farDoc}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
    const print = await call(h.app, nurse, 'GET', documentPrintUrl(homecareDocuments, Number(farDoc)));
    expect(print.body.code).toBe(Code.deptNotAllowed);

    const withoutAdd = await nurseWithout(HomecareAuthority.documentAdd);
    const noAdd = await call(h.app, withoutAdd, 'POST', HOME_TEMPLATE_DATA, {
      oldmanId: near.oldmanId,
      templateId: home,
    });
    expect(noAdd.body).toMatchObject({ code: Code.noAuthority, msg: '权限不足' });
    const withoutView = await nurseWithout(HomecareAuthority.document);
    expect((await call(h.app, withoutView, 'GET', HOME_TEMPLATE_DATA)).body.code).toBe(Code.noAuthority);

    const other = (await signInOtherOrg(h.app)).token;
    expect((await list(HOME_TEMPLATE_DATA, other)).total).toBe(0);
    expect((await call(h.app, other, 'DELETE', `${HOME_TEMPLATE_DATA}/${farDoc}`)).body.code).toBe(
      Code.notFound,
    );
  });
});

/** A seeded elder's order taken to 已完成 by the office. */
async function completedOrder(elderName = '沈阿婆') {
  const elder = await homeElder(elderName);
  const projects = (await list(`${WEB}/serveProject?pageHelper=0`)).list;
  const projectId = projects.find((p) => p.projectName === '上门助餐')?.projectId;
  const { orderId } = await ok('POST', `${WEB}/serveOrder`, {
    oldmanId: elder.oldmanId,
    projectId,
    quantity: 1,
    serveTime: '2026-03-02 09:30:00',
  });
  await ok('PUT', OP.pay, { orderId, payWay: 'CASH' });
  const carers = (await list(`${OP.nursingWorkers}?carer=1`)).list;
  await ok('PUT', OP.distribute, { orderId, nursingId: carers[0]?.nursingId });
  for (const step of [OP.receive, OP.start, OP.over]) await ok('PUT', step, { orderId });
  return { orderId: Number(orderId), elder };
}

describe('service evaluations (serveOrderEvaluation)', () => {
  it('takes one evaluation per completed order and lists it by elder, score and date', async () => {
    const { orderId, elder } = await completedOrder('沈阿婆');
    const { orderId: otherOrder } = await completedOrder('钱老伯');
    await ok('POST', `${WEB}/serveOrderEvaluation`, { orderId, score: 4, content: '准时，态度好' });
    await ok('POST', `${WEB}/serveOrderEvaluation`, { orderId: otherOrder, score: 2 });
    const again = await call(h.app, admin, 'POST', `${WEB}/serveOrderEvaluation`, { orderId, score: 5 });
    expect(again.body).toMatchObject({ code: Code.conflict, msg: '该工单已评价' });

    const ofOrder = (await list(`${WEB}/serveOrderEvaluation?orderId=${orderId}`)).list;
    expect(ofOrder).toHaveLength(1);
    expect(ofOrder[0]).toMatchObject({
      score: 4,
      content: '准时，态度好',
      oldmanName: '沈阿婆',
      projectName: '上门助餐',
      nursingName: '李秀英',
    });
    const byElder = await list(`${WEB}/serveOrderEvaluation?oldmanId=${elder.oldmanId}`);
    expect(byElder.list.map((r) => r.orderId)).toEqual([orderId]);
    expect((await list(`${WEB}/serveOrderEvaluation?score=2`)).list.map((r) => r.orderId)).toEqual([
      otherOrder,
    ]);
    const day = new Date(h.clock.now).toISOString().slice(0, 10);
    expect(
      (await list(`${WEB}/serveOrderEvaluation?createTimeStart=${day}&createTimeEnd=${day}`)).total,
    ).toBe(2);
    expect(
      (await list(`${WEB}/serveOrderEvaluation?createTimeStart=2000-01-01&createTimeEnd=2000-01-02`)).total,
    ).toBe(0);
  });

  it('refuses an order not yet done, a bad score and a user without the 服务评价 code', async () => {
    const elder = await homeElder('沈阿婆');
    const projects = (await list(`${WEB}/serveProject?pageHelper=0`)).list;
    const { orderId: open } = await ok('POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: projects[0]?.projectId,
      quantity: 1,
      serveTime: '2026-03-02 09:30:00',
    });
    const early = await call(h.app, admin, 'POST', `${WEB}/serveOrderEvaluation`, {
      orderId: open,
      score: 5,
    });
    expect(early.body).toMatchObject({ code: Code.serveOrderState, msg: '只有已完成的工单可以评价' });
    const { orderId } = await completedOrder();
    for (const [payload, msg] of [
      [{ orderId }, '请填写评分'],
      [{ orderId, score: 6 }, '评分取值无效'],
      [{ orderId, score: 3, content: '长'.repeat(301) }, '评价内容不能超过300个字'],
      [{ score: 3 }, '请填写服务工单'],
    ] as const) {
      const res = await call(h.app, admin, 'POST', `${WEB}/serveOrderEvaluation`, payload);
      expect(res.body).toMatchObject({ code: Code.invalidInput, msg });
    }
    const nurse = await nurseWithout(HomecareAuthority.orderEvaluate);
    const refused = await call(h.app, nurse, 'POST', `${WEB}/serveOrderEvaluation`, { orderId, score: 5 });
    expect(refused.body.code).toBe(Code.noAuthority);
    expect(await count('serveOrderEvaluation')).toBe(0);
  });
});

describe('carers (派单)', () => {
  it('lists only staff with a carer post and refuses to dispatch to anyone else', async () => {
    const all = (await list(OP.nursingWorkers)).list.map((c) => c.realName);
    const carers = (await list(`${OP.nursingWorkers}?carer=1`)).list.map((c) => c.realName);
    expect(carers).toEqual(['李秀英', '钱桂香', '张桂芳', '刘志强']);
    expect(all).toContain('王建国');
    expect(carers).not.toContain('王建国');

    const elder = await homeElder('沈阿婆');
    const projects = (await list(`${WEB}/serveProject?pageHelper=0`)).list;
    const { orderId } = await ok('POST', `${WEB}/serveOrder`, {
      oldmanId: elder.oldmanId,
      projectId: projects[0]?.projectId,
      quantity: 1,
      serveTime: '2026-03-02 09:30:00',
    });
    await ok('PUT', OP.pay, { orderId, payWay: 'CASH' });
    const director = await db()
      .selectFrom('emp')
      .select(['empId', 'jobIds'])
      .where('empName', '=', '王建国')
      .executeTakeFirstOrThrow();
    const refused = await call(h.app, admin, 'PUT', OP.distribute, { orderId, nursingId: director.empId });
    expect(refused.body).toMatchObject({
      code: Code.notHomeCarer,
      msg: '王建国不是居家服务人员（护理员或护理组长），不能派单',
    });
    const nobody = await call(h.app, admin, 'PUT', OP.distribute, { orderId, nursingId: 999_999 });
    expect(nobody.body).toMatchObject({ code: Code.invalidInput, msg: '服务人员不存在' });
    expect(await get(`${WEB}/serveOrder/${orderId}`)).toMatchObject({ serveStatus: 3, nursingId: null });

    // given the 护理员 post as well, the director serves home-care orders too
    const post = await db()
      .selectFrom('job')
      .select('jobId')
      .where('jobTypeCode', '=', 'NURSE')
      .orderBy('jobId')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('emp')
      .set({ jobIds: `${director.jobIds},${post.jobId}` })
      .where('empId', '=', director.empId)
      .execute();
    await ok('PUT', OP.distribute, { orderId, nursingId: director.empId });
    expect(await get(`${WEB}/serveOrder/${orderId}`)).toMatchObject({
      serveStatus: 5,
      nursingId: director.empId,
    });
  });
});
