import { InputGroup } from '@blueprintjs/core';

/** 开始 – 结束 as two native inputs (type date or month): their values are already YYYY-MM[-DD]. */
export function DateRange({
  start,
  end,
  type = 'date',
  onChange,
}: {
  start: string;
  end: string;
  type?: 'date' | 'month';
  onChange(start: string, end: string): void;
}) {
  const word = type === 'month' ? '月份' : '日期';
  return (
    <span className="resource-range">
      <InputGroup
        type={type}
        aria-label={`开始${word}`}
        value={start}
        onChange={(e) => onChange(e.currentTarget.value, end)}
      />
      <span>至</span>
      <InputGroup
        type={type}
        aria-label={`结束${word}`}
        value={end}
        onChange={(e) => onChange(start, e.currentTarget.value)}
      />
    </span>
  );
}
