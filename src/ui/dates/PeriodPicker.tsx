import { SegmentedControl } from '@blueprintjs/core';
import { today } from '../../../domain/clock.js';
import { DayInput } from './index.js';
import { parseDay } from './parse.js';
import { type Period, type PeriodKind, periodKindName, periodKinds, periodOf } from './period.js';

/**
 * A report's period: 今天, 近7天, 本月, 上月 in one click, or two days typed or picked (自定义). A day
 * typed half-way is not a period yet: the report keeps the last one until the day is whole.
 */
export function PeriodPicker({ value, onChange }: { value: Period; onChange(next: Period): void }) {
  const typed = (field: 'fromDate' | 'toDate') => (day: string) => {
    if (parseDay(day) === day) onChange({ ...value, kind: 'custom', [field]: day });
  };
  return (
    <>
      <SegmentedControl
        aria-label="统计期间"
        value={value.kind}
        options={periodKinds.map((kind) => ({ value: kind, label: periodKindName[kind] }))}
        onValueChange={(kind) => onChange(periodOf(kind as PeriodKind, today(), value))}
      />
      <DayInput aria-label="开始日期" value={value.fromDate} max={today()} onChange={typed('fromDate')} />
      <span>至</span>
      <DayInput aria-label="结束日期" value={value.toDate} max={today()} onChange={typed('toDate')} />
    </>
  );
}
