import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import {
  CONTRACTS,
  contractDownloadUrl,
  FORM_BASE,
  OLDMAN_TEMPLATE,
  TEMPLATE_DATA,
  TEMPLATE_LIST,
} from '../../../domain/resources/contract.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import { call, signInAdmin, signInNurse, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Row = Record<string, unknown>;
type Page = { list: Row[]; total: number };
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const get = async (token: string, url: string) => (await call(h.app, token, 'GET', url)).body.result;

async function fixtures(token: string) {
  const elders = ((await get(token, `${OLDMAN_BASE}?pageHelper=0`)) as Page).list;
  const ward = elders.find((e) => e.deptName === '护理一部');
  const elsewhere = elders.find((e) => e.deptName !== '护理一部');
  const templates = ((await get(token, `${TEMPLATE_LIST}?pageHelper=0`)) as Page).list;
  const byName = (name: string) => Number(templates.find((t) => t.templateName === name)?.templateId);
  return {
    ward: ward as Row,
    elsewhere: elsewhere as Row,
    contractTemplate: byName('机构养老服务合同'),
    noticeTemplate: byName('入住风险告知书'),
  };
}

const terms = (oldmanId: unknown, templateId: number, extra: Row = {}) => ({
  oldmanId,
  templateId,
  signDate: '2026-11-20',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  amount: 4_800_000,
  signerName: '张伟',
  signerPhone: '13900001111',
  ...extra,
});

const total = async (token: string) => ((await get(token, `${CONTRACTS}?pageSize=1`)) as Page).total;

describe('contracts (/api/form/org/files/contracts)', () => {
  it('renders the template for the elder at creation, numbers it and keeps it when the template changes', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const created = await call(h.app, token, 'POST', CONTRACTS, terms(f.ward.oldmanId, f.contractTemplate));
    expect(created.body.code).toBe(0);
    const contractId = (created.body.result as { contractId: number }).contractId;
    const row = (await get(token, `${CONTRACTS}/${contractId}`)) as Row;
    const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(row).toMatchObject({
      contractNo: `HT${day}0001`,
      contractStatus: 0,
      oldmanName: f.ward.oldmanName,
      templateName: '机构养老服务合同',
      deptId: f.ward.deptId,
      amount: 4_800_000,
    });
    expect(row.content).toContain(String(f.ward.oldmanName));
    expect(row.content).toContain(String(f.ward.oldmanIdcard));
    expect(row.content).not.toContain('{{');
    const second = await call(h.app, token, 'POST', CONTRACTS, terms(f.ward.oldmanId, f.contractTemplate));
    const secondRow = (await get(
      token,
      `${CONTRACTS}/${(second.body.result as { contractId: number }).contractId}`,
    )) as Row;
    expect(secondRow.contractNo).toBe(`HT${day}0002`);

    const edited = await call(h.app, token, 'PUT', `${FORM_BASE}/template/edit`, {
      templateId: f.contractTemplate,
      content: '<h2>新版合同</h2><p>{{oldmanName}}</p>',
    });
    expect(edited.body.code).toBe(0);
    const after = (await get(token, `${CONTRACTS}/${contractId}`)) as Row;
    expect(after.content).toBe(row.content);

    const filtered = (await get(
      token,
      `${CONTRACTS}?oldmanId=${String(f.ward.oldmanId)}&contractStatus=0&signDateStart=2026-11-20&signDateEnd=2026-11-20&keyword=${encodeURIComponent('张伟')}`,
    )) as Page;
    expect(filtered.total).toBe(2);
    expect(((await get(token, `${CONTRACTS}?contractStatus=1`)) as Page).total).toBe(0);
    expect(((await get(token, `${CONTRACTS}?signDateStart=2026-11-21`)) as Page).total).toBe(0);
  });

  it('refuses an end before the start and a duplicate number with Chinese messages, writing nothing', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const before = await total(token);
    const backwards = await call(
      h.app,
      token,
      'POST',
      CONTRACTS,
      terms(f.ward.oldmanId, f.contractTemplate, { startDate: '2027-01-01', endDate: '2026-12-31' }),
    );
    expect(backwards.body).toMatchObject({ code: Code.invalidInput, msg: '合同结束日期须晚于开始日期' });
    expect(await total(token)).toBe(before);
    const first = await call(
      h.app,
      token,
      'POST',
      CONTRACTS,
      terms(f.ward.oldmanId, f.contractTemplate, { contractNo: 'HT-A-001' }),
    );
    expect(first.body.code).toBe(0);
    const twice = await call(
      h.app,
      token,
      'POST',
      CONTRACTS,
      terms(f.ward.oldmanId, f.contractTemplate, { contractNo: 'HT-A-001' }),
    );
    expect(twice.body).toMatchObject({ code: Code.conflict, msg: '合同编号“HT-A-001”已存在' });
    const missing = await call(h.app, token, 'POST', CONTRACTS, { templateId: f.contractTemplate });
    expect(missing.body.msg).toBe('请填写长者');
    expect(await total(token)).toBe(before + 1);
  });

  it('edits a draft, then once signed only its status and remark; deletes drafts only', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const created = await call(h.app, token, 'POST', CONTRACTS, terms(f.ward.oldmanId, f.contractTemplate));
    const contractId = (created.body.result as { contractId: number }).contractId;
    const row = (await get(token, `${CONTRACTS}/${contractId}`)) as Row;
    const put = (extra: Row) =>
      call(h.app, token, 'PUT', CONTRACTS, {
        ...terms(f.ward.oldmanId, f.contractTemplate),
        contractId,
        contractNo: row.contractNo,
        ...extra,
      });
    expect((await put({ amount: 5_000_000 })).body.code).toBe(0);
    expect(((await get(token, `${CONTRACTS}/${contractId}`)) as Row).amount).toBe(5_000_000);
    expect((await put({ amount: 5_000_000, contractStatus: 1 })).body.code).toBe(0);
    const locked = await put({ amount: 1, contractStatus: 1 });
    expect(locked.body).toMatchObject({ code: Code.conflict, msg: '已生效或已终止的合同只能修改状态和备注' });
    const back = await put({ amount: 5_000_000, contractStatus: 0 });
    expect(back.body.msg).toBe('合同状态不能从“生效”改为“草稿”');
    const signedDelete = await call(h.app, token, 'DELETE', `${CONTRACTS}/${contractId}`);
    expect(signedDelete.body).toMatchObject({ code: Code.conflict });
    expect(signedDelete.body.msg).toContain('只能删除草稿');
    expect((await put({ amount: 5_000_000, contractStatus: 2, remark: '提前退住' })).body.code).toBe(0);

    const draft = await call(h.app, token, 'POST', CONTRACTS, terms(f.ward.oldmanId, f.contractTemplate));
    const draftId = (draft.body.result as { contractId: number }).contractId;
    expect((await call(h.app, token, 'DELETE', `${CONTRACTS}/${draftId}`)).body.code).toBe(0);
    expect((await call(h.app, token, 'GET', `${CONTRACTS}/${draftId}`)).body.code).toBe(Code.notFound);
  });

  it('keeps other organisations and other data departments out', async () => {
    const admin = await signInAdmin(h.app);
    const nurse = await signInNurse(h.app);
    const other = await signInOtherOrg(h.app);
    const f = await fixtures(admin.token);
    const mine = await call(
      h.app,
      admin.token,
      'POST',
      CONTRACTS,
      terms(f.elsewhere.oldmanId, f.contractTemplate),
    );
    const contractId = (mine.body.result as { contractId: number }).contractId;
    const before = await total(admin.token);
    expect((await call(h.app, other.token, 'GET', `${CONTRACTS}/${contractId}`)).body.code).toBe(
      Code.notFound,
    );
    expect(((await get(other.token, CONTRACTS)) as Page).total).toBe(0);
    const foreign = await call(
      h.app,
      other.token,
      'POST',
      CONTRACTS,
      terms(f.ward.oldmanId, f.contractTemplate),
    );
    expect(foreign.body.code).toBe(Code.notFound);
    expect((await call(h.app, nurse.token, 'GET', `${CONTRACTS}/${contractId}`)).body.code).toBe(
      Code.deptNotAllowed,
    );
    const nurseCreate = await call(
      h.app,
      nurse.token,
      'POST',
      CONTRACTS,
      terms(f.elsewhere.oldmanId, f.contractTemplate),
    );
    expect(nurseCreate.body.code).toBe(Code.deptNotAllowed);
    expect(((await get(nurse.token, CONTRACTS)) as Page).total).toBe(0);
    const print = await h.app.inject({
      method: 'GET',
      url: contractDownloadUrl(contractId),
      headers: { authorization: other.token },
    });
    expect((print.json() as { code: number }).code).toBe(Code.notFound);
    expect(await total(admin.token)).toBe(before);
  });

  it('serves the print view: standalone HTML with the org, the elder and a print button', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const created = await call(h.app, token, 'POST', CONTRACTS, terms(f.ward.oldmanId, f.contractTemplate));
    const contractId = (created.body.result as { contractId: number }).contractId;
    const res = await h.app.inject({
      method: 'GET',
      url: contractDownloadUrl(contractId),
      headers: { authorization: token },
    });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
    expect(res.headers['content-security-policy']).toContain("script-src 'nonce-");
    expect(res.body).toContain(String(f.ward.oldmanName));
    expect(res.body).toContain('window.print()');
    expect(res.body).toContain('@media print');
    expect(res.body).toMatch(/养老|护理/);
  });
});

describe('documents (templateData) and the templates of an elder (oldManTemplate)', () => {
  it('fills a document for an elder, lists it by type, edits, hands over and deletes it', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const created = await call(h.app, token, 'POST', TEMPLATE_DATA, {
      oldmanId: f.ward.oldmanId,
      templateId: f.noticeTemplate,
      remark: '家属已签字',
    });
    expect(created.body.code).toBe(0);
    const dataId = (created.body.result as { dataId: number }).dataId;
    const types = (await get(token, `${FORM_BASE}/templateType?isHome=0`)) as {
      typeId: number;
      typeName: string;
    }[];
    const noticeType = types.find((t) => t.typeName === '告知书')?.typeId;
    const byType = (await get(token, `${TEMPLATE_DATA}?typeId=${String(noticeType)}`)) as Page;
    expect(byType.list.map((r) => [r.title, r.oldmanName])).toEqual([['入住风险告知书', f.ward.oldmanName]]);
    expect(byType.list[0]?.content).toContain(String(f.ward.oldmanName));
    const ofTemplate = (await get(
      token,
      `${TEMPLATE_DATA}/${f.noticeTemplate}?oldmanId=${String(f.ward.oldmanId)}`,
    )) as { template: Row; records: Row[] };
    expect(ofTemplate.template.templateName).toBe('入住风险告知书');
    expect(ofTemplate.records.map((r) => r.dataId)).toEqual([dataId]);
    const put = await call(h.app, token, 'PUT', `${TEMPLATE_DATA}/${dataId}`, {
      oldmanId: f.ward.oldmanId,
      templateId: f.noticeTemplate,
      remark: '已归档',
    });
    expect(put.body.code).toBe(0);
    const turnOver = (await get(token, `${TEMPLATE_DATA}/turnOver`)) as { total: number; groups: Row[] };
    expect(turnOver.total).toBe(1);
    expect(turnOver.groups[0]).toMatchObject({ title: '入住风险告知书', count: 1 });
    const none = (await get(token, `${TEMPLATE_DATA}/turnOver?startTime=2000-01-01&endTime=2000-01-02`)) as {
      total: number;
    };
    expect(none.total).toBe(0);
    const bound = (await get(token, `${OLDMAN_TEMPLATE}?oldmanId=${String(f.ward.oldmanId)}`)) as Page;
    expect(bound.list.map((r) => [r.templateName, r.docs])).toEqual([['入住风险告知书', 1]]);
    expect((await call(h.app, token, 'DELETE', `${TEMPLATE_DATA}/${dataId}`)).body.code).toBe(0);
    expect(((await get(token, TEMPLATE_DATA)) as Page).total).toBe(0);
  });

  it('checks a filled form against its template fields', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const type = await call(h.app, token, 'POST', `${FORM_BASE}/templateType`, {
      typeName: '评估表',
      isHome: 2,
    });
    const typeId = (type.body.result as { typeId: number }).typeId;
    const content = JSON.stringify({
      fields: [
        { label: '血压', kind: 'text', required: true, options: [] },
        { label: '意识', kind: 'select', required: false, options: ['清醒', '嗜睡'] },
      ],
    });
    const saved = await call(h.app, token, 'PUT', `${FORM_BASE}/template`, {
      typeId,
      templateName: '日常评估',
      content,
    });
    const templateId = (saved.body.result as { templateId: number }).templateId;
    const fill = (values: Row) =>
      call(h.app, token, 'POST', TEMPLATE_DATA, {
        oldmanId: f.ward.oldmanId,
        templateId,
        formValues: JSON.stringify({ values }),
      });
    expect((await fill({ 意识: '清醒' })).body.msg).toBe('请填写血压');
    expect((await fill({ 血压: '120/80', 意识: '昏迷' })).body.msg).toBe('意识取值无效');
    const ok = await fill({ 血压: '120/80', 意识: '清醒' });
    expect(ok.body.code).toBe(0);
    const rows = ((await get(token, TEMPLATE_DATA)) as Page).list;
    expect(rows[0]?.content).toContain('120/80');
  });

  it('binds templates to an elder and manages the elder’s documents through oldManTemplate', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const oldmanId = Number(f.ward.oldmanId);
    const noneBefore = (await get(token, `${OLDMAN_TEMPLATE}/none?oldmanId=${oldmanId}`)) as Row[];
    expect(noneBefore.map((t) => t.templateId)).toContain(f.noticeTemplate);
    const bound = await call(h.app, token, 'POST', OLDMAN_TEMPLATE, {
      oldmanId,
      templateIds: [f.noticeTemplate, f.contractTemplate],
    });
    expect(bound.body.result).toEqual({ added: 2 });
    const noneAfter = (await get(token, `${OLDMAN_TEMPLATE}/none?oldmanId=${oldmanId}`)) as Row[];
    expect(noneAfter.map((t) => t.templateId)).not.toContain(f.noticeTemplate);
    const list = ((await get(token, `${OLDMAN_TEMPLATE}?oldmanId=${oldmanId}`)) as Page).list;
    expect(list.map((r) => r.templateId)).toEqual([f.noticeTemplate, f.contractTemplate]);
    const sorted = await call(h.app, token, 'PUT', `${OLDMAN_TEMPLATE}/sort`, [
      { id: list[0]?.id, sort: 5 },
      { id: list[1]?.id, sort: 1 },
    ]);
    expect(sorted.body.code).toBe(0);
    const reordered = ((await get(token, `${OLDMAN_TEMPLATE}?oldmanId=${oldmanId}`)) as Page).list;
    expect(reordered.map((r) => r.templateId)).toEqual([f.contractTemplate, f.noticeTemplate]);

    const added = await call(h.app, token, 'POST', `${OLDMAN_TEMPLATE}/add`, {
      oldmanId,
      templateId: f.noticeTemplate,
    });
    const dataId = (added.body.result as { dataId: number }).dataId;
    const edited = await call(h.app, token, 'PUT', `${OLDMAN_TEMPLATE}/edit`, {
      dataId,
      oldmanId,
      templateId: f.noticeTemplate,
      remark: '复印一份给家属',
    });
    expect(edited.body.code).toBe(0);
    const detail = (await get(token, `${OLDMAN_TEMPLATE}/detail?id=${dataId}`)) as Row;
    expect(detail).toMatchObject({ remark: '复印一份给家属', oldmanName: f.ward.oldmanName });
    const docs = (await get(
      token,
      `${OLDMAN_TEMPLATE}/list?oldmanId=${oldmanId}&templateId=${f.noticeTemplate}`,
    )) as Row[];
    expect(docs.map((d) => d.dataId)).toEqual([dataId]);
    const unbindBusy = await call(
      h.app,
      token,
      'DELETE',
      `${OLDMAN_TEMPLATE}?oldmanId=${oldmanId}&templateId=${f.noticeTemplate}`,
    );
    expect(unbindBusy.body.msg).toBe('该长者已有此模板的文书，请先删除文书');
    const wrongTemplate = await call(
      h.app,
      token,
      'DELETE',
      `${OLDMAN_TEMPLATE}/delete/${f.contractTemplate}/${dataId}`,
    );
    expect(wrongTemplate.body.code).toBe(Code.notFound);
    expect(
      (await call(h.app, token, 'DELETE', `${OLDMAN_TEMPLATE}/delete/${f.noticeTemplate}/${dataId}`)).body
        .code,
    ).toBe(0);
    const unbind = await call(
      h.app,
      token,
      'DELETE',
      `${OLDMAN_TEMPLATE}?oldmanId=${oldmanId}&templateId=${f.noticeTemplate}`,
    );
    expect(unbind.body.code).toBe(0);
    const other = await signInOtherOrg(h.app);
    const foreign = await call(h.app, other.token, 'GET', `${OLDMAN_TEMPLATE}/none?oldmanId=${oldmanId}`);
    expect(foreign.body.code).toBe(Code.notFound);
  });

  it('lists templates for pickers in their saved order (template/list, template/sort)', async () => {
    const { token } = await signInAdmin(h.app);
    const f = await fixtures(token);
    const sorted = await call(h.app, token, 'PUT', `${FORM_BASE}/template/sort`, [
      { templateId: f.noticeTemplate, sort: 1 },
      { templateId: f.contractTemplate, sort: 2 },
    ]);
    expect(sorted.body.code).toBe(0);
    const list = ((await get(token, `${TEMPLATE_LIST}?pageHelper=0&status=1`)) as Page).list;
    // the two sorted first; then the others in their saved order (the care forms' templates, seeded)
    expect(list.map((t) => t.templateName)).toEqual([
      '入住风险告知书',
      '机构养老服务合同',
      '居家上门服务协议',
      '护理记录单',
      '医疗记录单',
      '评估表单',
      '长者物品登记',
    ]);
    expect(list[0]).not.toHaveProperty('content');
    expect(list[0]?.typeName).toBe('告知书');
    const other = await signInOtherOrg(h.app);
    const foreign = await call(h.app, other.token, 'PUT', `${FORM_BASE}/template/sort`, [
      { templateId: f.noticeTemplate, sort: 3 },
    ]);
    expect(foreign.body.code).toBe(Code.invalidInput);
    const files = (await get(token, `${FORM_BASE}/templates/files/${f.contractTemplate}`)) as Row;
    expect(files.templateName).toBe('机构养老服务合同');
  });
});
