import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { FieldDef } from '../../domain/resource.js';
import { DrugScreens as S } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { FieldInput } from '../../src/resource/FieldInput.js';
import { ResourceList, useResourceAuthority } from '../../src/resource/index.js';
import { ChoiceSelect } from '../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';
import { keepChoiceLabel, DrugApi as P, useBody } from './api.js';
import { useResource } from './module.js';

interface KeepChoice {
  keepId: number;
  drugName: string;
  drugSpec: string;
  unit: string;
  restQuantity: number;
  expiryDate: string;
}

/** The elder and the time go through the shared field input (the elder lookup, the time picker). */
const ELDER: FieldDef = { name: 'oldmanId', label: '长者', type: 'ref', ref: 'oldman', required: true };
const USE_TIME: FieldDef = { name: 'useTime', label: '用药时间', type: 'datetime' };

type Field = 'oldmanId' | 'keepId' | 'quantity' | 'useTime' | 'remark';

/**
 * 用药记录 › 新增 (issue #42 point 1): the elder first, then one of that elder's drugs in custody
 * (use/keep: the open custody records with a rest), the dose, the time. Checked by the schema the
 * server uses (useBody), so the messages are the server's; a refusal (余量不足) shows above the form.
 */
function NewDose({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { request, toast } = useApp();
  const [oldmanId, setOldmanId] = useState('');
  const [keeps, setKeeps] = useState<KeepChoice[] | null>(null);
  const [keepId, setKeepId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [useTime, setUseTime] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  useEffect(() => {
    setKeeps(null);
    setKeepId('');
    if (!oldmanId) return;
    let live = true;
    request<KeepChoice[]>({ url: P.useKeep, params: { oldmanId }, silent: true }).then(
      (rows) => live && setKeeps(rows),
      (e: { message?: string }) => live && setServerError(e.message ?? '读取代管药品失败'),
    );
    return () => {
      live = false;
    };
  }, [request, oldmanId]);
  const chosen = keeps?.find((k) => String(k.keepId) === keepId);
  const clear = (f: Field) => setErrors(({ [f]: _, ...rest }) => rest);
  const save = async () => {
    const checked = useBody.safeParse({
      oldmanId: oldmanId || '',
      keepId: keepId || '',
      quantity: quantity.trim() || undefined,
      useTime: useTime || undefined,
      remark,
    });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const f = String(issue.path[0]) as Field;
        found[f] ??= issue.message;
      }
      setErrors(found);
      revealError();
      return;
    }
    setBusy(true);
    setErrors({});
    setServerError('');
    try {
      await request({ url: P.use, method: 'POST', data: checked.data, silent: true });
      toast('已记录用药', 'success');
      onSaved();
    } catch (e) {
      setServerError((e as { message?: string }).message ?? '保存失败');
      revealError();
    } finally {
      setBusy(false);
    }
  };
  const group = (f: Field, label: string, id: string, children: ReactNode, hint?: string) => (
    <FormGroup
      label={label}
      labelFor={id}
      className={f === 'oldmanId' || f === 'keepId' || f === 'quantity' ? 'resource-required' : ''}
      intent={errors[f] ? Intent.DANGER : Intent.NONE}
      helperText={errors[f] ?? hint}
    >
      {children}
    </FormGroup>
  );
  const keepHint = !oldmanId
    ? '先选择长者'
    : keeps === null
      ? '读取中…'
      : keeps.length
        ? undefined
        : '该长者没有可用的代管药品，请先在“代管药品”中登记';
  return (
    <Dialog isOpen className="resource-dialog" title="新增用药记录" onClose={onClose}>
      <DialogBody>
        <div ref={bodyRef} className="form-grid" data-testid="new-dose">
          {serverError ? (
            <div className="resource-wide">
              <ErrorCallout>{serverError}</ErrorCallout>
            </div>
          ) : null}
          {group(
            'oldmanId',
            '长者',
            'dose-elder',
            <FieldInput
              id="dose-elder"
              field={ELDER}
              value={oldmanId || null}
              invalid={Boolean(errors.oldmanId)}
              disabled={busy}
              onChange={(v) => {
                setOldmanId(v === null ? '' : String(v));
                clear('oldmanId');
                clear('keepId');
                setServerError('');
              }}
              onError={() => undefined}
            />,
          )}
          {group(
            'keepId',
            '代管药品',
            'dose-keep',
            <ChoiceSelect
              id="dose-keep"
              label="代管药品"
              choices={(keeps ?? []).map((k) => ({ value: k.keepId, label: keepChoiceLabel(k) }))}
              value={keepId}
              disabled={busy || !keeps?.length}
              placeholder={oldmanId ? '请选择代管药品' : '请先选择长者'}
              onChange={(v) => {
                setKeepId(v);
                clear('keepId');
              }}
            />,
            keepHint,
          )}
          {group(
            'quantity',
            `用量${chosen ? `（${chosen.unit}）` : ''}`,
            'dose-quantity',
            <InputGroup
              id="dose-quantity"
              inputMode="numeric"
              value={quantity}
              disabled={busy}
              intent={errors.quantity ? Intent.DANGER : Intent.NONE}
              onChange={(e) => {
                setQuantity(e.target.value);
                clear('quantity');
              }}
            />,
            chosen ? `现余${chosen.restQuantity}${chosen.unit}` : '本次服用的数量',
          )}
          {group(
            'useTime',
            '用药时间',
            'dose-time',
            <FieldInput
              id="dose-time"
              field={USE_TIME}
              value={useTime || null}
              invalid={Boolean(errors.useTime)}
              disabled={busy}
              onChange={(v) => {
                setUseTime(v === null ? '' : String(v));
                clear('useTime');
              }}
              onError={() => undefined}
            />,
            '不填为当前时间',
          )}
          {group(
            'remark',
            '备注',
            'dose-remark',
            <InputGroup
              id="dose-remark"
              value={remark}
              disabled={busy}
              onChange={(e) => {
                setRemark(e.target.value);
                clear('remark');
              }}
            />,
          )}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" disabled={busy} onClick={onClose} />
            <Button text="保存" intent={Intent.PRIMARY} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}

/** 用药记录 (spec 001 drug/useList): the doses given; 新增 records one for an elder's kept drug. */
export function UseList() {
  const may = useResourceAuthority(useResource);
  const [adding, setAdding] = useState(false);
  const [changed, setChanged] = useState(0);
  return (
    <div className="page" data-testid="page-drug-use">
      <ResourceList
        def={useResource}
        routeName={S.useList}
        canCreate={may.canCreate}
        refreshKey={changed}
        onCreate={() => setAdding(true)}
      />
      {adding ? (
        <NewDose
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setChanged((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
