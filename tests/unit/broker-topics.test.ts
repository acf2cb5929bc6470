import { describe, expect, it } from 'vitest';
import { deviceMayPublish } from '../../server/broker/index.js';

describe('deviceMayPublish: a device writes its own telemetry and position, nothing else', () => {
  const watch = { kind: 'device', orgId: 1, deviceId: 12 } as const;

  it('takes its own telemetry of any kind and its own position', () => {
    expect(deviceMayPublish(watch, 'org/1/device/12/vitals')).toBe(true);
    expect(deviceMayPublish(watch, 'org/1/device/12/event')).toBe(true);
    expect(deviceMayPublish(watch, 'org/1/position/12')).toBe(true);
  });

  it("refuses another device's topics, even one whose id starts with its own", () => {
    expect(deviceMayPublish(watch, 'org/1/device/1/vitals')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/device/123/vitals')).toBe(false);
    expect(deviceMayPublish({ kind: 'device', orgId: 1, deviceId: 1 }, 'org/1/device/12/vitals')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/position/123')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/position/1')).toBe(false);
  });

  it("refuses another organisation's topics and anything deeper, empty or elsewhere", () => {
    expect(deviceMayPublish(watch, 'org/2/device/12/vitals')).toBe(false);
    expect(deviceMayPublish(watch, 'org/12/device/12/vitals')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/device/12/vitals/more')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/device/12/')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/device/12')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/alarm')).toBe(false);
    expect(deviceMayPublish(watch, 'org/1/position/12/x')).toBe(false);
  });
});
