import { FormGroup, Icon, InputGroup, NonIdealState, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import { choices, type FormField } from './formContent.js';

function FieldControl({ field }: { field: FormField }) {
  const kind = field.kind;
  switch (kind) {
    case 'text':
      return <InputGroup placeholder="请输入" readOnly />;
    case 'textarea':
      return <TextArea fill rows={3} placeholder="请输入" readOnly />;
    case 'number':
      return <InputGroup type="number" placeholder="请输入数字" readOnly />;
    case 'date':
      return (
        <InputGroup
          placeholder="请选择日期"
          rightElement={<Icon icon="calendar" className="preview-icon" />}
          readOnly
        />
      );
    case 'select':
      return (
        <RadioGroup inline selectedValue={undefined} onChange={() => undefined}>
          {choices(field).map((o) => (
            <Radio key={o} value={o} label={o} disabled />
          ))}
        </RadioGroup>
      );
    default: {
      const unknown: never = kind;
      return unknown;
    }
  }
}

/** How staff will see the form: one labelled control per field, nothing can be typed. */
export function FormPreview({ title, fields }: { title: string; fields: FormField[] }) {
  const shown = fields.filter((f) => f.label.trim());
  return (
    <div className="form-preview" data-testid="form-preview">
      <h3 className="form-preview-title">{title.trim() || '未命名模板'}</h3>
      {shown.length === 0 ? (
        <NonIdealState icon="form" description="添加字段后在此预览" />
      ) : (
        shown.map((f, i) => (
          <FormGroup
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat while being typed
            key={i}
            label={f.label.trim()}
            labelInfo={f.required ? <span className="required-mark">*</span> : undefined}
          >
            <FieldControl field={f} />
          </FormGroup>
        ))
      )}
    </div>
  );
}
