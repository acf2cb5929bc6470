import { Button, SegmentedControl } from '@blueprintjs/core';
import { DayInput } from '../../../src/ui/dates/index.js';
import { parseDay } from '../../../src/ui/dates/parse.js';
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
      <DayInput
        aria-label={value.kind === 'day' ? '日期' : '截止日期'}
        value={value.date}
        max={today}
        onChange={(date) => {
          // a day typed half-way or after today is not a range yet: the charts keep the last one
          if (parseDay(date) === date && date <= today) onChange({ ...value, date });
        }}
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
