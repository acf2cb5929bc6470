import { Button, Callout, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import type { ResourceDef } from '../../../domain/resource.js';
import { useApp } from '../../../src/app/AppContext.js';
import { Dialog } from '../../../src/ui/Dialog.js';

/**
 * Add or edit one rule: POST without a ruleId, PUT with it, on the rule resource's paths. The server
 * checks the whole rule (domain/alarmRules.ts); its Chinese message shows in the dialog and the
 * dialog stays open, so nothing changes.
 */
export function RuleDialog({
  title,
  def,
  ruleId,
  payload,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  def: ResourceDef;
  ruleId: number | null;
  payload(): object;
  onClose(): void;
  onSaved(): void;
  children: ReactNode;
}) {
  const { request, toast } = useApp();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = () => {
    setBusy(true);
    setError('');
    const body = payload();
    request(
      ruleId === null
        ? { url: def.api.create ?? '', method: 'POST', data: body, silent: true }
        : { url: def.api.update ?? '', method: 'PUT', data: { ...body, ruleId }, silent: true },
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
    <Dialog isOpen onClose={onClose} title={title} icon="notifications" style={{ width: 640 }}>
      <DialogBody>
        <div className="form-grid">{children}</div>
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

/** A labelled text input of a rule form ("HH:mm" times, names, remarks). */
export function TextField({
  id,
  label,
  value,
  onChange,
  required,
  placeholder,
  unit,
  helper,
  type = 'text',
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
  placeholder?: string;
  unit?: string;
  helper?: string;
  type?: 'text' | 'number';
}) {
  return (
    <FormGroup label={label} labelFor={id} labelInfo={required ? '*' : undefined} helperText={helper}>
      <InputGroup
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        rightElement={unit ? <span className="field-unit">{unit}</span> : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormGroup>
  );
}

/** The daily window a rule is active in; an end before the start wraps midnight. */
export function TimeWindowFields({
  idPrefix,
  start,
  end,
  onChange,
}: {
  idPrefix: string;
  start: string;
  end: string;
  onChange(start: string, end: string): void;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-start`}
        label="开始时间"
        placeholder="HH:mm"
        value={start}
        onChange={(value) => onChange(value, end)}
      />
      <TextField
        id={`${idPrefix}-end`}
        label="结束时间"
        placeholder="HH:mm，24:00 为当天结束"
        value={end}
        onChange={(value) => onChange(start, value)}
      />
    </>
  );
}
