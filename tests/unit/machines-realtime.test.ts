import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AlarmRecord, AlarmStatus } from '../../domain/alarms.js';
import { alarmTransition } from '../../machines/alarmMachine.js';
import { brokerUrl } from '../../machines/brokerConnectionMachine.js';
import { createTimers } from '../../machines/timers.js';

/** A stored record as the server reads it: a fresh, unacknowledged SOS alarm. */
const makeRecord = (over: Partial<AlarmRecord> = {}): AlarmRecord => ({
  recordId: 11,
  orgId: 1,
  source: 'pnt',
  alarmType: 'sos',
  alarmTypeName: 'SOS报警',
  severity: 3,
  deviceId: 5,
  deviceCode: 'W-0005',
  deviceName: '手环5',
  oldmanId: 3,
  oldmanName: '李秀英',
  bedId: null,
  bedName: null,
  roomName: '201',
  buildingId: 1,
  floorNo: 2,
  lng: null,
  lat: null,
  content: 'SOS',
  status: AlarmStatus.unhandled,
  count: 1,
  firstTime: 1_000,
  lastTime: 1_000,
  ackBy: null,
  ackName: null,
  ackTime: null,
  escalated: false,
  handlerId: null,
  handlerName: null,
  handleTime: null,
  handleNote: null,
  version: 1,
  ...over,
});
const by = { userId: 9, userName: '张主管', at: 50_000 };

describe('alarmTransition', () => {
  it('handles an unhandled alarm and returns only the lifecycle fields; handled at once, it is acknowledged then too', () => {
    const result = alarmTransition(makeRecord(), { type: 'alarm.handle', ...by, note: '已到场处置' });
    expect(result).toEqual({
      ok: true,
      next: {
        status: AlarmStatus.handled,
        count: 1,
        lastTime: 1_000,
        ackBy: 9,
        ackName: '张主管',
        ackTime: 50_000,
        escalated: false,
        handlerId: 9,
        handlerName: '张主管',
        handleNote: '已到场处置',
        handleTime: 50_000,
      },
    });
  });

  it('refuses to handle an ignored alarm', () => {
    const ignored = makeRecord({
      status: AlarmStatus.ignored,
      handlerId: 2,
      handlerName: '王护士',
      handleTime: 9,
    });
    expect(alarmTransition(ignored, { type: 'alarm.handle', ...by, note: '补录' })).toEqual({
      ok: false,
      reason: '告警已忽略，不能处理',
    });
  });

  it('refuses to handle without a note', () => {
    for (const note of ['', '   '])
      expect(alarmTransition(makeRecord(), { type: 'alarm.handle', ...by, note })).toEqual({
        ok: false,
        reason: '请填写处理说明',
      });
  });

  it('refuses to release a handled alarm', () => {
    const handled = makeRecord({
      status: AlarmStatus.handled,
      handlerId: 2,
      handleNote: '已处理',
      handleTime: 9,
    });
    expect(alarmTransition(handled, { type: 'alarm.release', ...by })).toEqual({
      ok: false,
      reason: '告警已处理，不能解除',
    });
  });

  it('acknowledges once; a second acknowledgement is refused and names who did it', () => {
    const first = alarmTransition(makeRecord({ escalated: true }), { type: 'alarm.ack', ...by });
    expect(first).toMatchObject({
      ok: true,
      next: { status: AlarmStatus.unhandled, ackBy: 9, ackName: '张主管', ackTime: 50_000, escalated: true },
    });
    const acked = makeRecord({ ackBy: 9, ackName: '张主管', ackTime: 50_000 });
    expect(alarmTransition(acked, { type: 'alarm.ack', userId: 4, userName: '赵护工', at: 60_000 })).toEqual({
      ok: false,
      reason: '告警已由张主管确认',
    });
  });

  it('allows a comment on a handled alarm without changing it, but not an empty one', () => {
    const handled = makeRecord({
      status: AlarmStatus.handled,
      handlerId: 2,
      handleNote: '已处理',
      handleTime: 9,
    });
    const comment = { type: 'alarm.comment', userId: 9, userName: '张主管', content: '家属已知悉' } as const;
    const result = alarmTransition(handled, comment);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.next).toMatchObject({ status: AlarmStatus.handled, handleNote: '已处理' });
    expect(alarmTransition(handled, { ...comment, content: ' ' })).toEqual({
      ok: false,
      reason: '请填写备注内容',
    });
  });

  it('escalates an unacknowledged alarm once, and never an acknowledged one', () => {
    const escalate = { type: 'alarm.escalate', at: 400_000 } as const;
    expect(alarmTransition(makeRecord(), escalate)).toMatchObject({ ok: true, next: { escalated: true } });
    expect(alarmTransition(makeRecord({ escalated: true }), escalate)).toEqual({
      ok: false,
      reason: '告警已升级',
    });
    expect(alarmTransition(makeRecord({ ackBy: 9, ackName: '张主管', ackTime: 5 }), escalate)).toEqual({
      ok: false,
      reason: '告警已确认，无需升级',
    });
  });

  it('counts a retrigger on an acknowledged alarm and keeps it acknowledged', () => {
    const acked = makeRecord({ ackBy: 9, ackName: '张主管', ackTime: 5, count: 2 });
    expect(alarmTransition(acked, { type: 'alarm.retrigger', at: 70_000 })).toMatchObject({
      ok: true,
      next: { status: AlarmStatus.unhandled, count: 3, lastTime: 70_000, ackBy: 9 },
    });
    expect(
      alarmTransition(makeRecord({ status: AlarmStatus.released }), { type: 'alarm.retrigger', at: 1 }),
    ).toEqual({ ok: false, reason: '告警已解除，不能再次触发' });
  });
});

describe('brokerUrl', () => {
  it('uses wss on https and ws otherwise, on the same host and port', () => {
    expect(brokerUrl({ protocol: 'https:', host: 'care.example.cn' })).toBe('wss://care.example.cn/mqtt');
    expect(brokerUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/mqtt');
    expect(brokerUrl({ protocol: 'file:', host: '' }, '/broker')).toBe('ws:///broker');
  });
});

describe('createTimers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('replaces a pending timer of the same name and keeps owners apart', () => {
    vi.useFakeTimers();
    const timers = createTimers();
    const got: string[] = [];
    const a = { sessionId: 'a', send: (e: string) => void got.push(`a:${e}`) };
    const b = { sessionId: 'b', send: (e: string) => void got.push(`b:${e}`) };
    timers.start(a, 'beat', 100, 'first');
    timers.start(a, 'beat', 100, 'second');
    timers.start(b, 'beat', 100, 'other');
    timers.start(a, 'reply', 50, 'reply');
    timers.cancelAll(a);
    vi.advanceTimersByTime(100);
    expect(got).toEqual(['b:other']);
    timers.start(a, 'beat', 10, 'third');
    timers.start(a, 'beat', 20, 'fourth');
    vi.advanceTimersByTime(20);
    expect(got).toEqual(['b:other', 'a:fourth']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
