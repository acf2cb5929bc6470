import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { call, signInAdmin, signInOtherOrg, startTestApp } from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

const BASE = '/api/form/org';

describe('document templates', () => {
  it('saves, copies and deletes templates under a type; refuses deleting a type still in use', async () => {
    const { token } = await signInAdmin(h.app);
    const types = (await call(h.app, token, 'GET', `${BASE}/templateType?isHome=0`)).body.result as {
      typeId: number;
      typeName: string;
    }[];
    expect(types.map((t) => t.typeName)).toEqual(['入住合同', '告知书']);
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
