import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { FieldDef } from '../../../domain/resource.js';
import { assessmentWorkflow } from '../../../machines/assessmentMachine.js';
import { offers } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { FieldInput } from '../../../src/resource/FieldInput.js';
import type { Row } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { ErrorCallout } from '../../../src/ui/ErrorCallout.js';
import { type AdoptPreview, AssessmentPaths, assessmentPath } from '../api/assessment.js';
import { ADOPT_NEEDS_AUTHORITY } from '../resources/assessment.js';
import './assessment.css';

/**
 * Whether a record offers 采纳建议: undefined where it has no such button (a draft, an unbound record,
 * a screening — 简易评估 decides no level), null where it may be pressed, else why it is greyed.
 */
export function adoptOffer(row: Row, mayAdopt: boolean): string | null | undefined {
  if (!offers(assessmentWorkflow, row, 'assessment.unbind') || Number(row.assessmentType) === 0)
    return undefined;
  if (row.adoptDate) return `已采纳，${String(row.adoptDate)}起生效`;
  return mayAdopt ? null : ADOPT_NEEDS_AUTHORITY;
}

const dayField: FieldDef = { name: 'effectiveDate', label: '生效日期', type: 'date', required: true };
const ability = (v: number | null) =>
  v === null ? '（未设置）' : dictLabel('selfCareAbility', v) || '（未设置）';
const level = (v: string) => v || '（未设置）';

/**
 * 采纳建议 of a submitted assessment: what the elder's 护理等级 and 能力等级 are and become, and from
 * which day (today unless changed; bills charge the new level from that day). The server says from
 * when it may take effect, or why it cannot be adopted at all (GET adopt/{id}), and decides (PUT adopt).
 */
export function AdoptDialog({
  assessmentId,
  onClose,
}: {
  assessmentId: number;
  /** `adopted`: the elder's level changed (the caller reloads what shows it). */
  onClose(adopted: boolean): void;
}) {
  const { request, toast } = useApp();
  const [preview, setPreview] = useState<AdoptPreview | null>(null);
  const [day, setDay] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    request<AdoptPreview>({
      url: assessmentPath(AssessmentPaths.adoptPreview, { assessmentId }),
      silent: true,
    }).then(
      (p) => {
        setPreview(p);
        setDay(p.latestDate);
      },
      (e: { message?: string }) => setError(e.message ?? '加载失败'),
    );
  }, [assessmentId, request]);

  const submit = async () => {
    if (!preview) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('请填写生效日期');
    if (preview.earliestDate && day < preview.earliestDate)
      return setError(`生效日期不能早于${preview.earliestDate}`);
    if (day > preview.latestDate) return setError(`生效日期不能晚于今天（${preview.latestDate}）`);
    setBusy(true);
    setError('');
    try {
      await request({
        url: AssessmentPaths.adopt,
        method: 'PUT',
        data: { assessmentId, effectiveDate: day },
        silent: true,
      });
      toast(`已采纳：${preview.oldmanName}自${day}起护理等级为${preview.suggested.nursingLevel}`, 'success');
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? '采纳失败');
      setBusy(false);
    }
  };

  const blocked = preview?.refusal ?? null;
  return (
    <Dialog isOpen title="采纳评估建议" onClose={() => onClose(false)} style={{ width: 560 }}>
      <DialogBody>
        {!preview && !error ? <Spinner size={24} /> : null}
        {error ? <ErrorCallout testId="adopt-error">{error}</ErrorCallout> : null}
        {preview ? (
          <div data-testid="adopt-dialog">
            <p>
              {preview.oldmanName} · {preview.scaleName}（{preview.assessDate}）· 评估等级：
              {preview.gradeName ?? ''}
            </p>
            <HTMLTable compact className="adopt-levels">
              <thead>
                <tr>
                  <th />
                  <th>现在</th>
                  <th>采纳后</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th>护理等级</th>
                  <td>{level(preview.current.nursingLevel)}</td>
                  <td data-testid="adopt-level">{level(preview.suggested.nursingLevel)}</td>
                </tr>
                <tr>
                  <th>能力等级</th>
                  <td>{ability(preview.current.selfCareAbility)}</td>
                  <td data-testid="adopt-ability">{ability(preview.suggested.selfCareAbility)}</td>
                </tr>
              </tbody>
            </HTMLTable>
            {blocked ? (
              <Callout intent={Intent.WARNING} data-testid="adopt-refusal">
                {blocked}
              </Callout>
            ) : (
              <FormGroup
                label="生效日期"
                labelFor="adopt-date"
                helperText={`可选 ${preview.earliestDate ?? ''} 至 ${preview.latestDate}；自该日起按新护理等级计费，此前按原等级。`}
              >
                <FieldInput
                  id="adopt-date"
                  field={dayField}
                  value={day}
                  invalid={false}
                  disabled={busy}
                  onChange={(v) => setDay(String(v ?? ''))}
                  onError={setError}
                />
              </FormGroup>
            )}
          </div>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button
              intent={Intent.PRIMARY}
              text="采纳"
              loading={busy}
              disabled={!preview || !!blocked}
              onClick={submit}
            />
          </>
        }
      />
    </Dialog>
  );
}
