import { FormGroup, InputGroup } from '@blueprintjs/core';
import { yuanToFen } from '../../domain/resource.js';

/** A positive amount typed in yuan, as integer fen, or why not (never a float: domain/resource.ts). */
export function parseAmount(text: string, label = '金额'): { fen: number } | { error: string } {
  if (!text.trim()) return { error: `请输入${label}` };
  const fen = yuanToFen(text);
  if (fen === null) return { error: `${label}须为数字，最多两位小数` };
  if (fen <= 0) return { error: `${label}必须大于0` };
  return { fen };
}

/** 金额（元）: a text input (not type=number, whose value would be a float). */
export function MoneyInput({
  id,
  label = '金额（元）',
  value,
  onChange,
  inline,
}: {
  id: string;
  label?: string;
  value: string;
  onChange(next: string): void;
  inline?: boolean;
}) {
  return (
    <FormGroup label={label} labelFor={id} inline={inline}>
      <InputGroup
        id={id}
        inputMode="decimal"
        placeholder="0.00"
        value={value}
        rightElement={<span className="expense-unit">元</span>}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormGroup>
  );
}
