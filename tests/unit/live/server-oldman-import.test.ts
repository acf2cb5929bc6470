import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../../domain/codes.js';
import { OLDMAN_BASE, PROFILE } from '../../../domain/resources/oldman.js';
import { idCard } from '../../support/idCards.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

async function upload(token: string, name: string, bytes: Buffer, mode: string) {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  const res = await h.app.inject({
    method: 'POST',
    url: `${PROFILE}/import`,
    headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return res.json() as {
    code: number;
    msg: string;
    result: { total: number; valid: number; imported: number; problems: { row: number; reason: string }[] };
  };
}

const total = async (token: string) =>
  ((await call(h.app, token, 'GET', `${OLDMAN_BASE}?pageSize=1`)).body.result as { total: number }).total;

const good1 = idCard('1938-05-01', 11);
const good2 = idCard('1944-12-31', 22);
const csv = [
  '姓名*,身份证号*,所属部门*,联系电话,民族,婚姻状况,护理等级',
  `陈阿婆,${good1},护理一部,13900001111,汉族,丧偶,半护理`,
  `周老伯,${good2.slice(0, 17)}${good2[17] === '0' ? '1' : '0'},护理一部,,,,`,
  `林奶奶,${good2},不存在的部门,,,,`,
  `何爷爷,${idCard('1940-02-29', 33)},护理二部,010-62345678,回族,已婚,特级护理`,
].join('\n');

describe('elder profile import', () => {
  it('reports every bad row with its reason; "all" imports nothing, "valid" imports the right rows', async () => {
    const { token } = await signInAdmin(h.app);
    const before = await total(token);
    const check = await upload(token, '长者.csv', Buffer.from(csv), 'check');
    expect(check.result).toMatchObject({ total: 4, valid: 2, imported: 0 });
    expect(check.result.problems).toEqual([
      { row: 3, oldmanName: '周老伯', reason: '身份证号：校验位不正确' },
      { row: 4, oldmanName: '林奶奶', reason: '所属部门“不存在的部门”不存在' },
    ]);
    expect(await total(token)).toBe(before);
    const all = await upload(token, '长者.csv', Buffer.from(csv), 'all');
    expect(all.result.imported).toBe(0);
    expect(await total(token)).toBe(before);
    const valid = await upload(token, '长者.csv', Buffer.from(csv), 'valid');
    expect(valid.result.imported).toBe(2);
    expect(await total(token)).toBe(before + 2);
    const list = (await call(h.app, token, 'GET', `${OLDMAN_BASE}?keyword=何爷爷`)).body.result as {
      list: Record<string, unknown>[];
    };
    expect(list.list[0]).toMatchObject({ sex: 0, birthday: '1940-02-29', oldmanStatus: 3, maritalStatus: 2 });
    const again = await upload(token, '长者.csv', Buffer.from(csv), 'check');
    expect(again.result.problems.filter((p) => p.reason === '该身份证号已有档案')).toHaveLength(2);
  });

  it('reads .xlsx, refuses other files and duplicate rows, and is refused without the import authority', async () => {
    const { token } = await signInAdmin(h.app);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('长者');
    sheet.addRow(['姓名*', '身份证号*', '所属部门*']);
    sheet.addRow(['吴阿姨', good1, '护理一部']);
    sheet.addRow(['吴阿姨', good1, '护理一部']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(token, 'a.xlsx', xlsx, 'check');
    expect(res.result.problems).toEqual([{ row: 3, oldmanName: '吴阿姨', reason: '与第2行身份证号重复' }]);
    const wrong = await upload(token, 'a.txt', Buffer.from('x'), 'check');
    expect(wrong).toMatchObject({ code: Code.uploadRejected, msg: '导入文件要求是 xlsx/csv 格式' });
    const noColumn = await upload(token, 'a.csv', Buffer.from('姓名\n张三'), 'check');
    expect(noColumn.msg).toBe('导入文件缺少列：身份证号、所属部门');
    const badMode = await upload(token, 'a.csv', Buffer.from(csv), 'everything');
    expect(badMode.code).toBe(Code.invalidInput);
    const nurse = await signInNurse(h.app);
    const refused = await upload(nurse.token, 'a.csv', Buffer.from(csv), 'valid');
    expect(refused.code).toBe(Code.noAuthority);
  });
});
