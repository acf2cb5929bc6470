import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import { elderChoiceLabel } from '../../../domain/lookups.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import {
  type ResidenceEvent,
  type ResidenceEventType,
  residenceEvents,
  residenceTransition,
  takesBed,
} from '../../../machines/residenceMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ChoiceSelect } from '../../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { DayInput } from '../../../src/ui/dates/index.js';
import { ErrorCallout } from '../../../src/ui/ErrorCallout.js';
import { BedPicker } from './BedPicker.js';
import { DeptMoveCancelled, useDeptMoveConfirm } from './deptMoveConfirm.js';
import { type ElderRow, today, useConsultPlan, useElders } from './queries.js';

const warning: Partial<Record<ResidenceEventType, string>> = {
  QUIT: '退住后床位将释放，床位设备不再关联该长者。',
  QUIT_BOOKING: '取消预订后预订的床位将释放。',
};

/**
 * One residence change (办理入住, 试住, 转为在住, 退住, 取消预订, …). The machine decides whether
 * the change can be sent as filled in; the server checks it again with the same machine.
 */
export function StatusDialog({
  elder: given,
  type,
  bedId: presetBed = null,
  bedLabel = '',
  onClose,
  onDone,
}: {
  /** null: choose among the elders the event applies to (a free bed clicked on the map). */
  elder: ElderRow | null;
  type: ResidenceEventType;
  bedId?: number | null;
  /** The preset bed's full name. */
  bedLabel?: string;
  onClose(): void;
  onDone(): void;
}) {
  const { request, toast } = useApp();
  const { elders } = useElders([LiveStatus.waiting, LiveStatus.reserved], given === null);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const elder = given ?? elders.find((e) => e.oldmanId === chosenId) ?? null;
  const [bedId, setBedId] = useState<number | null>(presetBed ?? given?.bedId ?? null);
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const deptMove = useDeptMoveConfirm();
  // booking or moving in an elder who came from a consultation: its 预计入住日期 is offered
  const plans = type === 'RESERVE' || type === 'CHECK_IN' || type === 'TRIAL';
  const plan = useConsultPlan(plans && elder ? elder.oldmanId : null);
  const planned = plan?.expectedCheckInDate ?? null;
  const label = residenceEvents[type].label;
  const event = (takesBed(type) ? { type, bedId, date } : { type, date }) as ResidenceEvent;
  // why 确认 is greyed (issue #42 point 5): what is missing, else the machine's refusal, the server's words
  const result = elder ? residenceTransition(elder, event) : null;
  const why = !result
    ? '请选择长者'
    : !/^\d{4}-\d{2}-\d{2}$/.test(date)
      ? '请选择日期'
      : result.ok
        ? null
        : result.reason;

  const submit = async () => {
    if (!elder) return;
    setBusy(true);
    setError('');
    try {
      await deptMove.run((confirmDeptMove) =>
        request({
          url: residencePath(ResidencePaths.status, {
            oldmanId: elder.oldmanId,
            oldmanStatusNew: residenceEvents[type].to,
          }),
          method: 'PUT',
          data: { bedId: takesBed(type) ? bedId : undefined, date, note, confirmDeptMove },
          silent: true,
        }),
      );
      toast(`${label}成功`, 'success');
      onDone();
    } catch (e) {
      if (e instanceof DeptMoveCancelled) return;
      setError((e as { message?: string }).message ?? `${label}失败`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={label} onClose={onClose} className="residence-dialog">
      <DialogBody>
        {given ? (
          <p data-testid="dialog-elder">
            长者：<b>{given.oldmanName}</b>（{dictLabel('liveStatus', given.oldmanStatus)}
            {given.bedName ? `，${given.bedName}` : ''}）
          </p>
        ) : (
          <FormGroup label="长者" labelFor="status-elder">
            <ChoiceSelect
              id="status-elder"
              label="长者"
              placeholder="请选择待入住或预订的长者"
              filterHint="姓名或身份证号"
              choices={elders
                .filter((e) => e.oldmanStatus === LiveStatus.waiting || e.bedId === presetBed)
                .map((e) => ({
                  value: e.oldmanId,
                  label: `${elderChoiceLabel(e)} ${dictLabel('liveStatus', e.oldmanStatus)}`,
                }))}
              value={chosenId === null ? '' : String(chosenId)}
              onChange={(value) => setChosenId(value ? Number(value) : null)}
            />
          </FormGroup>
        )}
        {takesBed(type) &&
          (presetBed !== null ? (
            <p>床位：{bedLabel}</p>
          ) : (
            <BedPicker value={bedId} onChange={setBedId} ownBedId={given?.bedId ?? null} />
          ))}
        <FormGroup label={type === 'QUIT' ? '退住日期' : '日期'} labelFor="status-date">
          <DayInput id="status-date" value={date} onChange={setDate} />
          {planned && planned !== date && (
            <p className="muted" data-testid="planned-date">
              咨询登记的预计入住日期：{planned}{' '}
              <Button small minimal intent={Intent.PRIMARY} text="采用" onClick={() => setDate(planned)} />
            </p>
          )}
        </FormGroup>
        <FormGroup label="备注" labelFor="status-note">
          <TextArea
            id="status-note"
            fill
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </FormGroup>
        {warning[type] && <Callout intent={Intent.WARNING}>{warning[type]}</Callout>}
        {error && <ErrorCallout testId="dialog-error">{error}</ErrorCallout>}
        {deptMove.dialog}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={type === 'QUIT' || type === 'QUIT_BOOKING' ? Intent.DANGER : Intent.PRIMARY}
              text={`确认${label}`}
              disabled={why !== null}
              title={why ?? undefined}
              loading={busy}
              onClick={submit}
            />
          </>
        }
      />
    </Dialog>
  );
}
