import { describe, expect, it } from 'vitest';
import type { FilterDef } from '../../domain/resource.js';
import { exportPeriod, periodName } from '../../server/resources/export.js';

/** Exports are named by the period they cover (issue #42 point 6; docs/decisions.md). */
describe('the period an export covers', () => {
  it('says a whole month as the month, one day as the day, else both ends', () => {
    expect(periodName('2026-11', '2026-11')).toBe('2026-11');
    expect(periodName('2026-11-01', '2026-11-30')).toBe('2026-11');
    expect(periodName('2026-02-01', '2026-02-28')).toBe('2026-02');
    expect(periodName('2028-02-01', '2028-02-28')).toBe('2028-02-01至2028-02-28');
    expect(periodName('2026-11-05', '2026-11-05')).toBe('2026-11-05');
    expect(periodName('2026-11-01', '2026-11-15')).toBe('2026-11-01至2026-11-15');
    expect(periodName('2026-09', '2026-11')).toBe('2026-09至2026-11');
    expect(periodName('2026-11-01', null)).toBe('2026-11-01起');
    expect(periodName(undefined, '2026-11-15')).toBe('至2026-11-15');
    expect(periodName(null, null)).toBeNull();
    expect(periodName('../../etc', 'x')).toBeNull();
  });

  const bills: FilterDef[] = [
    { field: 'billMonth', kind: 'month' },
    { field: 'billStatus', kind: 'eq' },
  ];
  const report: FilterDef[] = [
    { field: 'billMonth', kind: 'month', param: 'startMonth' },
    { field: 'billMonth', kind: 'month', param: 'endMonth' },
  ];
  const visits: FilterDef[] = [
    { field: 'visitorName', kind: 'like' },
    { field: 'visitTime', kind: 'range' },
  ];
  it('reads a list’s month filters, else its first date range, else nothing', () => {
    expect(exportPeriod(bills, { billMonth: '2026-11', billStatus: '0' })).toBe('2026-11');
    expect(exportPeriod(bills, { billStatus: '0' })).toBeNull();
    expect(exportPeriod(report, { startMonth: '2026-09', endMonth: '2026-11' })).toBe('2026-09至2026-11');
    expect(exportPeriod(report, { startMonth: '2026-11' })).toBe('2026-11');
    expect(exportPeriod(visits, { visitTimeStart: '2026-11-01', visitTimeEnd: '2026-11-30' })).toBe(
      '2026-11',
    );
    expect(exportPeriod(visits, { visitTimeStart: '2026-11-03 08:00:00' })).toBe('2026-11-03起');
    expect(exportPeriod(visits, { visitorName: '张' })).toBeNull();
    expect(exportPeriod(undefined, {})).toBeNull();
  });
});
