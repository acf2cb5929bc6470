import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { localDateTime } from '../../../domain/clock.js';
import { useApp } from '../../../src/app/AppContext.js';
import { getDict } from '../../../src/dict/dictionaries.js';
import { FieldInput } from '../../../src/resource/FieldInput.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { useRevealOnFailure } from '../../../src/ui/revealError.js';
import {
  CareHealthPaths,
  type SignKind,
  SignLimits,
  type SignValues,
  signKindLabels,
  signKinds,
} from '../api/careHealth.js';
import { signResource } from '../resources/health.js';
import './careHealth.css';

/** The typed values of the form, as text (an empty text is a kind not measured). */
export type SignTexts = Partial<Record<string, string>>;

interface ValueInput {
  name: string;
  label: string;
  unit: string;
  decimal: boolean;
  hint: string;
}
const range = (lim: { min: number; max: number }) => `${lim.min}–${lim.max}`;
const L = SignLimits;

/** The inputs of each kind, in the order a nurse measures them. */
const inputsOf: Record<SignKind, ValueInput[]> = {
  bloodPressure: [
    { name: 'systolic', label: '收缩压', unit: 'mmHg', decimal: false, hint: range(L.systolic) },
    { name: 'diastolic', label: '舒张压', unit: 'mmHg', decimal: false, hint: range(L.diastolic) },
  ],
  heartRate: [{ name: 'heartRate', label: '心率', unit: '次/分', decimal: false, hint: range(L.heartRate) }],
  temperature: [{ name: 'temperature', label: '体温', unit: '℃', decimal: true, hint: range(L.temperature) }],
  bloodOxygen: [
    { name: 'bloodOxygen', label: '血氧饱和度', unit: '%', decimal: false, hint: range(L.bloodOxygen) },
  ],
  bloodSugar: [
    { name: 'bloodSugar', label: '血糖', unit: 'mmol/L', decimal: true, hint: range(L.bloodSugar) },
  ],
  weight: [{ name: 'weight', label: '体重', unit: 'kg', decimal: true, hint: range(L.weight) }],
};
/** The form's order: blood pressure and pulse first, weight last. */
export const formKinds: SignKind[] = [
  'bloodPressure',
  'heartRate',
  'temperature',
  'bloodOxygen',
  'bloodSugar',
  'weight',
];

/** The typed texts as the call's values: whole numbers as numbers, decimals as text, empties left out. */
export function signValuesOf(texts: SignTexts, kinds: readonly SignKind[] = signKinds): SignValues {
  const values: Record<string, string | number> = {};
  for (const kind of kinds)
    for (const input of inputsOf[kind]) {
      const t = texts[input.name]?.trim() ?? '';
      if (t === '') continue;
      values[input.name] = input.decimal || !/^\d+$/.test(t) ? t : Number(t);
    }
  if (kinds.includes('bloodSugar') && texts.glucoseTiming) values.glucoseTiming = Number(texts.glucoseTiming);
  return values as SignValues;
}

/**
 * The inputs of some kinds, one box per kind: its name, then its values with their units (a kind of
 * one value names its input by the kind alone).
 */
export function SignValueInputs({
  kinds,
  texts,
  onChange,
}: {
  kinds: readonly SignKind[];
  texts: SignTexts;
  onChange(texts: SignTexts): void;
}) {
  return (
    <div className={`vitals-kinds${kinds.length > 1 ? ' vitals-grid' : ''}`}>
      {kinds.map((kind) => {
        const inputs = inputsOf[kind];
        const single = inputs.length === 1;
        return (
          <div key={kind} className="vitals-kind" data-testid={`vitals-${kind}`}>
            <span className="vitals-kind-name">{signKindLabels[kind]}</span>
            {inputs.map((input) => {
              const box = (
                <InputGroup
                  key={input.name}
                  id={`vital-${input.name}`}
                  aria-label={single ? input.label : undefined}
                  inputMode={input.decimal ? 'decimal' : 'numeric'}
                  placeholder={input.hint}
                  value={texts[input.name] ?? ''}
                  rightElement={<span className="vitals-unit">{input.unit}</span>}
                  onChange={(e) => onChange({ ...texts, [input.name]: e.target.value })}
                />
              );
              return single ? (
                <span key={input.name} className="vitals-value">
                  {box}
                </span>
              ) : (
                <FormGroup key={input.name} label={input.label} labelFor={`vital-${input.name}`} inline>
                  {box}
                </FormGroup>
              );
            })}
            {kind === 'bloodSugar' ? (
              <FormGroup label="时段" labelFor="vital-glucoseTiming" inline>
                <HTMLSelect
                  id="vital-glucoseTiming"
                  aria-label="测量时段"
                  value={texts.glucoseTiming ?? ''}
                  onChange={(e) => onChange({ ...texts, glucoseTiming: e.target.value })}
                  options={[
                    { value: '', label: '不填' },
                    ...getDict('glucoseTiming').map((d) => ({ value: String(d.value), label: d.label })),
                  ]}
                />
              </FormGroup>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

const oldmanField = signResource.fields.find((f) => f.name === 'oldmanId');
const timeField = signResource.fields.find((f) => f.name === 'measureTime');

/**
 * 录入体征: one elder's readings of one time, any of the six kinds at once; only the filled kinds
 * are saved, all in one call (POST piOldmanSign/batch), each checked as in its own list.
 */
export function VitalsDialog({
  isOpen,
  elder,
  onClose,
  onSaved,
}: {
  isOpen: boolean;
  /** The elder, when the form is opened for one (今日护理任务); otherwise it is chosen. */
  elder?: { oldmanId: number; oldmanName: string } | null;
  onClose(): void;
  onSaved?(): void;
}) {
  const { request, toast } = useApp();
  const [oldmanId, setOldmanId] = useState('');
  const [measureTime, setMeasureTime] = useState('');
  const [texts, setTexts] = useState<SignTexts>({});
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!isOpen) return;
    setOldmanId(elder ? String(elder.oldmanId) : '');
    setMeasureTime(localDateTime(Date.now()));
    setTexts({});
    setRemark('');
    setError('');
  }, [isOpen, elder]);
  const values = signValuesOf(texts);
  // the server's refusal (a value out of range) brought into view after each failed save (issue #42 point 4)
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  // why 保存 is greyed (issue #42 point 5)
  const missing = !oldmanId
    ? '请选择长者'
    : !measureTime
      ? '请填写测量时间'
      : Object.keys(values).length
        ? null
        : '请至少填写一项体征';
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const saved = await request<{ signIds: number[]; abnormal: number }>({
        url: CareHealthPaths.signBatch,
        method: 'POST',
        data: { oldmanId: Number(oldmanId), measureTime, remark: remark.trim() || null, ...values },
        silent: true,
      });
      toast(
        `已录入${saved.signIds.length}项体征${saved.abnormal ? `，${saved.abnormal}项超出告警阈值，已报警` : ''}`,
        saved.abnormal ? 'warning' : 'success',
      );
      onSaved?.();
      onClose();
    } catch (e) {
      setError((e as { message?: string }).message ?? '保存失败');
      revealError();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={elder ? `录入体征：${elder.oldmanName}` : '录入体征'}
      className="vitals-dialog"
    >
      <DialogBody>
        <div ref={bodyRef}>
          <div className="vitals-head">
            {elder || !oldmanField ? null : (
              <FormGroup label="长者" labelFor="vital-oldman" inline>
                <FieldInput
                  id="vital-oldman"
                  field={oldmanField}
                  value={oldmanId}
                  invalid={false}
                  disabled={false}
                  onChange={(v) => setOldmanId(v === null ? '' : String(v))}
                  onError={setError}
                />
              </FormGroup>
            )}
            {timeField ? (
              <FormGroup label="测量时间" labelFor="vital-time" inline>
                <FieldInput
                  id="vital-time"
                  field={timeField}
                  value={measureTime}
                  invalid={false}
                  disabled={false}
                  onChange={(v) => setMeasureTime(v === null ? '' : String(v))}
                  onError={setError}
                />
              </FormGroup>
            ) : null}
          </div>
          <p className="muted">填写本次测量的项目，未填写的项目不保存。</p>
          <SignValueInputs kinds={formKinds} texts={texts} onChange={setTexts} />
          <FormGroup label="备注" labelFor="vital-remark" inline>
            <InputGroup
              id="vital-remark"
              maxLength={100}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </FormGroup>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent="primary"
              text="保存"
              loading={busy}
              disabled={missing !== null}
              title={missing ?? undefined}
              onClick={save}
            />
          </>
        }
      />
    </Dialog>
  );
}
