// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateTimeInput, DayInput, MonthInput } from './index.js';

afterEach(cleanup);

/** A form holding one date value, showing what it would save. */
function Form({ kind, initial = '' }: { kind: 'day' | 'month' | 'second'; initial?: string }) {
  const [value, setValue] = useState(initial);
  const Input = kind === 'day' ? DayInput : kind === 'month' ? MonthInput : DateTimeInput;
  return (
    <>
      <label htmlFor="d">日期</label>
      <Input id="d" value={value} onChange={setValue} />
      <output data-testid="held">{value}</output>
    </>
  );
}

const box = () => screen.getByLabelText('日期') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;

describe('a date box', () => {
  it('is a text box, not a native date input, and opens no calendar on focus', () => {
    render(<Form kind="day" />);
    expect(box().type).toBe('text');
    act(() => box().focus());
    expect(screen.queryByText('今天')).toBeNull();
  });

  it('holds the day as soon as it is typed in any usual spelling, and shows it normalised on leaving', () => {
    render(<Form kind="day" />);
    fireEvent.change(box(), { target: { value: '2026/1/5' } });
    expect(held()).toBe('2026-01-05');
    expect(box().value).toBe('2026/1/5'); // what she types stays while she types
    fireEvent.blur(box());
    expect(box().value).toBe('2026-01-05');
    expect(box().getAttribute('aria-invalid')).toBeNull();
  });

  it('hands a wrong day on as typed and marks it, so the form says what is wrong', () => {
    render(<Form kind="day" initial="2026-11-01" />);
    fireEvent.change(box(), { target: { value: '2026-02-30' } });
    expect(held()).toBe('2026-02-30');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(box(), { target: { value: '' } });
    expect(held()).toBe('');
  });

  it('picks a day on the Chinese calendar behind its button', () => {
    render(<Form kind="day" initial="2026-11-26" />);
    fireEvent.click(screen.getByRole('button', { name: '选择日期' }));
    expect(screen.getByText('今天')).toBeTruthy();
    expect(screen.getByText('清除')).toBeTruthy();
    fireEvent.click(screen.getByText('清除'));
    expect(held()).toBe('');
  });

  it('opens the calendar with Alt+↓', () => {
    render(<Form kind="day" />);
    fireEvent.keyDown(box(), { key: 'ArrowDown', altKey: true });
    expect(screen.getByText('今天')).toBeTruthy();
  });

  it('picks a month on the 年/月 grid, turning the year', () => {
    render(<Form kind="month" initial="2026-07" />);
    fireEvent.click(screen.getByRole('button', { name: '选择月份' }));
    expect(screen.getByRole('button', { name: '2026年7月' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '上一年' }));
    fireEvent.click(screen.getByRole('button', { name: '2025年12月' }));
    expect(held()).toBe('2025-12');
    expect(document.activeElement).toBe(box()); // the grid closes and she types on
  });

  it('reads a typed month and a typed moment', () => {
    render(<Form kind="month" />);
    fireEvent.change(box(), { target: { value: '2026年7月' } });
    expect(held()).toBe('2026-07');
    cleanup();
    render(<Form kind="second" />);
    fireEvent.change(box(), { target: { value: '2026-12-03T15:00' } });
    expect(held()).toBe('2026-12-03 15:00:00');
  });
});
