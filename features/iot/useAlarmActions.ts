import { useRef } from 'react';
import type { AlarmRecord, AlarmSource } from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { useAlarmAck } from '../../src/alarm/pendingAcks.js';
import { useApp } from '../../src/app/AppContext.js';
import { useOptionalRealtime } from '../../src/realtime/context.js';

/** The toast key acknowledgements share: a run of them is one toast that counts up (issue #19). */
const ACK_TOAST = 'alarm-ack';
/** Acknowledgements this close together count into one toast. */
const ACK_RUN_MS = 4_000;

type BatchAnswer = {
  acknowledged: AlarmRecord[];
  refused: { recordId: number; reason: string }[];
};
type HandleBatchAnswer = { done: AlarmRecord[]; refused: BatchAnswer['refused'] };

/** ，N 条未X（the reasons）: what a batch call refused, said once per reason. */
const refusedText = (refused: BatchAnswer['refused'], verb: string) =>
  refused.length
    ? `，${refused.length} 条未${verb}（${[...new Set(refused.map((r) => r.reason))].join('；')}）`
    : '';

/** The console's calls on alarm records, with one coalescing toast for acknowledgements. */
export function useAlarmActions(source: AlarmSource | 'all') {
  const { request, toast } = useApp();
  // 确认 of one alarm, retried when lost on the way: the same path as the wall's and the banner's
  const one = useAlarmAck(() => acknowledged(1));
  const { handles } = one;
  /** Whether the user may act on alarms of the list at all (the toolbar), and on this one (its row). */
  const canHandle = source === 'all' ? handles.pnt || handles.mattress : handles[source];
  const mayHandle = (r: Pick<AlarmRecord, 'source'>) => handles[r.source];
  const run = useRef({ count: 0, until: 0 });
  /** 已确认 N 条告警, counting up over a run of acknowledgements instead of stacking toasts. */
  const acknowledged = (n: number, refused: BatchAnswer['refused'] = []) => {
    const now = Date.now();
    if (now > run.current.until) run.current.count = 0;
    run.current = { count: run.current.count + n, until: now + ACK_RUN_MS };
    toast(
      `已确认 ${run.current.count} 条告警${refusedText(refused, '确认')}`,
      refused.length ? 'warning' : 'success',
      ACK_TOAST,
    );
  };
  // the server's answer to our own call shows at once, whether or not a live channel brings it too
  const realtime = useOptionalRealtime();
  const shown = (record: AlarmRecord) => realtime?.noteAlarm(record);
  const done = (work: Promise<AlarmRecord>, text: string) =>
    work.then(
      (record) => {
        shown(record);
        toast(text, 'success');
      },
      () => undefined,
    );
  return {
    canHandle,
    mayHandle,
    ack: (r: AlarmRecord) => one.ack(r.recordId),
    /** Acknowledgements sent but not yet answered by the server: their rows say 待重发. */
    waiting: one.waiting,
    /** One call for the selection: the server answers which it acknowledged and which it refused. */
    ackMany: (recordIds: number[]) =>
      request<BatchAnswer>({ url: IotPaths.alarmAckBatch, method: 'POST', data: { recordIds } }).then(
        (answer) => {
          for (const record of answer.acknowledged) shown(record);
          acknowledged(answer.acknowledged.length, answer.refused);
          return answer;
        },
        () => undefined,
      ),
    handle: (r: AlarmRecord, handleNote: string) =>
      done(
        request<AlarmRecord>({
          url: IotPaths.alarmHandle,
          method: 'POST',
          data: { recordId: r.recordId, status: 3, handleNote },
        }),
        '已处理',
      ),
    ignore: (r: AlarmRecord, reason: string) =>
      done(
        request<AlarmRecord>({
          url: IotPaths.alarmHandle,
          method: 'POST',
          data: { recordId: r.recordId, status: 2, handleNote: reason },
        }),
        '已忽略',
      ),
    /** 忽略所选 (one reason for all) or 解除所选 in one call; the answer says which were refused and why. */
    handleMany: (action: 'ignore' | 'release', recordIds: number[], reason = '') =>
      request<HandleBatchAnswer>({
        url: IotPaths.alarmHandleBatch,
        method: 'POST',
        data: action === 'ignore' ? { recordIds, action, reason } : { recordIds, action },
      }).then(
        (answer) => {
          for (const record of answer.done) shown(record);
          const verb = action === 'ignore' ? '忽略' : '解除';
          toast(
            `已${verb} ${answer.done.length} 条告警${refusedText(answer.refused, verb)}`,
            answer.refused.length ? 'warning' : 'success',
          );
          return answer;
        },
        () => undefined,
      ),
    release: (r: AlarmRecord) =>
      done(
        request<AlarmRecord>({
          url: IotPaths.alarmClose,
          method: 'DELETE',
          params: { recordId: r.recordId },
        }),
        '已解除',
      ),
  };
}
export type AlarmActions = ReturnType<typeof useAlarmActions>;
