import { describe, expect, it } from 'vitest';
import { type PntRule, pntFormOf, pntPayload } from './pntRules.js';

const makeRule = (patch: Partial<PntRule> = {}): PntRule => ({
  ruleId: 7,
  ruleName: '进入楼梯口',
  alarmType: 'railAlarm',
  railId: 1,
  railName: '1号楼东侧楼梯口',
  railTrigger: 'enter',
  threshold: null,
  startTime: '00:00',
  endTime: '24:00',
  weekdays: '1,2,3,4,5,6,7',
  remark: '',
  status: 1,
  ...patch,
});

describe('positioning rule form', () => {
  it('keeps the rail only for rail rules and the threshold only for low battery', () => {
    const rail = pntFormOf(makeRule());
    expect(pntPayload(rail)).toMatchObject({ railId: 1, threshold: null, weekdays: '1,2,3,4,5,6,7' });
    expect(pntPayload({ ...rail, alarmType: 'sos' })).toMatchObject({ railId: null });
    const battery = { ...rail, alarmType: 'lowPowerAlarm' as const, threshold: '15' };
    expect(pntPayload(battery)).toMatchObject({ railId: null, threshold: 15 });
    expect(pntPayload({ ...battery, threshold: ' ' }).threshold).toBeNull();
  });

  it('sends the weekdays in order; none at all goes empty for the server to refuse', () => {
    const form = { ...pntFormOf(null), weekdays: [5, 1, 3] };
    expect(pntPayload(form).weekdays).toBe('1,3,5');
    expect(pntPayload({ ...form, weekdays: [] }).weekdays).toBe('');
    expect(pntPayload({ ...pntFormOf(null), railId: '' }).railId).toBeNull();
  });
});
