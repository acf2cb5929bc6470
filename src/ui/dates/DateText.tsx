import { Button, InputGroup, Intent, PopoverNext } from '@blueprintjs/core';
import { DatePicker } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { zhCN } from 'date-fns/locale';
import { type KeyboardEvent, useRef, useState } from 'react';
import { MonthGrid } from './MonthGrid.js';
import { fromDate, parseDateTime, parseDay, parseMonth, toDate } from './parse.js';
import './dates.css';

/** What the box holds: a day, a month, or a moment to the minute or to the second. */
export type DateKind = 'day' | 'month' | 'minute' | 'second';

const readers: Record<DateKind, (text: string) => string | null> = {
  day: parseDay,
  month: parseMonth,
  minute: (t) => parseDateTime(t, false),
  second: (t) => parseDateTime(t, true),
};

const placeholders: Record<DateKind, string> = {
  day: '年-月-日',
  month: '年-月',
  minute: '年-月-日 时:分',
  second: '年-月-日 时:分:秒',
};

const pickerNames: Record<DateKind, string> = {
  day: '选择日期',
  month: '选择月份',
  minute: '选择日期和时间',
  second: '选择日期和时间',
};

// Birthdays of today's residents and contracts that run for decades: the calendar spans both.
const FIRST_DAY = new Date(1900, 0, 1);
const LAST_DAY = new Date(2100, 11, 31);

export interface DateTextProps {
  kind: DateKind;
  id?: string;
  /** The value in the forms' spelling (YYYY-MM-DD, YYYY-MM, YYYY-MM-DD HH:mm[:ss]), or ''. */
  value: string;
  /**
   * Called with the value as soon as the text is a real day (normalised: 2026/1/5 → 2026-01-05),
   * with '' when emptied, and with the text itself when it is not a date — so a form's check says
   * what is wrong instead of saving the value the box held before.
   */
  onChange(value: string): void;
  disabled?: boolean;
  intent?: Intent;
  /** The last day the calendar offers (YYYY-MM-DD); later typed days are shown as wrong. */
  max?: string;
  'aria-label'?: string;
  placeholder?: string;
}

/**
 * A date typed as text in one spelling in every browser and language (a native input reads
 * mm/dd/yyyy outside China and has no month control in Firefox or Safari), with Blueprint's calendar
 * in Chinese (十一月, 周一 …, 今天, 清除) — or a 年/月 grid — behind the button at its end. The
 * calendar opens from the button or Alt+↓, never on focus: typing a date does not cover the fields
 * below it.
 */
export function DateText({
  kind,
  id,
  value,
  onChange,
  disabled,
  intent,
  max,
  'aria-label': ariaLabel,
  placeholder,
}: DateTextProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const read = readers[kind];
  const shown = draft ?? value;
  const parsed = shown.trim() === '' ? '' : read(shown);
  const beyond = parsed && max !== undefined && parsed.slice(0, 10) > max;
  const wrong = parsed === null || Boolean(beyond);

  const type = (text: string) => {
    setDraft(text);
    const next = text.trim() === '' ? '' : read(text);
    onChange(next ?? text);
  };
  const pick = (next: string, close: boolean) => {
    setDraft(null);
    onChange(next);
    if (close) {
      setOpen(false);
      input.current?.focus();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && e.altKey) {
      e.preventDefault();
      setOpen(true);
    }
  };

  const timed = kind === 'minute' || kind === 'second';
  const calendar =
    kind === 'month' ? (
      <MonthGrid value={parseMonth(value)} onPick={(month) => pick(month, true)} />
    ) : (
      <div className="date-text-calendar">
        <DatePicker
          locale={zhCN}
          value={toDate(value)}
          minDate={FIRST_DAY}
          maxDate={max ? (toDate(max) ?? LAST_DAY) : LAST_DAY}
          highlightCurrentDay
          canClearSelection
          showActionsBar
          todayButtonText={timed ? '现在' : '今天'}
          clearButtonText="清除"
          timePrecision={timed ? kind : undefined}
          timePickerProps={timed ? { showArrowButtons: true } : undefined}
          onChange={(date, isUserChange) => {
            if (!isUserChange) return; // turning the calendar's month picks nothing
            if (!date) pick('', true);
            else pick(fromDate(date, timed ? kind : 'day'), !timed);
          }}
        />
        {timed ? (
          <div className="date-text-done">
            <Button intent={Intent.PRIMARY} text="确定" onClick={() => pick(value, true)} />
          </div>
        ) : null}
      </div>
    );

  return (
    <InputGroup
      id={id}
      inputRef={input}
      className={`date-text date-text-${kind}`}
      aria-label={ariaLabel}
      aria-invalid={wrong || undefined}
      autoComplete="off"
      inputMode={kind === 'month' || kind === 'day' ? 'numeric' : undefined}
      disabled={disabled}
      intent={wrong ? Intent.DANGER : intent}
      placeholder={placeholder ?? placeholders[kind]}
      value={shown}
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={() => setDraft(null)}
      onKeyDown={onKeyDown}
      rightElement={
        <PopoverNext
          isOpen={open && !disabled}
          onInteraction={(next) => setOpen(next)}
          placement="bottom-end"
          content={calendar}
          disabled={disabled}
        >
          <Button
            variant="minimal"
            icon="calendar"
            aria-label={pickerNames[kind]}
            aria-haspopup="dialog"
            aria-expanded={open}
            disabled={disabled}
          />
        </PopoverNext>
      }
    />
  );
}
