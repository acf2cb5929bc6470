import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { PayWay } from './queries.js';

/** 支付方式 from the enabled ways; the value is the spec's pay-way code as text ('' = none chosen). */
export function PayWaySelect({
  id,
  ways,
  value,
  onChange,
}: {
  id: string;
  ways: PayWay[];
  value: string;
  onChange(next: string): void;
}) {
  return (
    <FormGroup label="支付方式" labelFor={id}>
      <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">请选择支付方式</option>
        {ways.map((w) => (
          <option key={w.tradeWay} value={w.tradeWay}>
            {w.tradeWayName}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
