import { afterEach, beforeEach, expect, it } from 'vitest';
import { OLDMAN_BASE, PROFILE } from '../../domain/resources/oldman.js';
import { gbkBytes } from '../support/gbk.js';
import { idCard } from '../support/idCards.js';
import { call, signInAdmin, startTestApp } from '../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

async function upload(token: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('mode', 'valid');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Response(form);
  const res = await h.app.inject({
    method: 'POST',
    url: `${PROFILE}/import`,
    headers: { authorization: token, 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return res.json() as { code: number; msg: string; result: { imported: number; problems: unknown[] } };
}

const names = async (token: string, keyword: string) =>
  (
    (await call(h.app, token, 'GET', `${OLDMAN_BASE}?keyword=${encodeURIComponent(keyword)}`)).body
      .result as { list: { oldmanName: string; nation?: unknown }[] }
  ).list.map((r) => r.oldmanName);

it('imports a CSV saved by Chinese Excel in GBK: the Chinese names are stored as written', async () => {
  const { token } = await signInAdmin(h.app);
  const csv = [
    '姓名*,身份证号*,所属部门*,联系电话,民族,婚姻状况,护理等级',
    `欧阳珺,${idCard('1939-03-08', 41)},护理一部,13900002222,汉族,丧偶,半护理`,
    `褚镕,${idCard('1942-11-20', 52)},护理二部,,回族,已婚,`,
  ].join('\r\n');
  const bytes = gbkBytes(csv);
  // really GBK: not readable as UTF-8, the way the old upload read it
  expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
  const answer = await upload(token, '长者导入.csv', bytes);
  expect(answer).toMatchObject({ code: 0, result: { imported: 2, problems: [] } });
  expect(await names(token, '欧阳珺')).toEqual(['欧阳珺']);
  expect(await names(token, '褚镕')).toEqual(['褚镕']);
});

it('imports the same file saved as "CSV UTF-8" (with a byte-order mark) alike', async () => {
  const { token } = await signInAdmin(h.app);
  const csv = `姓名*,身份证号*,所属部门*\r\n司马懿,${idCard('1945-06-01', 63)},护理一部\r\n`;
  const answer = await upload(
    token,
    '长者.csv',
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]),
  );
  expect(answer).toMatchObject({ code: 0, result: { imported: 1, problems: [] } });
  expect(await names(token, '司马懿')).toEqual(['司马懿']);
});
