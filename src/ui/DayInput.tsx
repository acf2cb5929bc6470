import { DateInput } from '@blueprintjs/datetime';
import '@blueprintjs/datetime/lib/css/blueprint-datetime.css';
import { zhCN } from 'date-fns/locale';

/**
 * A day (YYYY-MM-DD) picked on Blueprint's calendar in Chinese (zh-CN: 十一月, 周一 …) with 今天 and
 * 清除, typed as 2026-11-26 — the same in every browser, unlike a native date input.
 */
export function DayInput({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange(day: string): void;
  disabled?: boolean;
}) {
  return (
    <DateInput
      inputProps={{ id }}
      locale={zhCN}
      dateFnsFormat="yyyy-MM-dd"
      placeholder="年-月-日"
      value={value ? `${value}T00:00:00` : null}
      onChange={(iso) => onChange(iso ? iso.slice(0, 10) : '')}
      showActionsBar
      todayButtonText="今天"
      clearButtonText="清除"
      disabled={disabled}
      canClearSelection
    />
  );
}
