import { describe, expect, it } from 'vitest';
import { audible, flashingTitle, readSettings, silenceRinging, summarize } from './announce.js';
import { makeAlarm } from './makeAlarm.js';

const now = 1_800_000_000_000;

describe('the header alarm summary (issue #18)', () => {
  it('counts only unacknowledged open alarms, by severity, and names the most severe, oldest first', () => {
    const open = [
      makeAlarm({
        recordId: 1,
        severity: 3,
        firstTime: now - 60_000,
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
    // the SOS, not the 一般 raised after it; the acknowledged 紧急 is newer but no longer waits
    expect(s.first?.recordId).toBe(1);
    expect(summarize([]).top).toBe(0);
    expect(summarize([]).first).toBeNull();
  });

  it('names the oldest of the most severe, an escalated alarm ranking one higher', () => {
    const older = makeAlarm({ recordId: 7, severity: 3, firstTime: now - 90_000 });
    const newer = makeAlarm({ recordId: 5, severity: 3, firstTime: now - 10_000 });
    expect(summarize([newer, older]).first?.recordId).toBe(7);
    // an escalated 重要 waits above an ordinary 紧急 (rankOf), an escalated 紧急 above both
    const escalated = makeAlarm({ recordId: 9, severity: 2, escalated: true, firstTime: now });
    expect(summarize([older, escalated]).first?.recordId).toBe(7);
    const escalatedUrgent = makeAlarm({ recordId: 11, severity: 3, escalated: true, firstTime: now });
    expect(summarize([older, escalated, escalatedUrgent]).first?.recordId).toBe(11);
    // same rank: the escalated 重要 (rank 3) gives way to the real 紧急 (severity 3)
    expect(summarize([escalated, newer]).first?.recordId).toBe(5);
  });

  it('sounds for the severities the user hears, 紧急 always', () => {
    const open = [
      makeAlarm({ recordId: 1, severity: 1 }),
      makeAlarm({ recordId: 2, severity: 3 }),
      makeAlarm({ recordId: 3, severity: 2 }),
    ];
    const hearsNothing = readSettings(JSON.stringify({ severities: { 1: false, 2: false, 3: false } }), now);
    // an SOS cannot be switched off
    expect(hearsNothing.severities[3]).toBe(true);
    expect(audible(open, hearsNothing, now).map((a) => a.recordId)).toEqual([2]);
    expect(audible(open, readSettings(null, now), now).map((a) => a.recordId)).toEqual([1, 2, 3]);
  });

  it('消音 silences what rings now, for a while; a new alarm or a repeat rings at once', () => {
    const ringing = [
      makeAlarm({ recordId: 1, severity: 1, lastTime: now - 5_000 }),
      makeAlarm({ recordId: 2, severity: 3, lastTime: now - 1_000 }),
    ];
    const silenced = silenceRinging(ringing, readSettings(null, now), now);
    expect(silenced.silenced).toEqual({ alarms: { 1: now - 5_000, 2: now - 1_000 }, until: now + 300_000 });
    expect(audible(ringing, silenced, now + 1_000)).toEqual([]);
    // an SOS arriving while silenced rings
    const sos = makeAlarm({ recordId: 9, severity: 3, lastTime: now + 2_000 });
    expect(audible([...ringing, sos], silenced, now + 2_000).map((a) => a.recordId)).toEqual([9]);
    // a silenced alarm raised again (pressed twice) rings again
    const again = { ...ringing[1], lastTime: now + 3_000, count: 2 } as (typeof ringing)[number];
    expect(
      audible([ringing[0] as (typeof ringing)[number], again], silenced, now + 3_000).map((a) => a.recordId),
    ).toEqual([2]);
    // the silence ends by itself: what it took rings again if still unacknowledged
    expect(audible(ringing, silenced, now + 300_000).map((a) => a.recordId)).toEqual([1, 2]);
  });

  it('reads back stored settings, dropping an ended silence and anything unreadable', () => {
    const stored = JSON.stringify({ silenced: { alarms: { 4: now }, until: now - 1 } });
    expect(readSettings(stored, now).silenced).toBeNull();
    const live = JSON.stringify({ silenced: { alarms: { 4: now }, until: now + 1 } });
    expect(readSettings(live, now).silenced).toEqual({ alarms: { 4: now }, until: now + 1 });
    expect(readSettings('{broken', now).severities).toEqual({ 1: true, 2: true, 3: true });
    expect(readSettings(null, now).silenced).toBeNull();
    // an old browser's mute setting is no silence
    expect(readSettings(JSON.stringify({ mutedUntil: now + 60_000 }), now).silenced).toBeNull();
  });

  it('flashes the count in the title, and leaves the title alone with nothing waiting', () => {
    expect(flashingTitle('智慧养老', 2, true)).toBe('【2条告警】智慧养老');
    expect(flashingTitle('智慧养老', 2, false)).not.toContain('2条');
    expect(flashingTitle('智慧养老', 0, true)).toBe('智慧养老');
  });
});
