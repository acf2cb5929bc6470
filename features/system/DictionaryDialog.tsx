import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NumericInput,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { DictionaryPaths } from '../../domain/api/settingsPaths.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';

export interface DictionaryRow {
  dictionaryId: number;
  dictionaryCode: string;
  dictionaryName: string;
  remark: string;
  sort: number;
}
interface ValueRow {
  valueCode: string;
  valueName: string;
  sort: number;
}

/** Add or edit one dictionary with its values; saved in one call so nothing half-saved remains. */
export function DictionaryDialog({
  row,
  onClose,
  onSaved,
}: {
  row: DictionaryRow | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { request, toast } = useApp();
  const [form, setForm] = useState({
    dictionaryCode: row?.dictionaryCode ?? '',
    dictionaryName: row?.dictionaryName ?? '',
    remark: row?.remark ?? '',
    sort: row?.sort ?? 0,
  });
  const [values, setValues] = useState<ValueRow[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!row) return;
    request<ValueRow[]>({ url: pathWith(DictionaryPaths.values, { dictionaryId: row.dictionaryId }) }).then(
      (list) => setValues(list.map(({ valueCode, valueName, sort }) => ({ valueCode, valueName, sort }))),
      () => setError('字典值加载失败'),
    );
  }, [request, row]);

  const setValue = (i: number, patch: Partial<ValueRow>) =>
    setValues(values.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  const save = () => {
    setBusy(true);
    setError('');
    const data = { ...form, values };
    request(
      row
        ? {
            url: pathWith(DictionaryPaths.one, { dictionaryId: row.dictionaryId }),
            method: 'PUT',
            data,
            silent: true,
          }
        : { url: DictionaryPaths.list, method: 'POST', data, silent: true },
    ).then(
      () => {
        toast('保存成功', 'success');
        onSaved();
      },
      (e: { message?: string }) => {
        setBusy(false);
        setError(e.message ?? '保存失败');
      },
    );
  };

  return (
    <Dialog isOpen onClose={onClose} title={row ? '编辑字典' : '新增字典'} icon="book" style={{ width: 640 }}>
      <DialogBody>
        <div className="form-grid">
          <FormGroup label="字典编码" labelInfo="*" labelFor="dict-code">
            <InputGroup
              id="dict-code"
              value={form.dictionaryCode}
              disabled={row !== null}
              onChange={(e) => setForm({ ...form, dictionaryCode: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="字典名称" labelInfo="*" labelFor="dict-name">
            <InputGroup
              id="dict-name"
              value={form.dictionaryName}
              onChange={(e) => setForm({ ...form, dictionaryName: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="备注" labelFor="dict-remark">
            <InputGroup
              id="dict-remark"
              value={form.remark}
              onChange={(e) => setForm({ ...form, remark: e.target.value })}
            />
          </FormGroup>
          <FormGroup label="排序" labelFor="dict-sort">
            <NumericInput
              id="dict-sort"
              value={form.sort}
              min={0}
              onValueChange={(n) => setForm({ ...form, sort: Number.isFinite(n) ? n : 0 })}
            />
          </FormGroup>
        </div>
        <HTMLTable compact className="data-table">
          <thead>
            <tr>
              <th>值编码</th>
              <th>值名称</th>
              <th>排序</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {values.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id yet
              <tr key={i} data-testid="dictionary-value-row">
                <td>
                  <InputGroup
                    small
                    value={v.valueCode}
                    aria-label="值编码"
                    onChange={(e) => setValue(i, { valueCode: e.target.value })}
                  />
                </td>
                <td>
                  <InputGroup
                    small
                    value={v.valueName}
                    aria-label="值名称"
                    onChange={(e) => setValue(i, { valueName: e.target.value })}
                  />
                </td>
                <td>
                  <InputGroup
                    small
                    type="number"
                    value={String(v.sort)}
                    aria-label="排序"
                    onChange={(e) => setValue(i, { sort: Number(e.target.value) || 0 })}
                  />
                </td>
                <td>
                  <Button
                    small
                    minimal
                    icon="cross"
                    aria-label="删除此值"
                    onClick={() => setValues(values.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Button
          small
          icon="add"
          text="添加字典值"
          onClick={() =>
            setValues([
              ...values,
              { valueCode: String(values.length + 1), valueName: '', sort: values.length },
            ])
          }
        />
        {error && (
          <Callout intent={Intent.DANGER} data-testid="form-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="c" text="取消" onClick={onClose} />,
          <Button key="s" intent={Intent.PRIMARY} text="保存" loading={busy} onClick={save} />,
        ]}
      />
    </Dialog>
  );
}
