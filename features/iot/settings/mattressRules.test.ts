import { describe, expect, it } from 'vitest';
import { type MattressRule, mattressFormOf, mattressPayload } from './mattressRules.js';

const makeRule = (patch: Partial<MattressRule> = {}): MattressRule => ({
  ruleId: 1,
  ruleName: '心率异常',
  alarmType: 4,
  minValue: 45,
  maxValue: 120,
  durationSeconds: 30,
  startTime: '00:00',
  endTime: '24:00',
  remark: '',
  status: 0,
  ...patch,
});

describe('mattress rule form', () => {
  it('sends an empty limit as null and drops limits the type does not use', () => {
    const form = { ...mattressFormOf(makeRule()), minValue: '' };
    expect(mattressPayload(form)).toMatchObject({ minValue: null, maxValue: 120, durationSeconds: 30 });
    const outOfBed = { ...mattressFormOf(makeRule()), alarmType: 1, durationSeconds: '600' };
    expect(mattressPayload(outOfBed)).toMatchObject({ minValue: null, maxValue: null, durationSeconds: 600 });
    const movement = { ...mattressFormOf(makeRule()), alarmType: 2 };
    expect(mattressPayload(movement)).toMatchObject({ minValue: null, maxValue: 120 });
  });

  it('leaves bad numbers for the server to refuse', () => {
    const form = { ...mattressFormOf(null), alarmType: 3, minValue: '30', maxValue: '10' };
    expect(mattressPayload(form)).toMatchObject({ minValue: 30, maxValue: 10 });
    expect(mattressPayload({ ...form, durationSeconds: '' }).durationSeconds).toBe(0);
  });

  it('starts a new rule as an all-day out-of-bed rule', () => {
    expect(mattressFormOf(null)).toMatchObject({ alarmType: 1, startTime: '00:00', endTime: '24:00' });
  });
});
