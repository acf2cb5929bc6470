import {
  Button,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type AlarmComment,
  type AlarmRecord,
  AlarmStatus,
  alarmStatusName,
  HANDLE_PRESETS,
  placeText,
} from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { pathWith } from '../../domain/http.js';
import { alarmOffers } from '../../machines/alarmMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import type { AlarmActions } from './useAlarmActions.js';

export const clock = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });
const place = (a: AlarmRecord) => placeText(a) ?? '—';

export type DialogKind = 'handle' | 'ignore' | 'release';
export type Dialogs = { kind: DialogKind | 'detail'; record: AlarmRecord } | null;

/** 未处理 is not the whole truth of an open alarm someone has acknowledged (issue #19). */
export const statusText = (r: AlarmRecord) =>
  r.status === AlarmStatus.unhandled && r.ackTime !== null ? '已确认，处理中' : alarmStatusName[r.status];

/** The detail, or the dialog of one action, for a record of the console. */
export function AlarmDialogs({
  dialog,
  onDialog,
  actions,
}: {
  dialog: Dialogs;
  onDialog(next: Dialogs): void;
  actions: AlarmActions;
}) {
  const onClose = () => onDialog(null);
  if (!dialog) return null;
  if (dialog.kind === 'detail')
    return (
      <AlarmDetail
        record={dialog.record}
        onClose={onClose}
        actions={actions}
        onAction={(kind, record) => onDialog({ kind, record })}
      />
    );
  return <ActionDialog kind={dialog.kind} record={dialog.record} onClose={onClose} actions={actions} />;
}

/** 处理 (a note), 忽略 (a reason), 解除: Ctrl+Enter submits. */
function ActionDialog({
  kind,
  record: r,
  onClose,
  actions,
}: {
  kind: DialogKind;
  record: AlarmRecord;
  onClose(): void;
  actions: AlarmActions;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const needsNote = kind !== 'release';
  const ready = !needsNote || note.trim() !== '';
  const submit = (preset?: string) => {
    const text = (preset ?? note).trim();
    if ((needsNote && text === '') || busy) return;
    setBusy(true);
    const work =
      kind === 'handle'
        ? actions.handle(r, text)
        : kind === 'ignore'
          ? actions.ignore(r, note.trim())
          : actions.release(r);
    work.finally(() => {
      setBusy(false);
      onClose();
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };
  // handling an alarm nobody acknowledged acknowledges it too (the alarm machine records 确认时间)
  const unacked = r.ackTime === null;
  const title = {
    handle: unacked ? '确认并处理告警' : '处理告警',
    ignore: '忽略告警',
    release: '解除设备告警',
  }[kind];
  return (
    <Dialog isOpen title={title} onClose={onClose} icon="warning-sign">
      <DialogBody>
        <p>
          <strong>{r.alarmTypeName}</strong> · {r.oldmanName ?? r.deviceName} · {place(r)}
        </p>
        <p className="alarm-content">{r.content}</p>
        {kind === 'handle' ? (
          <FormGroup label="常用说明" labelInfo={unacked ? '（一键确认并处理）' : '（一键处理）'}>
            <div className="handle-presets" data-testid="handle-presets">
              {HANDLE_PRESETS.map((preset) => (
                <Button key={preset} small text={preset} disabled={busy} onClick={() => submit(preset)} />
              ))}
            </div>
          </FormGroup>
        ) : null}
        {needsNote ? (
          <FormGroup
            label={kind === 'handle' ? '处理说明' : '忽略原因'}
            labelFor="handle-note"
            labelInfo="（必填，Ctrl+Enter 提交）"
          >
            <TextArea
              id="handle-note"
              fill
              autoFocus
              value={note}
              maxLength={500}
              placeholder={kind === 'handle' ? '如：已到房间查看，长者安好' : '如：设备测试，非真实告警'}
              onChange={(e) => setNote(e.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
          </FormGroup>
        ) : (
          <p>确定解除该设备的告警吗？</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={kind === 'handle' && unacked ? '确认并处理' : '确定'}
              loading={busy}
              disabled={!ready}
              onClick={() => submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * 忽略所选 (one reason, required) or 解除所选: the selection's alarms in one call; Ctrl+Enter submits.
 * `onClose(true)` when the call was made.
 */
export function BatchDialog({
  kind,
  records,
  actions,
  onClose,
}: {
  kind: 'ignore' | 'release';
  records: readonly AlarmRecord[];
  actions: AlarmActions;
  onClose(done: boolean): void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = records.length > 0 && (kind === 'release' || reason.trim() !== '');
  const submit = () => {
    if (!ready || busy) return;
    setBusy(true);
    void actions
      .handleMany(
        kind,
        records.map((r) => r.recordId),
        reason.trim(),
      )
      .then((answer) => {
        setBusy(false);
        onClose(answer !== undefined);
      });
  };
  const shown = records.slice(0, 5);
  return (
    <Dialog
      isOpen
      title={
        kind === 'ignore' ? `忽略所选告警（${records.length} 条）` : `解除所选告警（${records.length} 条）`
      }
      onClose={() => onClose(false)}
      icon="warning-sign"
    >
      <DialogBody>
        <ul className="alarm-batch-list" data-testid="batch-records">
          {shown.map((r) => (
            <li key={r.recordId}>
              <strong>{r.alarmTypeName}</strong> · {r.oldmanName ?? r.deviceName} · {place(r)}
            </li>
          ))}
          {records.length > shown.length ? <li>…另有 {records.length - shown.length} 条</li> : null}
        </ul>
        {kind === 'ignore' ? (
          <FormGroup
            label="忽略原因"
            labelFor="batch-reason"
            labelInfo="（必填，对所选告警都适用，Ctrl+Enter 提交）"
          >
            <TextArea
              id="batch-reason"
              fill
              autoFocus
              value={reason}
              maxLength={500}
              placeholder="如：设备测试，非真实告警"
              onChange={(e) => setReason(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  submit();
                }
              }}
            />
          </FormGroup>
        ) : (
          <p>确定解除这些设备的告警吗？</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="确定" loading={busy} disabled={!ready} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * One record with its comments: status with who acknowledged it and when, the handling times, the
 * actions of an open alarm; Enter sends a comment.
 */
export function AlarmDetail({
  record,
  onClose,
  actions,
  onAction,
}: {
  record: AlarmRecord;
  onClose(): void;
  actions?: AlarmActions;
  onAction?(kind: DialogKind, record: AlarmRecord): void;
}) {
  const { request, toast } = useApp();
  const [detail, setDetail] = useState<(AlarmRecord & { comments: AlarmComment[] }) | null>(null);
  const [comment, setComment] = useState('');
  const commentBox = useRef<HTMLInputElement>(null);
  const load = () =>
    request<AlarmRecord & { comments: AlarmComment[] }>({
      url: pathWith(IotPaths.alarmDetail, { recordId: record.recordId }),
    }).then(setDetail, () => undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per record
  useEffect(() => {
    void load();
  }, [record.recordId]);
  const r = detail ?? record;
  const send = () => {
    if (!comment.trim()) return;
    request({
      url: IotPaths.alarmComment,
      method: 'POST',
      data: { recordId: record.recordId, content: comment.trim() },
    }).then(
      () => {
        setComment('');
        // the send button greys as the box empties: the focus goes back to the box (Esc still closes)
        commentBox.current?.focus();
        toast('备注已添加', 'success');
        void load();
      },
      () => undefined,
    );
  };
  const open =
    r.status === AlarmStatus.unhandled && actions !== undefined && actions.mayHandle(r) && onAction;
  return (
    <Dialog isOpen title="告警详情" onClose={onClose} icon="info-sign" style={{ width: 600 }}>
      <DialogBody>
        <HTMLTable compact className="detail-table" data-testid="alarm-detail">
          <tbody>
            <tr>
              <th>告警类型</th>
              <td>{r.alarmTypeName}</td>
              <th>状态</th>
              <td data-testid="detail-status">
                {statusText(r)}
                {r.escalated ? '（已升级）' : ''}
              </td>
            </tr>
            <tr>
              <th>长者</th>
              <td>{r.oldmanName ?? '—'}</td>
              <th>位置</th>
              <td>{place(r)}</td>
            </tr>
            <tr>
              <th>首次告警</th>
              <td>{clock(r.firstTime)}</td>
              <th>最近告警</th>
              <td>
                {clock(r.lastTime)}
                {r.count > 1 ? `（共 ${r.count} 次）` : ''}
              </td>
            </tr>
            <tr>
              <th>确认人</th>
              <td>{r.ackName ?? '—'}</td>
              <th>确认时间</th>
              <td>{r.ackTime === null ? '—' : clock(r.ackTime)}</td>
            </tr>
            <tr>
              <th>处理人</th>
              <td>{r.handlerName ?? '—'}</td>
              <th>处理时间</th>
              <td>{r.handleTime === null ? '—' : clock(r.handleTime)}</td>
            </tr>
            <tr>
              <th>{r.status === AlarmStatus.ignored ? '忽略原因' : '处理说明'}</th>
              <td colSpan={3}>{r.handleNote ?? '—'}</td>
            </tr>
          </tbody>
        </HTMLTable>
        <h4>备注</h4>
        <ul className="comments" data-testid="alarm-comments">
          {(detail?.comments ?? []).map((c) => (
            <li key={c.commentId}>
              <strong>{c.userName}</strong> {clock(c.createTime)}：{c.content}
            </li>
          ))}
        </ul>
        <InputGroup
          inputRef={commentBox}
          placeholder="添加备注，如：已通知家属（回车发送）"
          value={comment}
          maxLength={500}
          onChange={(e) => setComment(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          rightElement={
            <Button
              minimal
              icon="send-message"
              aria-label="发送备注"
              disabled={!comment.trim()}
              onClick={send}
            />
          }
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {open && alarmOffers(r, 'alarm.ack') ? (
              <Button
                intent={Intent.WARNING}
                text="确认"
                onClick={() => actions.ack(r).then(() => void load())}
              />
            ) : null}
            {open ? (
              <>
                <Button intent={Intent.PRIMARY} text="处理" onClick={() => onAction('handle', r)} />
                <Button text="忽略" onClick={() => onAction('ignore', r)} />
                <Button text="解除" onClick={() => onAction('release', r)} />
              </>
            ) : null}
            <Button text="关闭" onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}
