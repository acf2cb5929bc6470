import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { today } from '../../../domain/clock.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A 年/月 picker: the year turned with ‹ ›, twelve months to click, 本月 and 清除 — what 账单月份
 * and the reports' 开始/结束月份 need (a browser's month control is missing in Firefox and Safari).
 */
export function MonthGrid({ value, onPick }: { value: string | null; onPick(month: string): void }) {
  const thisMonth = today().slice(0, 7);
  const [year, setYear] = useState(() => Number((value ?? thisMonth).slice(0, 4)));
  return (
    <fieldset className="month-grid" aria-label="选择月份">
      <div className="month-grid-year">
        <Button variant="minimal" icon="chevron-left" aria-label="上一年" onClick={() => setYear(year - 1)} />
        <span aria-live="polite">{year}年</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label="下一年"
          onClick={() => setYear(year + 1)}
        />
      </div>
      <div className="month-grid-months">
        {MONTHS.map((m) => {
          const month = `${String(year)}-${pad(m)}`;
          return (
            <Button
              key={m}
              text={`${String(m)}月`}
              aria-label={`${String(year)}年${String(m)}月`}
              aria-pressed={month === value}
              intent={month === value ? Intent.PRIMARY : Intent.NONE}
              variant={month === value ? 'solid' : 'minimal'}
              className={month === thisMonth ? 'month-grid-now' : undefined}
              onClick={() => onPick(month)}
            />
          );
        })}
      </div>
      <ButtonGroup className="month-grid-actions" fill>
        <Button variant="minimal" text="本月" onClick={() => onPick(thisMonth)} />
        <Button variant="minimal" text="清除" onClick={() => onPick('')} />
      </ButtonGroup>
    </fieldset>
  );
}
