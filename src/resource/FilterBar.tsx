import { Button, Checkbox, FormGroup, HTMLSelect, InputGroup, Intent, PopoverNext } from '@blueprintjs/core';
import { memo, type ReactNode, useId, useState } from 'react';
import type { DictEntry } from '../../domain/dictionaries.js';
import { type FieldDef, type FilterDef, fieldOf, type ResourceDef } from '../../domain/resource.js';
import { getDict } from '../dict/dictionaries.js';
import { DayInput, MonthInput } from '../ui/dates/index.js';
import { type FilterValues, filterParam } from './listQuery.js';
import { useLookup } from './useLookup.js';

const BOOL_CHOICES: DictEntry[] = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

/** Choices of a dict, ref or bool field; null for a field typed in. */
function useChoices(f: FieldDef | undefined): DictEntry[] | null {
  const lookup = useLookup(f?.type === 'ref' ? f.ref : undefined);
  if (f?.type === 'dict' && f.dict) return getDict(f.dict);
  if (f?.type === 'ref') return lookup;
  if (f?.type === 'bool') return BOOL_CHOICES;
  return null;
}

/** Several values of an 'in' filter, sent comma-separated. */
function ManyChoice({
  id,
  label,
  choices,
  value,
  onChange,
}: {
  id: string;
  label: string;
  choices: DictEntry[];
  value: string;
  onChange(value: string): void;
}) {
  const chosen = value ? value.split(',') : [];
  const toggle = (v: string) =>
    onChange((chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v]).join(','));
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <div className="resource-many-choice">
          {choices.map((c) => (
            <Checkbox
              key={String(c.value)}
              label={c.label}
              checked={chosen.includes(String(c.value))}
              onChange={() => toggle(String(c.value))}
            />
          ))}
        </div>
      }
    >
      <Button id={id} endIcon="caret-down" aria-label={label}>
        {chosen.length ? `已选${chosen.length}项` : '全部'}
      </Button>
    </PopoverNext>
  );
}

function FilterInput({
  def,
  filter,
  values,
  onChange,
}: {
  def: ResourceDef;
  filter: FilterDef;
  values: FilterValues;
  onChange(name: string, value: string): void;
}) {
  const id = useId();
  const f = fieldOf(def, filter.field);
  const choices = useChoices(f);
  const label = filter.label ?? f?.label ?? filter.field;
  const param = filterParam(filter);
  if (filter.kind === 'range') {
    const days = f?.type === 'datetime' || f?.type === 'date' || !f;
    const start = `${param}Start`;
    const end = `${param}End`;
    const bound = (name: string, edge: string, first: boolean) =>
      days ? (
        <DayInput
          id={first ? id : undefined}
          aria-label={`${label}${edge}`}
          value={values[name] ?? ''}
          onChange={(v) => onChange(name, v)}
        />
      ) : (
        <InputGroup
          id={first ? id : undefined}
          aria-label={`${label}${edge}`}
          value={values[name] ?? ''}
          onChange={(e) => onChange(name, e.target.value)}
        />
      );
    return (
      <FormGroup label={label} labelFor={id} inline>
        <div className="resource-range">
          {bound(start, '起', true)}
          <span>至</span>
          {bound(end, '止', false)}
        </div>
      </FormGroup>
    );
  }
  const value = values[param] ?? '';
  let input: ReactNode;
  if (filter.kind === 'month')
    input = <MonthInput id={id} value={value} onChange={(v) => onChange(param, v)} />;
  else if (choices && filter.kind === 'in')
    input = (
      <ManyChoice
        id={id}
        label={label}
        choices={choices}
        value={value}
        onChange={(v) => onChange(param, v)}
      />
    );
  else if (choices)
    input = (
      <HTMLSelect id={id} value={value} onChange={(e) => onChange(param, e.target.value)}>
        <option value="">全部</option>
        {choices.map((c) => (
          <option key={String(c.value)} value={String(c.value)}>
            {c.label}
          </option>
        ))}
      </HTMLSelect>
    );
  else
    input = (
      <InputGroup
        id={id}
        value={value}
        placeholder={filter.kind === 'in' ? '多个值用逗号分隔' : `请输入${label}`}
        onChange={(e) => onChange(param, e.target.value)}
      />
    );
  return (
    <FormGroup label={label} labelFor={id} inline>
      {input}
    </FormGroup>
  );
}

/**
 * The list's filter bar from def.filters, with the keyword box when def.search is set. Memoised: the
 * list renders again when its rows arrive or a row is chosen, and each render of Blueprint's inputs
 * with an element beside them (the date boxes' calendar button) measures that element, forcing a
 * layout of the page with the table just drawn.
 */
export const FilterBar = memo(function FilterBar({
  def,
  initial = {},
  onSearch,
}: {
  def: ResourceDef;
  /** Filters the list starts with (this month's bills); 重置 goes back to them. */
  initial?: FilterValues;
  onSearch(filters: FilterValues, keyword: string): void;
}) {
  const keywordId = useId();
  const [values, setValues] = useState<FilterValues>(initial);
  const [keyword, setKeyword] = useState('');
  const searchLabels = (def.search ?? []).map((name) => fieldOf(def, name)?.label ?? name).join('、');
  return (
    <form
      className="filter-bar"
      data-testid="resource-filters"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(values, keyword);
      }}
    >
      {def.search?.length ? (
        <FormGroup label="关键字" labelFor={keywordId} inline>
          <InputGroup
            id={keywordId}
            leftIcon="search"
            placeholder={searchLabels}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </FormGroup>
      ) : null}
      {(def.filters ?? [])
        .filter((filter) => !filter.hidden)
        .map((filter) => (
          <FilterInput
            key={`${filter.field}-${filterParam(filter)}`}
            def={def}
            filter={filter}
            values={values}
            onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        ))}
      <Button type="submit" intent={Intent.PRIMARY} icon="search" text="查询" />
      <Button
        icon="reset"
        text="重置"
        onClick={() => {
          setValues(initial);
          setKeyword('');
          onSearch(initial, '');
        }}
      />
    </form>
  );
});
