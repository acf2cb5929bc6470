import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IotPaths } from '../../../domain/api/iot.js';
import { Code } from '../../../domain/codes.js';
import { ACK_BATCH_MAX } from '../../../features/iot/api/alarms.js';
import { offlineAlarmSource } from '../../../server/rules/evaluate.js';
import { call, signInAdmin, signInNurse, startTestApp } from '../../support/serverHarness.js';

/** Issue #19 (告警中心): batch acknowledge, the history's snapshot bound, where 通讯离线 belongs. */

type Harness = Awaited<ReturnType<typeof startTestApp>>;
let h: Harness;
beforeEach(async () => {
  h = await startTestApp();
});
afterEach(async () => {
  await h.close();
});

async function deptOf(orgName: string | null, deptName: string) {
  const db = h.app.services.db;
  let q = db
    .selectFrom('dept')
    .innerJoin('org', 'org.orgId', 'dept.orgId')
    .select(['dept.deptId', 'dept.orgId'])
    .where('dept.deptName', '=', deptName);
  if (orgName) q = q.where('org.orgName', '=', orgName);
  return q.executeTakeFirstOrThrow();
}

let seq = 0;
/** An open positioning alarm stored as the rules engine would store it. */
async function alarmIn(where: { orgId: number; deptId: number }, more: Record<string, unknown> = {}) {
  seq++;
  const at = h.clock.now - 60_000 + seq;
  const row = await h.app.services.db
    .insertInto('alarmRecord')
    .values({
      orgId: where.orgId,
      deptId: where.deptId,
      source: 'pnt',
      alarmType: 'sos',
      alarmTypeName: 'SOS报警',
      severity: 3,
      deviceId: null,
      deviceCode: `T${seq}`,
      deviceName: `测试手表${seq}`,
      oldmanId: null,
      oldmanName: `测试长者${seq}`,
      bedId: null,
      bedName: null,
      roomName: null,
      buildingId: null,
      floorNo: null,
      lng: null,
      lat: null,
      content: '长者按下 SOS 求助',
      status: 0,
      count: 1,
      firstTime: at,
      lastTime: at,
      ackBy: null,
      ackName: null,
      ackTime: null,
      escalated: 0,
      handlerId: null,
      handlerName: null,
      handleTime: null,
      handleNote: null,
      ruleId: null,
      version: 1,
      ...more,
    })
    .returning('recordId')
    .executeTakeFirstOrThrow();
  return row.recordId;
}

const stored = (recordId: number) =>
  h.app.services.db
    .selectFrom('alarmRecord')
    .selectAll()
    .where('recordId', '=', recordId)
    .executeTakeFirstOrThrow();

type BatchAnswer = {
  acknowledged: { recordId: number; ackName: string | null; ackTime: number | null }[];
  refused: { recordId: number; reason: string }[];
};

describe('POST alarm/record/ack/batch', () => {
  it('acknowledges what the nurse may, refuses another department, another organisation and an acknowledged one, and pushes each change', async () => {
    const own = await deptOf(null, '护理一部');
    const second = await deptOf(null, '护理二部');
    const elsewhere = await h.app.services.db
      .selectFrom('dept')
      .select(['deptId', 'orgId'])
      .where('orgId', '!=', own.orgId)
      .executeTakeFirstOrThrow();
    const mine = await alarmIn(own);
    const mine2 = await alarmIn(own, { escalated: 1 });
    const theirs = await alarmIn({ orgId: second.orgId, deptId: second.deptId });
    const foreign = await alarmIn(elsewhere);
    const acked = await alarmIn(own, { ackBy: 1, ackName: '张伟', ackTime: h.clock.now - 1000 });
    const closed = await alarmIn(own, { status: 3, handlerName: '张伟', handleTime: h.clock.now });

    const pushed = vi.spyOn(h.app.services.hub, 'alarm');
    const nurse = await signInNurse(h.app);
    const res = await call(h.app, nurse.token, 'POST', IotPaths.alarmAckBatch, {
      recordIds: [mine, theirs, foreign, acked, mine2, closed, 999_999],
    });
    expect(res.body.code).toBe(Code.ok);
    const answer = res.body.result as BatchAnswer;
    expect(answer.acknowledged.map((a) => a.recordId)).toEqual([mine, mine2]);
    expect(answer.acknowledged[0]?.ackTime).toBe(h.clock.now);
    expect(answer.refused).toEqual([
      { recordId: theirs, reason: '无权访问该数据部门' },
      { recordId: foreign, reason: '告警记录不存在' },
      { recordId: acked, reason: '告警已由张伟确认' },
      { recordId: closed, reason: '告警已处理，不能确认' },
      { recordId: 999_999, reason: '告警记录不存在' },
    ]);
    // each acknowledged record pushed once, as a single acknowledge does; the refused ones unchanged
    expect(pushed.mock.calls.map(([r]) => r.recordId)).toEqual([mine, mine2]);
    expect((await stored(mine)).ackTime).toBe(h.clock.now);
    expect((await stored(mine2)).escalated).toBe(1);
    for (const id of [theirs, foreign]) expect((await stored(id)).ackTime).toBeNull();
    expect((await stored(acked)).ackName).toBe('张伟');
    expect((await stored(closed)).ackTime).toBeNull();
  });

  it('refuses bad input with a Chinese message, and a caller not signed in', async () => {
    const admin = await signInAdmin(h.app);
    const own = await deptOf(null, '护理一部');
    const id = await alarmIn(own);
    for (const [body, msg] of [
      [{}, '请选择告警记录'],
      [{ recordIds: [] }, '请选择告警记录'],
      [{ recordIds: ['x'] }, '请选择告警记录'],
      [{ recordIds: Array.from({ length: ACK_BATCH_MAX + 1 }, (_, i) => i + 1) }, '一次最多确认200条'],
    ] as const) {
      const res = await call(h.app, admin.token, 'POST', IotPaths.alarmAckBatch, body);
      expect(res.body.code).toBe(Code.invalidInput);
      expect(res.body.msg).toContain(msg);
    }
    expect((await stored(id)).ackTime).toBeNull();
    const anonymous = await call(h.app, null, 'POST', IotPaths.alarmAckBatch, { recordIds: [id] });
    expect(anonymous.body.code).not.toBe(Code.ok);
    expect((await stored(id)).ackTime).toBeNull();
  });
});

describe('POST alarm/record/handle/batch (忽略所选, 解除所选)', () => {
  type HandleAnswer = {
    done: { recordId: number; status: number; handleNote: string | null; handlerName: string | null }[];
    refused: { recordId: number; reason: string }[];
  };

  it('ignores with one reason what the nurse may, refuses the rest unchanged, and releases a selection', async () => {
    const own = await deptOf(null, '护理一部');
    const second = await deptOf(null, '护理二部');
    const a = await alarmIn(own);
    const b = await alarmIn(own, { ackBy: 1, ackName: '张伟', ackTime: h.clock.now - 1000 });
    const theirs = await alarmIn({ orgId: second.orgId, deptId: second.deptId });
    const closed = await alarmIn(own, { status: 3, handlerName: '张伟', handleTime: h.clock.now });
    const pushed = vi.spyOn(h.app.services.hub, 'alarm');
    const nurse = await signInNurse(h.app);
    const res = await call(h.app, nurse.token, 'POST', IotPaths.alarmHandleBatch, {
      recordIds: [a, theirs, b, closed, a],
      action: 'ignore',
      reason: '  设备测试，误报  ',
    });
    expect(res.body.code).toBe(Code.ok);
    const answer = res.body.result as HandleAnswer;
    expect(answer.done.map((r) => [r.recordId, r.status, r.handleNote])).toEqual([
      [a, 2, '设备测试，误报'],
      [b, 2, '设备测试，误报'],
    ]);
    expect(answer.refused.map((r) => r.recordId)).toEqual([theirs, closed]);
    expect(answer.refused[0]?.reason).toBe('无权访问该数据部门');
    expect(pushed.mock.calls.map(([r]) => r.recordId)).toEqual([a, b]);
    expect((await stored(theirs)).status).toBe(0);
    expect((await stored(closed)).status).toBe(3);

    const c = await alarmIn(own);
    const d = await alarmIn(own);
    const released = await call(h.app, nurse.token, 'POST', IotPaths.alarmHandleBatch, {
      recordIds: [c, d],
      action: 'release',
    });
    expect((released.body.result as HandleAnswer).done.map((r) => r.status)).toEqual([4, 4]);
    expect((await stored(d)).handleTime).toBe(h.clock.now);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const admin = await signInAdmin(h.app);
    const id = await alarmIn(await deptOf(null, '护理一部'));
    for (const [body, msg] of [
      [{ recordIds: [id], action: 'ignore' }, '请填写忽略原因'],
      [{ recordIds: [id], action: 'ignore', reason: '   ' }, '请填写忽略原因'],
      [{ recordIds: [id], action: 'delete' }, '操作无效'],
      [{ recordIds: [], action: 'release' }, '请选择告警记录'],
      [{ recordIds: [id], action: 'ignore', reason: '长'.repeat(501) }, '忽略原因不能超过500个字'],
      [
        { recordIds: Array.from({ length: ACK_BATCH_MAX + 1 }, (_, i) => i + 1), action: 'release' },
        '一次最多处理200条',
      ],
    ] as const) {
      const res = await call(h.app, admin.token, 'POST', IotPaths.alarmHandleBatch, body);
      expect(res.body.code, JSON.stringify(body).slice(0, 80)).toBe(Code.invalidInput);
      expect(res.body.msg).toContain(msg);
    }
    expect((await stored(id)).status).toBe(0);
    const anonymous = await call(h.app, null, 'POST', IotPaths.alarmHandleBatch, {
      recordIds: [id],
      action: 'release',
    });
    expect(anonymous.body.code).not.toBe(Code.ok);
    expect((await stored(id)).status).toBe(0);
  });
});

describe('alarm history paging', () => {
  it('pages within the snapshot bound: an alarm raised between pages does not repeat a row', async () => {
    const admin = await signInAdmin(h.app);
    const own = await deptOf(null, '护理一部');
    for (let i = 0; i < 12; i++) await alarmIn(own, { severity: 1 + (i % 3) });
    const page = async (pageNum: number, bound?: number) => {
      const q = new URLSearchParams({ pageNum: String(pageNum), pageSize: '5' });
      if (bound !== undefined) q.set('maxRecordId', String(bound));
      const res = await call(h.app, admin.token, 'GET', `${IotPaths.pntAlarms}?${q}`);
      expect(res.body.code).toBe(Code.ok);
      return res.body.result as { list: { recordId: number }[]; total: number };
    };
    const newest = await call(
      h.app,
      admin.token,
      'GET',
      `${IotPaths.pntAlarms}?pageNum=1&pageSize=1&sortField=recordId&sortOrder=desc`,
    );
    const bound = (newest.body.result as { list: { recordId: number }[] }).list[0]?.recordId ?? 0;
    const first = await page(1, bound);
    // a new 紧急 alarm arrives: without the bound it would be first and shift every page by one
    await alarmIn(own, { severity: 3, firstTime: 1, lastTime: 1 });
    const unbound = await page(2);
    expect(unbound.list[0]?.recordId).toBe(first.list.at(-1)?.recordId);
    const second = await page(2, bound);
    const ids = [...first.list, ...second.list].map((r) => r.recordId);
    expect(new Set(ids).size).toBe(10);
    expect(second.total).toBe(first.total);
  });
});

describe('通讯离线 belongs to the console of the device', () => {
  it('a watch or band on 定位告警, a mattress or call button on 床垫告警', () => {
    expect(offlineAlarmSource('watch')).toBe('pnt');
    expect(offlineAlarmSource('band')).toBe('pnt');
    expect(offlineAlarmSource('mattress')).toBe('mattress');
    expect(offlineAlarmSource('callButton')).toBe('mattress');
  });

  it('the 床垫告警 history filters by 通讯离线 as by the mattress alarm types, and refuses an unknown type', async () => {
    const admin = await signInAdmin(h.app);
    const own = await deptOf(null, '护理一部');
    const offline = await alarmIn(own, {
      source: 'mattress',
      alarmType: 'communicationOffline',
      alarmTypeName: '通讯离线',
      severity: 1,
    });
    const wet = await alarmIn(own, {
      source: 'mattress',
      alarmType: '5',
      alarmTypeName: '尿湿',
      severity: 1,
    });
    const list = async (alarmType: string) => {
      const res = await call(
        h.app,
        admin.token,
        'GET',
        `${IotPaths.mattressAlarms}?alarmType=${alarmType}&pageSize=100`,
      );
      return res.body;
    };
    const raw = await list('communicationOffline');
    const offlines = raw.result as { list: { recordId: number }[] };
    expect(offlines.list.map((r) => r.recordId)).toContain(offline);
    expect(offlines.list.map((r) => r.recordId)).not.toContain(wet);
    const wets = (await list('5')).result as { list: { recordId: number }[] };
    expect(wets.list.map((r) => r.recordId)).toContain(wet);
    expect(wets.list.map((r) => r.recordId)).not.toContain(offline);
    expect((await list('sos')).code).toBe(Code.invalidInput);
  });
});

describe('ignoring with a reason', () => {
  it('keeps the reason as the record note; without one the note stays empty', async () => {
    const admin = await signInAdmin(h.app);
    const own = await deptOf(null, '护理一部');
    const a = await alarmIn(own);
    const b = await alarmIn(own);
    const withReason = await call(h.app, admin.token, 'POST', IotPaths.alarmHandle, {
      recordId: a,
      status: 2,
      handleNote: '设备测试，非真实求助',
    });
    expect(withReason.body.code).toBe(Code.ok);
    expect(await stored(a)).toMatchObject({ status: 2, handleNote: '设备测试，非真实求助' });
    await call(h.app, admin.token, 'POST', IotPaths.alarmHandle, { recordId: b, status: 2 });
    expect(await stored(b)).toMatchObject({ status: 2, handleNote: null });
  });
});
