import { HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { DictEntry } from '../../domain/dictionaries.js';

/** Past this many choices a select gets a filter box. */
const FILTER_FROM = 15;

/**
 * A tree's entries (storage classify, locations) as one list, each below its parent and named by its
 * path (办公用品 / 纸品 / 打印纸), so a class of any level can be found and chosen; a node that
 * cannot be chosen itself (a group, a class that takes no goods) stays listed but disabled.
 */
export function flattenChoices(choices: readonly DictEntry[], path = ''): DictEntry[] {
  return choices.flatMap((c) => {
    const label = path ? `${path} / ${c.label}` : c.label;
    const own: DictEntry = { value: c.value, label, ...(c.disabled ? { disabled: true } : {}) };
    return [own, ...(c.children?.length ? flattenChoices(c.children, label) : [])];
  });
}

/**
 * A select of dictionary or lookup entries; a long one can be narrowed by typing any part of a
 * choice (a name, a room number of an elder's bed). The filter is a native input beside a native
 * select, so it works with the keyboard, screen readers and tests alike (@blueprintjs/select is not
 * installed).
 */
export function ChoiceSelect({
  id,
  label,
  choices,
  value,
  disabled = false,
  placeholder = '请选择',
  filterHint = '输入筛选',
  onChange,
}: {
  id: string;
  label: string;
  choices: readonly DictEntry[];
  value: string;
  disabled?: boolean;
  /** The empty choice's text. */
  placeholder?: string;
  filterHint?: string;
  onChange(value: string): void;
}) {
  const [filter, setFilter] = useState('');
  const all = choices.some((c) => c.children?.length) ? flattenChoices(choices) : choices;
  const needle = filter.trim().toLowerCase();
  // the chosen entry stays listed, or the select would show another one as chosen
  const shown = needle
    ? all.filter((c) => c.label.toLowerCase().includes(needle) || String(c.value) === value)
    : all;
  const select = (
    <HTMLSelect id={id} disabled={disabled} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {shown.map((c) => (
        <option key={String(c.value)} value={String(c.value)} disabled={c.disabled}>
          {c.label}
        </option>
      ))}
    </HTMLSelect>
  );
  if (all.length <= FILTER_FROM) return select;
  return (
    <div className="choice-select">
      <InputGroup
        leftIcon="filter"
        aria-label={`筛选${label}`}
        placeholder={filterHint}
        disabled={disabled}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      {select}
    </div>
  );
}
