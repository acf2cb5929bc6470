import { describe, expect, it } from 'vitest';
import { makeAlarm } from '../../../src/alarm/makeAlarm.js';
import { compareConsole, compareQueue, rankOf } from '../../../src/alarm/queue.js';

const t0 = 1_700_000_000_000;
const ids = (rows: { recordId: number }[]) => rows.map((r) => r.recordId);

describe('the live console order (issue #19)', () => {
  const urgent = makeAlarm({ recordId: 1, severity: 3, firstTime: t0 + 5_000 });
  const urgentAcked = makeAlarm({ recordId: 2, severity: 3, firstTime: t0, ackTime: t0 + 1, ackBy: 1 });
  const important = makeAlarm({ recordId: 3, severity: 2, firstTime: t0 + 1_000 });
  const importantAcked = makeAlarm({ recordId: 4, severity: 2, firstTime: t0, ackTime: t0 + 1, ackBy: 1 });
  const normal = makeAlarm({ recordId: 5, severity: 1, firstTime: t0 });
  const normalEscalated = makeAlarm({ recordId: 6, severity: 1, firstTime: t0 - 600_000, escalated: true });
  const urgentEscalated = makeAlarm({ recordId: 7, severity: 3, firstTime: t0 + 9_000, escalated: true });
  const all = [normal, importantAcked, urgentAcked, normalEscalated, important, urgent, urgentEscalated];

  it('groups by severity, unacknowledged before acknowledged within a group, the longest waiting first', () => {
    const plain = [normal, importantAcked, urgentAcked, important, urgent];
    expect(ids([...plain].sort(compareConsole('severity')))).toEqual([1, 2, 3, 4, 5]);
  });

  it('raises an escalated alarm one severity: an escalated 一般 among the 重要, an escalated 紧急 on top', () => {
    expect(rankOf(normalEscalated)).toBe(2);
    expect(rankOf(urgentEscalated)).toBe(4);
    expect(ids([...all].sort(compareConsole('severity')))).toEqual([7, 1, 2, 3, 6, 4, 5]);
  });

  it('lets an acknowledged escalated alarm fall back to its own severity', () => {
    const taken = { ...normalEscalated, ackTime: t0, ackBy: 1 };
    expect(rankOf(taken)).toBe(1);
    expect(ids([normal, taken, important].sort(compareConsole('severity')))).toEqual([3, 5, 6]);
  });

  it('offers newest first, whatever the severity', () => {
    expect(ids([...all].sort(compareConsole('newest')))).toEqual([7, 1, 3, 5, 4, 2, 6]);
  });

  it('is the wall queue rule within a severity (the wall also raises escalated alarms)', () => {
    expect(ids([important, normalEscalated].sort(compareQueue))).toEqual([3, 6]);
    expect(ids([normal, normalEscalated, importantAcked].sort(compareQueue))).toEqual([6, 5, 4]);
  });
});
