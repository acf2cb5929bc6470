import { describe, expect, it } from 'vitest';
import { periodOf } from './period.js';

describe('report periods', () => {
  it('counts today, the last seven days, this month so far and the whole of last month', () => {
    expect(periodOf('today', '2026-03-01')).toEqual({
      kind: 'today',
      fromDate: '2026-03-01',
      toDate: '2026-03-01',
    });
    expect(periodOf('week', '2026-03-03')).toMatchObject({ fromDate: '2026-02-25', toDate: '2026-03-03' });
    expect(periodOf('month', '2026-03-17')).toMatchObject({ fromDate: '2026-03-01', toDate: '2026-03-17' });
    expect(periodOf('lastMonth', '2026-03-31')).toMatchObject({
      fromDate: '2026-02-01',
      toDate: '2026-02-28',
    });
    expect(periodOf('lastMonth', '2026-01-15')).toMatchObject({
      fromDate: '2025-12-01',
      toDate: '2025-12-31',
    });
  });

  it('keeps the typed days when 自定义 is chosen', () => {
    const typed = { kind: 'custom' as const, fromDate: '2026-01-05', toDate: '2026-01-20' };
    expect(periodOf('custom', '2026-03-17', typed)).toEqual(typed);
  });
});
