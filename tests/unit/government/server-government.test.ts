import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathWith } from '../../../domain/api/path.js';
import { localDay } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { REMINDS_PATH } from '../../../domain/reminders.js';
import { RecordStatus } from '../../../domain/statuses/government.js';
import { GovernmentAuthority as A, GovernmentPaths as P } from '../../../features/government/api.js';
import { expireRectifications } from '../../../features/government/server/overdue.js';
import { call, grantNurse, multipart, signInAdmin, startTestApp } from '../../support/serverHarness.js';

type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
type Page = { list: Rec[]; total: number };
let h: Harness;
let admin = '';
const DAY = 86_400_000;
beforeEach(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterEach(async () => {
  await h.close();
});

const day = (offset: number) => localDay(h.clock.now + offset * DAY);
const recordUrl = (id: unknown) => pathWith(P.recordOne, { id: Number(id) });
const results = (failed: Record<number, string>) =>
  Array.from({ length: 60 }, (_, i) =>
    failed[i + 1]
      ? { itemNo: i + 1, passed: false, problem: failed[i + 1] }
      : { itemNo: i + 1, passed: true },
  );

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(name = '整改.png', bytes = PNG) {
  return multipart(h.app, admin, P.file, { name, bytes });
}

async function newInspection(failed: Record<number, string> = { 38: '卫生间缺扶手', 56: '消防通道堆物' }) {
  const res = await call(h.app, admin, 'POST', P.inspect, {
    inspectDate: day(0),
    inspectUnit: '西湖区民政局',
    inspectorName: '王建国',
    results: results(failed),
  });
  expect(res.body.code).toBe(0);
  const { inspectId } = res.body.result as { inspectId: number };
  const records = (await call(h.app, admin, 'GET', `${P.record}?inspectId=${inspectId}&pageHelper=0`)).body
    .result as Page;
  return { inspectId, records: records.list };
}

describe('政府监管: checklist and inspections', () => {
  it('answers the 60-item checklist grouped by GB 38600-2019 chapters', async () => {
    const res = await call(h.app, admin, 'GET', P.issue);
    const items = res.body.result as { itemNo: number; category: string }[];
    expect(items).toHaveLength(60);
    expect(items.map((i) => i.itemNo)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(new Set(items.map((i) => i.category))).toContain('防跌倒');
  });

  it('registers each failed item as a record to rectify, and lists and shows the inspection', async () => {
    const { inspectId, records } = await newInspection();
    expect(records.map((r) => [r.itemNo, r.recordStatus, r.category])).toEqual([
      [56, RecordStatus.registered, '管理要求'],
      [38, RecordStatus.registered, '防跌倒'],
    ]);
    const one = (await call(h.app, admin, 'GET', pathWith(P.inspectOne, { id: inspectId }))).body
      .result as Rec;
    expect(one).toMatchObject({ itemCount: 60, issueCount: 2, openCount: 2, inspectUnit: '西湖区民政局' });
    const list = (await call(h.app, admin, 'GET', `${P.inspect}?inspectUnit=民政局`)).body.result as Page;
    expect(list.list.some((r) => r.inspectId === inspectId)).toBe(true);
  });

  it('refuses bad inspections in Chinese and writes nothing', async () => {
    const before = await sql<{ n: number }>`select count(*) as n from inspect`.execute(h.app.services.db);
    const cases: [Rec, RegExp][] = [
      [{ inspectUnit: '', inspectorName: '王', inspectDate: day(0), results: results({}) }, /请填写检查单位/],
      [
        { inspectUnit: '区局', inspectorName: '王', inspectDate: day(1), results: results({}) },
        /不能晚于今天/,
      ],
      [
        {
          inspectUnit: '区局',
          inspectorName: '王',
          inspectDate: day(0),
          results: [{ itemNo: 61, passed: true }],
        },
        /检查项目61不存在/,
      ],
      [
        {
          inspectUnit: '区局',
          inspectorName: '王',
          inspectDate: day(0),
          results: [{ itemNo: 3, passed: false }],
        },
        /问题描述/,
      ],
      [
        {
          inspectUnit: '区局',
          inspectorName: '王',
          inspectDate: day(0),
          results: [{ itemNo: 3, passed: false, problem: 'x', issuePhotos: ['javascript:alert(1)'] }],
        },
        /照片须为上传后的文件地址/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(h.app, admin, 'POST', P.inspect, body);
      expect(res.body.code).toBe(Code.invalidInput);
      expect(res.body.msg).toMatch(message);
    }
    const after = await sql<{ n: number }>`select count(*) as n from inspect`.execute(h.app.services.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('政府监管: rectification (inspectionMachine on the server)', () => {
  it('assigns with a deadline, then rectifies with an uploaded photo', async () => {
    const { records } = await newInspection();
    const id = records[0]?.inspectRecordId;
    const early = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.rectify',
      rectifyContent: '已清理',
      rectifyPhotos: ['/files/inspections/x.png'],
    });
    expect(early.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为待整改，不能提交整改' });
    const pastDeadline = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '孙立明',
      rectifyDeadline: day(-1),
    });
    expect(pastDeadline.body.msg).toBe('整改期限不能早于今天');
    const assigned = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '孙立明',
      rectifyDeadline: day(3),
    });
    expect(assigned.body.result).toEqual({ inspectRecordId: id, recordStatus: RecordStatus.rectifying });
    const noPhoto = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.rectify',
      rectifyContent: '已清理',
      rectifyPhotos: [],
    });
    expect(noPhoto.body.msg).toBe('请上传整改照片');
    const photo = await upload();
    expect(photo.body.code).toBe(0);
    const urlPath = String(photo.body.result.urlPath);
    expect(urlPath).toMatch(/^\/files\/inspections\/.+\.png$/);
    const done = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.rectify',
      rectifyContent: '已清理消防通道杂物',
      rectifyPhotos: [urlPath],
    });
    expect(done.body.result).toEqual({ inspectRecordId: id, recordStatus: RecordStatus.rectified });
    const row = (await call(h.app, admin, 'GET', recordUrl(id))).body.result as Rec;
    expect(row).toMatchObject({ rectifyPhotos: [urlPath], overdue: 0, rectifyUserName: '孙立明' });
    const again = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '某人',
      rectifyDeadline: day(3),
    });
    expect(again.body).toMatchObject({ code: Code.actionRefused, msg: '当前状态为已整改，不能下发整改' });
    const served = await h.app.inject({ method: 'GET', url: urlPath, headers: { authorization: admin } });
    expect(served.statusCode).toBe(200);
  });

  it('refuses a photo whose bytes are not an image', async () => {
    const fake = await upload('整改.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.body).toMatchObject({ code: Code.uploadRejected, msg: '文件内容与扩展名不符' });
    const exe = await upload('整改.exe');
    expect(exe.body.msg).toMatch(/格式/);
  });

  it('turns a rectification overdue on the day after its deadline and pushes a reminder', async () => {
    const { records } = await newInspection({ 25: '翻身记录缺失' });
    const id = records[0]?.inspectRecordId;
    await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '陈美华',
      rectifyDeadline: day(2),
    });
    const services = h.app.services;
    const pushed: unknown[] = [];
    const hub = { toDepartment: (...args: unknown[]) => void pushed.push(args) } as never;
    expect(await expireRectifications(services.db, { hub, now: () => h.clock.now + 2 * DAY })).toEqual([]);
    h.clock.now += 3 * DAY;
    admin = (await signInAdmin(h.app)).token; // the session lapsed while the clock moved
    const sent = await expireRectifications(services.db, { hub, now: () => h.clock.now });
    expect(sent.map((s) => s.inspectRecordId)).toContain(id);
    expect(pushed.length).toBe(sent.length);
    expect(JSON.stringify(pushed[0])).toContain('整改逾期');
    expect(await expireRectifications(services.db, { hub, now: () => h.clock.now })).toEqual([]);
    const row = (await call(h.app, admin, 'GET', recordUrl(id))).body.result as Rec;
    expect(row).toMatchObject({ recordStatus: RecordStatus.overdue, overdue: 1 });
    // the reminders list (workbench 待办提醒) carries it until it is rectified, to those who see 整改管理
    const reminds = async (token: string) =>
      (
        (await call(h.app, token, 'GET', `${REMINDS_PATH}?pageHelper=0`)).body.result as { list: Rec[] }
      ).list.filter((r) => r.remindType === 'inspectionOverdue');
    expect(await reminds(admin)).toContainEqual(
      expect.objectContaining({ inspectRecordId: id, itemName: row.itemName, rectifyUserName: '陈美华' }),
    );
    expect(await reminds(await grantNurse(h.app, 'government', []))).toEqual([]);
    const photo = String((await upload()).body.result.urlPath);
    const late = await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.rectify',
      rectifyContent: '已补记翻身记录',
      rectifyPhotos: [photo],
    });
    expect(late.body.result).toEqual({ inspectRecordId: id, recordStatus: RecordStatus.rectified });
    expect(((await call(h.app, admin, 'GET', recordUrl(id))).body.result as Rec).overdue).toBe(1);
    expect((await reminds(admin)).map((r) => r.inspectRecordId)).not.toContain(id);
  });

  it('a list read after the deadline shows 已逾期 without waiting for the periodic check', async () => {
    const { records } = await newInspection({ 44: '窗户限位损坏' });
    const id = records[0]?.inspectRecordId;
    await call(h.app, admin, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '赵永强',
      rectifyDeadline: day(0),
    });
    h.clock.now += DAY;
    admin = (await signInAdmin(h.app)).token;
    const list = (await call(h.app, admin, 'GET', `${P.record}?recordStatus=4&pageHelper=0`)).body
      .result as Page;
    expect(list.list.map((r) => r.inspectRecordId)).toContain(id);
  });

  it('checks authority and data department on every call', async () => {
    const { inspectId, records } = await newInspection();
    const id = records[0]?.inspectRecordId;
    const none = await grantNurse(h.app, 'government', []);
    for (const [method, url] of [
      ['GET', P.inspect],
      ['GET', P.issue],
      ['GET', P.record],
      ['GET', pathWith(P.inspectOne, { id: inspectId })],
    ] as const)
      expect((await call(h.app, none, method, url)).body.code).toBe(Code.noAuthority);
    expect((await call(h.app, none, 'POST', P.inspect, {})).body.code).toBe(Code.noAuthority);
    const viewer = await grantNurse(h.app, 'government', [A.group, A.inspect, A.rectify, A.rectifySubmit]);
    const assign = await call(h.app, viewer, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '孙立明',
      rectifyDeadline: day(3),
    });
    expect(assign.body.code).toBe(Code.noAuthority);
    const assigner = await grantNurse(h.app, 'government', [A.group, A.rectify, A.rectifyAssign]);
    // the records are in the administrator's first department, which the nurse does not hold
    const other = await call(h.app, assigner, 'PUT', recordUrl(id), {
      event: 'inspection.assign',
      rectifyUserName: '孙立明',
      rectifyDeadline: day(3),
    });
    expect(other.body.code).toBe(Code.deptNotAllowed);
    const row = (await call(h.app, admin, 'GET', recordUrl(id))).body.result as Rec;
    expect(row.recordStatus).toBe(RecordStatus.registered);
  });
});
