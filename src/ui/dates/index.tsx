import { DateText, type DateTextProps } from './DateText.js';

type Props = Omit<DateTextProps, 'kind'>;

/** A day, typed as 2026-11-26 or picked on the Chinese calendar. */
export const DayInput = (p: Props) => <DateText kind="day" {...p} />;
/** A month, typed as 2026-11 or picked on the 年/月 grid. */
export const MonthInput = (p: Props) => <DateText kind="month" {...p} />;
/** A moment to the second (or the minute), typed or picked on the calendar with its time. */
export const DateTimeInput = ({ minutes, ...p }: Props & { minutes?: boolean }) => (
  <DateText kind={minutes ? 'minute' : 'second'} {...p} />
);
