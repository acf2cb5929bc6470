import { Button, Checkbox, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { blankField, type FieldKind, type FormField, fieldKindNames } from './formContent.js';

const kinds = Object.entries(fieldKindNames) as [FieldKind, string][];

/** The fields of a form template as an editable table: name, kind, required, choices, order. */
export function FormFieldsEditor({
  fields,
  onChange,
}: {
  fields: FormField[];
  onChange(fields: FormField[]): void;
}) {
  const patch = (i: number, change: Partial<FormField>) =>
    onChange(fields.map((f, j) => (j === i ? { ...f, ...change } : f)));
  const swap = (i: number, j: number) => {
    const next = [...fields];
    const [a, b] = [next[i], next[j]];
    if (!a || !b) return;
    next[i] = b;
    next[j] = a;
    onChange(next);
  };
  return (
    <>
      <HTMLTable compact className="data-table form-fields" data-testid="form-fields">
        <thead>
          <tr>
            <th>字段名称</th>
            <th>类型</th>
            <th>必填</th>
            <th>选项</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place and have no id
            <tr key={i} data-testid="form-field-row">
              <td>
                <InputGroup
                  size="small"
                  aria-label="字段名称"
                  value={f.label}
                  onChange={(e) => patch(i, { label: e.target.value })}
                />
              </td>
              <td>
                <HTMLSelect
                  aria-label="字段类型"
                  value={f.kind}
                  onChange={(e) => patch(i, { kind: e.target.value as FieldKind })}
                >
                  {kinds.map(([kind, name]) => (
                    <option key={kind} value={kind}>
                      {name}
                    </option>
                  ))}
                </HTMLSelect>
              </td>
              <td>
                <Checkbox
                  aria-label="必填"
                  checked={f.required}
                  onChange={(e) => patch(i, { required: e.currentTarget.checked })}
                />
              </td>
              <td>
                <InputGroup
                  size="small"
                  aria-label="选项"
                  disabled={f.kind !== 'select'}
                  placeholder={f.kind === 'select' ? '逗号分隔，如：清醒，嗜睡，昏迷' : '仅单选字段需要'}
                  value={f.options.join('，')}
                  onChange={(e) => patch(i, { options: e.target.value.split(/[,，、]/) })}
                />
              </td>
              <td className="actions">
                <Button
                  size="small"
                  variant="minimal"
                  icon="arrow-up"
                  aria-label="字段上移"
                  disabled={i === 0}
                  onClick={() => swap(i, i - 1)}
                />
                <Button
                  size="small"
                  variant="minimal"
                  icon="arrow-down"
                  aria-label="字段下移"
                  disabled={i === fields.length - 1}
                  onClick={() => swap(i, i + 1)}
                />
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  aria-label="删除字段"
                  onClick={() => onChange(fields.filter((_, j) => j !== i))}
                />
              </td>
            </tr>
          ))}
          {fields.length === 0 && (
            <tr>
              <td colSpan={5} className="empty">
                还没有字段，点击下方“添加字段”
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Button size="small" icon="add" text="添加字段" onClick={() => onChange([...fields, blankField()])} />
    </>
  );
}
