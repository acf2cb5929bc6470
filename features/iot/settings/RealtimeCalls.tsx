import { Alert, Button, Callout, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { IotPaths } from '../../../domain/api/iot.js';
import { Authority } from '../../../domain/menus.js';
import { waitedText } from '../../../domain/schedule.js';
import { useApp } from '../../../src/app/AppContext.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { Authorized } from '../../../src/auth/Authorized.js';
import { RowButton } from '../../../src/ui/RowButton.js';
import { useNow } from '../../../src/ui/useNow.js';
import { usePageInterval } from '../../../src/ui/usePageInterval.js';
import type { CallRecord } from '../api/calls.js';
import { CallCells, CallHeadCells } from './CallCells.js';

/** Calls have no push message; the board re-reads the list this often while it is open. */
const POLL_MS = 5_000;

/** The call board: calls pressed and not yet cleared at the bed, oldest first, with their waiting time. */
export function RealtimeCalls() {
  const { request, toast } = useApp();
  const [calls, setCalls] = useState<CallRecord[]>([]);
  const [error, setError] = useState('');
  const [cleaning, setCleaning] = useState(false);
  const now = useNow(1000);
  const load = useCallback(
    () =>
      request<CallRecord[]>({ url: IotPaths.realtimeCalls, silent: true }).then(
        (list) => {
          setCalls(list);
          setError('');
        },
        (e: { message?: string }) => setError(e.message ?? '加载失败'),
      ),
    [request],
  );
  // while the board is on screen: behind another tab it asks nothing, and reads again when shown
  usePageInterval(() => void load(), POLL_MS);
  usePageRefresh(() => void load());

  const clean = (callIds?: number[]) =>
    request<{ count: number }>({
      url: IotPaths.cleanCalls,
      method: 'POST',
      data: callIds ? { callIds } : {},
    }).then(
      ({ count }) => {
        toast(`已清除 ${count} 条实时呼叫`, 'success');
        void load();
      },
      () => undefined,
    );

  return (
    <div>
      <div className="filter-bar">
        <Tag large intent={calls.length ? Intent.DANGER : Intent.SUCCESS} data-testid="realtime-count">
          待处理呼叫 {calls.length}
        </Tag>
        <Authorized code={Authority.iotCallRecordClean} mode="disable">
          <Button
            icon="clean"
            text="清除全部"
            disabled={calls.length === 0}
            onClick={() => setCleaning(true)}
          />
        </Authorized>
        <span className="muted">每 {POLL_MS / 1000} 秒自动刷新</span>
      </div>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <HTMLTable striped compact className="data-table" data-testid="realtime-calls">
        <thead>
          <tr>
            <CallHeadCells />
            <th>等待时长</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((c) => (
            <tr key={c.callId} data-testid="realtime-call-row" data-call-id={c.callId}>
              <CallCells
                call={c}
                state={
                  c.answerTime === null ? (
                    <Tag intent={Intent.DANGER}>等待应答</Tag>
                  ) : (
                    <Tag intent={Intent.SUCCESS}>已接听</Tag>
                  )
                }
              />
              <td className="waiting">{waitedText(now - c.callTime)}</td>
              <td className="actions">
                <RowButton
                  code={Authority.iotCallRecordClean}
                  icon="clean"
                  text="清除"
                  onClick={() => void clean([c.callId])}
                />
              </td>
            </tr>
          ))}
          {calls.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                当前没有待处理的呼叫
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={cleaning}
        intent={Intent.WARNING}
        icon="clean"
        confirmButtonText="清除"
        cancelButtonText="取消"
        onCancel={() => setCleaning(false)}
        onConfirm={() => {
          setCleaning(false);
          void clean();
        }}
      >
        确定清除全部 {calls.length} 条实时呼叫吗？呼叫记录仍会保留。
      </Alert>
    </div>
  );
}
