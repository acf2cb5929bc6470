import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { elderChoiceLabel } from '../../../domain/lookups.js';
import { LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ChoiceSelect } from '../../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { ErrorCallout } from '../../../src/ui/ErrorCallout.js';
import { BedPicker } from './BedPicker.js';
import { DeptMoveCancelled, useDeptMoveConfirm } from './deptMoveConfirm.js';
import { type ElderRow, useElders } from './queries.js';

/**
 * Sends one bed change, asking first when it moves an elder to another department; the server's
 * refusal is shown in the dialog.
 */
function useSend(onDone: () => void) {
  const { request, toast } = useApp();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const deptMove = useDeptMoveConfirm();
  const send = async (url: string, data: Record<string, unknown>, done: string) => {
    setBusy(true);
    setError('');
    try {
      await deptMove.run((confirmDeptMove) =>
        request({ url, method: 'PUT', data: { ...data, confirmDeptMove }, silent: true }),
      );
      toast(done, 'success');
      onDone();
    } catch (e) {
      if (!(e instanceof DeptMoveCancelled)) setError((e as { message?: string }).message ?? '操作失败');
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, send, question: deptMove.dialog };
}

interface Props {
  elder: ElderRow;
  onClose(): void;
  onDone(): void;
}

/** 调整床位: one elder to a free bed. */
export function AdjustDialog({ elder, onClose, onDone }: Props) {
  const [bedId, setBedId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const { error, busy, send, question } = useSend(onDone);
  return (
    <Dialog isOpen title="调整床位" onClose={onClose} className="residence-dialog">
      <DialogBody>
        <p>
          长者：<b>{elder.oldmanName}</b>，当前床位 {elder.bedName}
        </p>
        <BedPicker value={bedId} onChange={setBedId} />
        <FormGroup label="备注" labelFor="adjust-note">
          <InputGroup id="adjust-note" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        </FormGroup>
        {error && <ErrorCallout testId="dialog-error">{error}</ErrorCallout>}
        {question}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="确认调整"
              disabled={bedId === null}
              loading={busy}
              onClick={() =>
                send(ResidencePaths.adjust, { oldmanId: elder.oldmanId, bedId, note }, '调整床位成功')
              }
            />
          </>
        }
      />
    </Dialog>
  );
}

/** 交换床位: the beds of two elders who hold one, swapped at once. */
export function ExchangeDialog({ elder, onClose, onDone }: Props) {
  const { elders } = useElders([LiveStatus.living, LiveStatus.trial, LiveStatus.reserved]);
  const [otherId, setOtherId] = useState<number | null>(null);
  const other = elders.find((e) => e.oldmanId === otherId);
  const { error, busy, send, question } = useSend(onDone);
  return (
    <Dialog isOpen title="交换床位" onClose={onClose} className="residence-dialog">
      <DialogBody>
        <p>
          长者：<b>{elder.oldmanName}</b>，当前床位 {elder.bedName}
        </p>
        <FormGroup label="与哪位长者交换" labelFor="exchange-other">
          <ChoiceSelect
            id="exchange-other"
            label="与哪位长者交换"
            placeholder="请选择长者"
            filterHint="姓名或床位"
            choices={elders
              .filter((e) => e.oldmanId !== elder.oldmanId)
              .map((e) => ({ value: e.oldmanId, label: elderChoiceLabel(e) }))}
            value={otherId === null ? '' : String(otherId)}
            onChange={(value) => setOtherId(value ? Number(value) : null)}
          />
        </FormGroup>
        {other && (
          <p>
            交换后：{elder.oldmanName} → {other.bedName}；{other.oldmanName} → {elder.bedName}
          </p>
        )}
        {error && <ErrorCallout testId="dialog-error">{error}</ErrorCallout>}
        {question}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="确认交换"
              disabled={!other}
              loading={busy}
              onClick={() =>
                send(
                  ResidencePaths.exchange,
                  { oldmanId: elder.oldmanId, otherOldmanId: otherId },
                  '交换床位成功',
                )
              }
            />
          </>
        }
      />
    </Dialog>
  );
}
