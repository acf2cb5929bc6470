import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { z } from 'zod';
import {
  affirmSchema,
  backSchema,
  cancelSchema,
  declineSchema,
  OutingPaths,
  outingPath,
  passSchema,
  postponeSchema,
  withSeconds,
} from '../../../domain/resources/outing.js';
import {
  type OutingEvent,
  type OutingEventType,
  type OutingFields,
  outingEvents,
  outingTransition,
} from '../../../machines/outingMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import type { Row } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { DateTimeInput } from '../../../src/ui/dates/index.js';
import { ErrorCallout } from '../../../src/ui/ErrorCallout.js';

/** The events a row's dialog sends (registering and editing use the resource form). */
export type StepType = Exclude<OutingEventType, 'outing.register' | 'outing.edit'>;

interface StepForm {
  path: string;
  schema: z.ZodType;
  /** The time input's label, when the step takes a time. */
  timeLabel?: string;
  timeKey?: string;
  noteLabel: string;
  noteKey: string;
  noteRequired?: boolean;
  warning?: string;
  /** The closing button, when 取消 would read as the step itself (取消外出). */
  close?: string;
  /** The machine event of what is typed (the dialog asks the machine before sending). */
  event(time: string): OutingEvent;
}

const steps: Record<StepType, StepForm> = {
  'outing.affirm': {
    path: OutingPaths.affirm,
    schema: affirmSchema,
    timeLabel: '实际外出时间',
    timeKey: 'actualOutTime',
    noteLabel: '备注',
    noteKey: 'note',
    event: (at) => ({ type: 'outing.affirm', at }),
  },
  'outing.postpone': {
    path: OutingPaths.postpone,
    schema: postponeSchema,
    timeLabel: '新的预计返院时间',
    timeKey: 'expectedReturnTime',
    noteLabel: '延期原因',
    noteKey: 'reason',
    noteRequired: true,
    event: (expectedReturnTime) => ({ type: 'outing.postpone', expectedReturnTime }),
  },
  'outing.cancel': {
    path: OutingPaths.cancel,
    schema: cancelSchema,
    noteLabel: '取消原因',
    noteKey: 'reason',
    warning: '取消后该外出登记结束，如需外出请重新登记。',
    close: '返回',
    event: () => ({ type: 'outing.cancel' }),
  },
  'outing.return': {
    path: OutingPaths.back,
    schema: backSchema,
    timeLabel: '实际返院时间',
    timeKey: 'actualReturnTime',
    noteLabel: '返院情况',
    noteKey: 'returnRemark',
    event: (at) => ({ type: 'outing.return', at }),
  },
  'outing.pass': {
    path: OutingPaths.pass,
    schema: passSchema,
    noteLabel: '审核意见',
    noteKey: 'auditOpinion',
    event: () => ({ type: 'outing.pass' }),
  },
  'outing.decline': {
    path: OutingPaths.decline,
    schema: declineSchema,
    noteLabel: '审核意见',
    noteKey: 'auditOpinion',
    noteRequired: true,
    warning: '驳回后该外出登记结束。',
    event: () => ({ type: 'outing.decline' }),
  },
};

/** <input type=datetime-local> text of a stored time, and back. */
const toInput = (t: string) => t.replace('T', ' ').slice(0, 16);
const fromInput = (v: string) => withSeconds(v.slice(0, 16));

function proposedTime(type: StepType, fields: OutingFields): string {
  if (type === 'outing.postpone' && fields.expectedReturnTime)
    return dayjs(fields.expectedReturnTime).add(1, 'day').format('YYYY-MM-DD HH:mm:00');
  return dayjs().format('YYYY-MM-DD HH:mm:00');
}

/**
 * One workflow step of an outing (确认外出, 延期, 取消, 返院, 通过, 驳回). The machine says whether
 * what is typed can be sent and why not; the server checks it again with the same machine.
 */
export function OutingEventDialog({
  row,
  fields,
  type,
  onClose,
  onDone,
}: {
  row: Row;
  fields: OutingFields;
  type: StepType;
  onClose(): void;
  onDone(): void;
}) {
  const { request, toast } = useApp();
  const form = steps[type];
  const label = outingEvents[type].label;
  const [time, setTime] = useState(() => toInput(proposedTime(type, fields)));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const at = fromInput(time);
  const body: Row = { [form.noteKey]: note.trim() || undefined };
  if (form.timeKey) body[form.timeKey] = at;
  const parsed = form.schema.safeParse(body);
  const verdict = outingTransition(fields, form.event(at));
  const problem = !parsed.success
    ? (parsed.error.issues[0]?.message ?? '请检查填写内容')
    : verdict.ok
      ? ''
      : verdict.reason;

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await request({
        url: outingPath(form.path, Number(row.outId)),
        method: 'PUT',
        data: body,
        silent: true,
      });
      toast(outingEvents[type].done, 'success');
      onDone();
    } catch (e) {
      setError((e as { message?: string }).message ?? `${label}失败`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen title={label} onClose={onClose} className="outing-dialog">
      <DialogBody>
        <p data-testid="outing-dialog-elder">
          长者：<b>{String(row.oldmanName ?? '')}</b>，外出地点：{String(row.destination ?? '')}，预计返院：
          {String(row.expectedReturnTime ?? '').slice(0, 16)}
        </p>
        {form.timeLabel ? (
          <FormGroup label={form.timeLabel} labelFor="outing-time">
            <DateTimeInput id="outing-time" minutes value={time} onChange={setTime} />
          </FormGroup>
        ) : null}
        <FormGroup
          label={form.noteLabel}
          labelFor="outing-note"
          labelInfo={form.noteRequired ? '（必填）' : undefined}
        >
          <TextArea
            id="outing-note"
            fill
            value={note}
            maxLength={200}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </FormGroup>
        {form.warning ? <Callout intent={Intent.WARNING}>{form.warning}</Callout> : null}
        {problem && (note || !form.noteRequired) ? (
          <Callout intent={Intent.WARNING} data-testid="outing-dialog-problem">
            {problem}
          </Callout>
        ) : null}
        {error ? <ErrorCallout testId="outing-dialog-error">{error}</ErrorCallout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={form.close ?? '取消'} onClick={onClose} />
            <Button
              intent={type === 'outing.decline' || type === 'outing.cancel' ? Intent.DANGER : Intent.PRIMARY}
              text={outingEvents[type].confirm}
              loading={busy}
              disabled={problem !== ''}
              onClick={submit}
            />
          </>
        }
      />
    </Dialog>
  );
}
