import { describe, expect, it } from 'vitest';
import { mattressCondition, pntCondition } from './alarmRules.js';

const mattressRule = (patch: Partial<Parameters<typeof mattressCondition>[0]> = {}) => ({
  alarmType: 4,
  minValue: 45 as number | null,
  maxValue: 120 as number | null,
  durationSeconds: 30,
  ...patch,
});
const pntRule = (
  patch: Partial<Parameters<typeof pntCondition>[0]> = {},
): Parameters<typeof pntCondition>[0] => ({
  alarmType: 'railAlarm',
  railName: '1号楼东侧楼梯口',
  railTrigger: 'enter',
  threshold: null,
  ...patch,
});

describe('mattress rule condition', () => {
  it('reads each type in one line', () => {
    expect(mattressCondition(mattressRule())).toBe('心率 < 45 或 > 120 次/分，持续 30 秒');
    expect(
      mattressCondition(mattressRule({ alarmType: 3, minValue: null, maxValue: 28, durationSeconds: 0 })),
    ).toBe('呼吸 > 28 次/分');
    expect(mattressCondition(mattressRule({ alarmType: 1, durationSeconds: 600 }))).toBe('离床超过 10 分钟');
    expect(mattressCondition(mattressRule({ alarmType: 1, durationSeconds: 0 }))).toBe('离床即告警');
    expect(mattressCondition(mattressRule({ alarmType: 2, maxValue: 30, durationSeconds: 60 }))).toBe(
      '体动 > 30 次，持续 1 分钟',
    );
    expect(mattressCondition(mattressRule({ alarmType: 5, durationSeconds: 0 }))).toBe('检测到尿湿');
  });
});

describe('positioning rule condition', () => {
  it('names the rail and direction, the battery level or the type', () => {
    expect(pntCondition(pntRule())).toBe('进入围栏「1号楼东侧楼梯口」');
    expect(pntCondition(pntRule({ railTrigger: 'exit', railName: null }))).toBe('离开围栏「围栏已删除」');
    expect(pntCondition(pntRule({ alarmType: 'lowPowerAlarm', threshold: 15 }))).toBe('电量 ≤ 15%');
    expect(pntCondition(pntRule({ alarmType: 'lowPowerAlarm', threshold: null }))).toBe('电量 ≤ 20%');
    expect(pntCondition(pntRule({ alarmType: 'sos' }))).toBe('长者按下 SOS');
  });
});
