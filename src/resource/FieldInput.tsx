import { InputGroup, Intent, Switch, TextArea } from '@blueprintjs/core';
import { type FieldDef, fenToYuan, yuanToFen } from '../../domain/resource.js';
import { getDict } from '../dict/dictionaries.js';
import { ChoiceSelect } from '../ui/ChoiceSelect.js';
import { DateTimeInput, DayInput } from '../ui/dates/index.js';
import { RegionSelect } from '../ui/region/RegionSelect.js';
import type { FormValue } from './formValues.js';
import { ImageUpload } from './ImageUpload.js';
import { useLookup } from './useLookup.js';

interface FieldInputProps {
  id: string;
  field: FieldDef;
  value: FormValue;
  invalid: boolean;
  disabled: boolean;
  onChange(value: FormValue): void;
  /** A problem found by the input itself (an image that cannot be uploaded). */
  onError(message: string): void;
}

const text = (v: FormValue) => (v === null ? '' : String(v));

/** The input of one field by its type (domain/resource.ts FieldType). */
export function FieldInput({ id, field: f, value, invalid, disabled, onChange, onError }: FieldInputProps) {
  const lookup = useLookup(f.type === 'ref' ? f.ref : undefined);
  const intent = invalid ? Intent.DANGER : Intent.NONE;
  const common = { id, disabled, intent, placeholder: f.hint };
  switch (f.type) {
    case 'textarea':
      return (
        <TextArea {...common} fill rows={3} value={text(value)} onChange={(e) => onChange(e.target.value)} />
      );
    case 'int':
      return (
        <InputGroup
          {...common}
          type="number"
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'money':
      return (
        <InputGroup
          {...common}
          inputMode="decimal"
          rightElement={<span className="resource-unit">元</span>}
          value={text(value)}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => {
            // 12.5 → 12.50: the two decimals the amount is kept in
            const fen = yuanToFen(text(value));
            if (fen !== null && fenToYuan(fen) !== text(value)) onChange(fenToYuan(fen));
          }}
        />
      );
    case 'date':
      return <DayInput id={id} disabled={disabled} intent={intent} value={text(value)} onChange={onChange} />;
    case 'datetime':
      return (
        <DateTimeInput id={id} disabled={disabled} intent={intent} value={text(value)} onChange={onChange} />
      );
    case 'dict':
    case 'ref':
      return (
        <ChoiceSelect
          id={id}
          label={f.label}
          choices={f.type === 'dict' ? (f.dict ? getDict(f.dict) : []) : lookup}
          value={text(value)}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'bool':
      return (
        <Switch
          id={id}
          disabled={disabled}
          checked={Number(value) === 1}
          onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)}
        />
      );
    case 'image':
      return (
        <ImageUpload
          id={id}
          label={f.label}
          value={text(value)}
          api={f.uploadApi}
          disabled={disabled}
          onChange={onChange}
          onError={onError}
        />
      );
    case 'region':
      return (
        <RegionSelect
          id={id}
          disabled={disabled}
          value={typeof value === 'string' && value ? value : null}
          onChange={onChange}
        />
      );
    case 'text':
    case 'phone':
    case 'idcard':
      return <InputGroup {...common} value={text(value)} onChange={(e) => onChange(e.target.value)} />;
    case 'json':
      // drawn by the module's own editor (a fence on the map); a generic form only shows it
      return <InputGroup {...common} readOnly value={value == null ? '' : JSON.stringify(value)} />;
  }
}
