import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { call, signInAdmin, signInOtherOrg, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const BASE = '/api/form/org';

/** The document types a fresh start holds: the contracts', and the care forms' (护理计划 form screens). */
const SEEDED_DOCUMENT_TYPES = ['入住合同', '告知书', '护理记录单', '医疗记录单', '评估表单', '长者物品登记'];

describe('document templates', () => {
  it('saves, copies and deletes templates under a type; refuses deleting a type still in use', async () => {
    const { token } = await signInAdmin(h.app);
    const types = (await call(h.app, token, 'GET', `${BASE}/templateType?isHome=0`)).body.result as {
      typeId: number;
      typeName: string;
    }[];
    expect(types.map((t) => t.typeName)).toEqual(SEEDED_DOCUMENT_TYPES);
    const typeId = types[0]?.typeId ?? 0;
    const saved = await call(h.app, token, 'PUT', `${BASE}/template`, {
      typeId,
      templateName: '短期托养合同',
      content: '<p>{{oldmanName}}</p>',
    });
    const templateId = (saved.body.result as { templateId: number }).templateId;
    const copy = await call(h.app, token, 'POST', `${BASE}/templates/files/copy`, { templateId });
    expect(copy.body.code).toBe(0);
    const list = (await call(h.app, token, 'GET', `${BASE}/template?typeId=${typeId}&pageHelper=0`)).body
      .result as { list: { templateName: string }[] };
    expect(list.list.map((t) => t.templateName)).toEqual([
      '机构养老服务合同',
      '短期托养合同',
      '短期托养合同（副本）',
    ]);
    const inUse = await call(h.app, token, 'DELETE', `${BASE}/templateType?typeId=${typeId}`);
    expect(inUse.body).toMatchObject({ code: Code.conflict, msg: '该类型下仍有模板，不能删除' });
    expect((await call(h.app, token, 'DELETE', `${BASE}/template/${templateId}`)).body.code).toBe(0);
  });

  it('keeps each organisation to its own templates and checks the input', async () => {
    const admin = await signInAdmin(h.app);
    const other = await signInOtherOrg(h.app);
    const mine = (await call(h.app, admin.token, 'GET', `${BASE}/templateType`)).body.result as {
      typeId: number;
    }[];
    const typeId = mine[0]?.typeId ?? 0;
    const foreign = await call(h.app, other.token, 'PUT', `${BASE}/template`, { typeId, templateName: 'x' });
    expect(foreign.body.code).toBe(Code.notFound);
    const empty = await call(h.app, admin.token, 'PUT', `${BASE}/template`, { typeId, templateName: '  ' });
    expect(empty.body).toMatchObject({ code: Code.invalidInput });
    expect(empty.body.msg).toContain('请输入模板名称');
    const dupType = await call(h.app, admin.token, 'POST', `${BASE}/templateType`, { typeName: '告知书' });
    expect(dupType.body.msg).toBe('该模板类型已存在');
  });
});

/** Form (report) templates keep their types apart from the document families with isHome=2. */
const FORM = 2;
type TypeRow = { typeId: number; typeName: string; sort: number };
const typesOf = async (token: string, isHome: number) =>
  (await call(h.app, token, 'GET', `${BASE}/templateType?isHome=${isHome}`)).body.result as TypeRow[];

describe('form templates', () => {
  it('keeps form template types apart, adds them last, renames without losing the order', async () => {
    const { token } = await signInAdmin(h.app);
    const first = await call(h.app, token, 'POST', `${BASE}/templateType`, {
      typeName: '评估表',
      isHome: FORM,
    });
    expect(first.body.code).toBe(0);
    // The same name as a document type is allowed: another family.
    await call(h.app, token, 'POST', `${BASE}/templateType`, { typeName: '入住合同', isHome: FORM });
    expect((await typesOf(token, FORM)).map((t) => [t.typeName, t.sort])).toEqual([
      ['评估表', 0],
      ['入住合同', 1],
    ]);
    expect((await typesOf(token, 0)).map((t) => t.typeName)).toEqual(SEEDED_DOCUMENT_TYPES);

    const typeId = (first.body.result as { typeId: number }).typeId;
    const renamed = await call(h.app, token, 'PUT', `${BASE}/templateType`, {
      typeId,
      typeName: '护理评估表',
    });
    expect(renamed.body.code).toBe(0);
    expect((await typesOf(token, FORM)).map((t) => [t.typeName, t.sort])).toEqual([
      ['护理评估表', 0],
      ['入住合同', 1],
    ]);
    const taken = await call(h.app, token, 'PUT', `${BASE}/templateType`, { typeId, typeName: '入住合同' });
    expect(taken).toMatchObject({ status: 400, body: { code: Code.conflict, msg: '该模板类型已存在' } });

    const [a, b] = await typesOf(token, FORM);
    const sorted = await call(h.app, token, 'PUT', `${BASE}/templateType/sort`, [
      { typeId: b?.typeId, sort: 0 },
      { typeId: a?.typeId, sort: 1 },
    ]);
    expect(sorted.body.code).toBe(0);
    expect((await typesOf(token, FORM)).map((t) => t.typeName)).toEqual(['入住合同', '护理评估表']);
    expect((await call(h.app, token, 'DELETE', `${BASE}/templateType?typeId=${typeId}`)).body.code).toBe(0);
    expect((await typesOf(token, FORM)).map((t) => t.typeName)).toEqual(['入住合同']);
    const bad = await call(h.app, token, 'POST', `${BASE}/templateType`, { typeName: 'x', isHome: 3 });
    expect(bad.body.code).toBe(Code.invalidInput);
  });

  it('an update keeps the content and status it does not send; a template stays in its family', async () => {
    const { token } = await signInAdmin(h.app);
    const created = await call(h.app, token, 'POST', `${BASE}/templateType`, {
      typeName: '评估表',
      isHome: FORM,
    });
    const typeId = (created.body.result as { typeId: number }).typeId;
    const saved = await call(h.app, token, 'PUT', `${BASE}/template`, {
      typeId,
      templateName: '跌倒风险评估',
      content: '{"fields":[]}',
      status: 0,
    });
    const templateId = (saved.body.result as { templateId: number }).templateId;
    await call(h.app, token, 'PUT', `${BASE}/template`, {
      templateId,
      typeId,
      templateName: '跌倒风险评估表',
    });
    const one = (await call(h.app, token, 'GET', `${BASE}/template?templateId=${templateId}&pageHelper=0`))
      .body.result as { list: { templateName: string; content: string; status: number }[] };
    expect(one.list).toEqual([
      expect.objectContaining({ templateName: '跌倒风险评估表', content: '{"fields":[]}', status: 0 }),
    ]);

    const documentType = (await typesOf(token, 0))[0]?.typeId;
    const moved = await call(h.app, token, 'PUT', `${BASE}/template`, {
      templateId,
      typeId: documentType,
      templateName: '跌倒风险评估表',
    });
    expect(moved.body).toMatchObject({ code: Code.invalidInput, msg: '不能移到其他类别的模板类型' });
  });
});
