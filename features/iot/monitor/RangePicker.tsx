import { Button, SegmentedControl } from '@blueprintjs/core';
import { type RangeKind, rangeKindName } from './series.js';

export interface RangeChoice {
  kind: RangeKind;
  /** YYYY-MM-DD: the day, or the last day of the week. */
  date: string;
}

/** Day or week, and which: the range of the health charts. */
export function RangePicker({
  value,
  today,
  onChange,
  onReload,
}: {
  value: RangeChoice;
  today: string;
  onChange(value: RangeChoice): void;
  onReload(): void;
}) {
  return (
    <span className="range-picker">
      <SegmentedControl
        aria-label="统计范围"
        value={value.kind}
        options={(Object.keys(rangeKindName) as RangeKind[]).map((kind) => ({
          value: kind,
          label: rangeKindName[kind],
        }))}
        onValueChange={(kind) => onChange({ ...value, kind: kind as RangeKind })}
      />
      <input
        className="bp6-input"
        type="date"
        aria-label={value.kind === 'day' ? '日期' : '截止日期'}
        value={value.date}
        max={today}
        onChange={(e) => e.currentTarget.value && onChange({ ...value, date: e.currentTarget.value })}
      />
      <Button
        text="今天"
        disabled={value.date === today}
        onClick={() => onChange({ ...value, date: today })}
      />
      <Button icon="refresh" aria-label="刷新" onClick={onReload} />
    </span>
  );
}
