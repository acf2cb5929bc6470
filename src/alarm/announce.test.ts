import { describe, expect, it } from 'vitest';
import { audible, flashingTitle, readSettings, summarize } from './announce.js';
import { makeAlarm } from './makeAlarm.js';

const now = 1_800_000_000_000;

describe('the header alarm summary (issue #18)', () => {
  it('counts only unacknowledged open alarms, by severity, and names the newest raised', () => {
    const open = [
      makeAlarm({
        recordId: 1,
        severity: 3,
        lastTime: now - 60_000,
        oldmanName: '王秀英',
        alarmTypeName: 'SOS求救',
      }),
      makeAlarm({ recordId: 2, severity: 1, lastTime: now - 1_000, oldmanName: '李建国' }),
      makeAlarm({ recordId: 3, severity: 3, lastTime: now, ackTime: now, ackBy: 1, ackName: '张护士' }),
      makeAlarm({ recordId: 4, severity: 2, lastTime: now - 5_000 }),
    ];
    const s = summarize(open);
    expect(s.waiting).toBe(3);
    expect(s.bySeverity).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(s.top).toBe(3);
    // the acknowledged one is newer but no longer waits
    expect(s.newest?.recordId).toBe(2);
    expect(summarize([]).top).toBe(0);
  });

  it('sounds for the severities the user hears, and for none while muted', () => {
    const open = [makeAlarm({ recordId: 1, severity: 1 }), makeAlarm({ recordId: 2, severity: 3 })];
    const hearsUrgentOnly = readSettings(
      JSON.stringify({ severities: { 1: false, 2: false, 3: true } }),
      now,
    );
    expect(audible(open, hearsUrgentOnly, now).map((a) => a.recordId)).toEqual([2]);
    const muted = { ...hearsUrgentOnly, mutedUntil: now + 60_000 };
    expect(audible(open, muted, now)).toEqual([]);
    // the mute ends by itself
    expect(audible(open, muted, now + 60_000).map((a) => a.recordId)).toEqual([2]);
  });

  it('reads back stored settings, dropping an ended mute and anything unreadable', () => {
    expect(readSettings(JSON.stringify({ mutedUntil: now - 1 }), now).mutedUntil).toBeNull();
    expect(readSettings('{broken', now).severities).toEqual({ 1: true, 2: true, 3: true });
    expect(readSettings(null, now).mutedUntil).toBeNull();
  });

  it('flashes the count in the title, and leaves the title alone with nothing waiting', () => {
    expect(flashingTitle('智慧养老', 2, true)).toBe('【2条告警】智慧养老');
    expect(flashingTitle('智慧养老', 2, false)).not.toContain('2条');
    expect(flashingTitle('智慧养老', 0, true)).toBe('智慧养老');
  });
});
