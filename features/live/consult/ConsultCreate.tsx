import { Button, Callout, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { idCardMessage } from '../../../domain/idCard.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceForm } from '../../../src/resource/index.js';
import type { IdCardCheck } from '../api/consult.js';
import { CONSULT_BASE } from '../api/paths.js';
import { consultationResource, consultSectionFields } from '../resources/consult.js';

const def = consultationResource;
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** For an elder who already has a profile: base comes from the profile (POST consultations/{oldmanId}). */
const forElderDef = (oldmanId: number) => ({
  ...def,
  api: { ...def.api, create: `${CONSULT_BASE}/${oldmanId}` },
});
const forElderFields = [
  ...consultSectionFields('consultant'),
  ...consultSectionFields('extra'),
  ...consultSectionFields('health'),
];

type Step =
  | { kind: 'check'; checked: IdCardCheck | null }
  | { kind: 'form'; idcard: string }
  | { kind: 'forElder'; oldmanId: number; name: string };

/**
 * A new consultation: first the elder's ID card is checked (spec 001 §5) and what is found is
 * shown (a profile, open consultations); then the form, for a new elder or for the profile found.
 */
export function ConsultCreate({ onSaved, onCancel }: { onSaved(): void; onCancel(): void }) {
  const { request } = useApp();
  const [idcard, setIdcard] = useState('');
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'check', checked: null });

  const check = () => {
    const value = idcard.trim().toUpperCase();
    const problem = idCardMessage(value);
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    setChecking(true);
    request<IdCardCheck>({ url: `${CONSULT_BASE}/check/${value}`, silent: true }).then(
      (checked) => {
        setChecking(false);
        if (checked.free) setStep({ kind: 'form', idcard: value });
        else setStep({ kind: 'check', checked });
      },
      (e: { message?: string }) => {
        setChecking(false);
        setError(e.message ?? '核验失败');
      },
    );
  };

  if (step.kind === 'form' || step.kind === 'forElder')
    return (
      <>
        {step.kind === 'forElder' ? (
          <Callout intent={Intent.PRIMARY} className="consult-for-elder">
            为已有档案的长者“{step.name}”登记咨询，长者信息取自档案。
          </Callout>
        ) : null}
        <ResourceForm
          def={step.kind === 'forElder' ? forElderDef(step.oldmanId) : def}
          mode="create"
          only={step.kind === 'forElder' ? forElderFields : undefined}
          initial={{ oldmanIdcard: step.kind === 'form' ? step.idcard : null, consultDate: today() }}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      </>
    );

  const found = step.checked;
  return (
    <div className="consult-check" data-testid="consult-check">
      <FormGroup
        label="长者身份证号"
        labelFor="consult-check-idcard"
        helperText={error || '登记前先核验是否已有档案或咨询；没有身份证号可直接登记'}
        intent={error ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup
          id="consult-check-idcard"
          value={idcard}
          intent={error ? Intent.DANGER : Intent.NONE}
          onChange={(e) => {
            setIdcard(e.target.value);
            // what was said of the number before is not said of the new one
            setError('');
            if (found) setStep({ kind: 'check', checked: null });
          }}
          onKeyDown={(e) => e.key === 'Enter' && check()}
        />
      </FormGroup>
      {found ? (
        <Callout intent={Intent.WARNING} data-testid="idcard-check-warning">
          {found.message}
        </Callout>
      ) : null}
      <div className="resource-form-actions">
        <Button text="取消" onClick={onCancel} />
        {found ? (
          <>
            {found.oldman ? (
              <Button
                text="为该长者登记咨询"
                onClick={() =>
                  found.oldman &&
                  setStep({
                    kind: 'forElder',
                    oldmanId: found.oldman.oldmanId,
                    name: found.oldman.oldmanName,
                  })
                }
              />
            ) : null}
            <Button
              intent={Intent.PRIMARY}
              text="仍然登记"
              onClick={() => setStep({ kind: 'form', idcard: idcard.trim().toUpperCase() })}
            />
          </>
        ) : (
          <>
            <Button text="无身份证号，直接登记" onClick={() => setStep({ kind: 'form', idcard: '' })} />
            <Button intent={Intent.PRIMARY} text="核验" loading={checking} onClick={check} />
          </>
        )}
      </div>
    </div>
  );
}
