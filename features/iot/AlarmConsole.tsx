import {
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Tab,
  Tabs,
  TabsExpander,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  type AlarmComment,
  type AlarmRecord,
  type AlarmSource,
  alarmStatusName,
  placeText,
} from '../../domain/alarms.js';
import { IotPaths } from '../../domain/api/iot.js';
import { pathWith } from '../../domain/http.js';
import { Authority } from '../../domain/menus.js';
import { mattressAlarmRecordResource, pntAlarmRecordResource } from '../../domain/resources/iotRecords.js';
import { waitedText } from '../../domain/schedule.js';
import { alarmOffers } from '../../machines/alarmMachine.js';
import { useAnnouncerState } from '../../src/alarm/context.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { useRealtime, useStore } from '../../src/realtime/context.js';
import { useLiveness } from '../../src/realtime/useLiveness.js';
import { ResourceList } from '../../src/resource/index.js';
import { usePage } from '../../src/router/page.js';
import { HealthLight } from './HealthLight.js';
import { useNow } from './useNow.js';
import './iot.css';

const severityTag = {
  3: { text: '紧急', intent: Intent.DANGER },
  2: { text: '重要', intent: Intent.WARNING },
  1: { text: '一般', intent: Intent.PRIMARY },
} as const;

export const clock = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });
const place = (a: AlarmRecord) => placeText(a) ?? '—';

type Dialogs =
  | { kind: 'handle' | 'ignore' | 'release'; record: AlarmRecord }
  | { kind: 'detail'; record: AlarmRecord }
  | null;

/**
 * The live alarm console of one source (mattress: /yunmuIot/alarm, positioning: /yunmuIot/locateAlarm):
 * open alarms from the live store, most severe and oldest first, each with its waiting time; a latching
 * sound until acknowledged; acknowledge, handle, ignore and release; the history with filters and paging.
 */
export function AlarmConsole({ source }: { source: AlarmSource }) {
  {
    const [tab, setTab] = useState<'live' | 'history'>('live');
    return (
      <div className="page alarm-console" data-testid={`page-alarm-${source}`}>
        <Tabs
          id={`alarm-${source}`}
          selectedTabId={tab}
          onChange={(id) => setTab(id as 'live' | 'history')}
          renderActiveTabPanelOnly
          large
        >
          <Tab id="live" title="实时告警" panel={<LiveAlarms source={source} />} />
          <Tab id="history" title="历史记录" panel={<AlarmHistory source={source} />} />
          <TabsExpander />
          <Button
            variant="minimal"
            icon="desktop"
            text="大屏模式"
            data-testid="open-wall"
            onClick={() => window.open('/fullchart.html', 'fullchart')}
          />
          <HealthLight />
        </Tabs>
      </div>
    );
  }
}
export const MattressAlarms = () => <AlarmConsole source="mattress" />;
export const LocateAlarms = () => <AlarmConsole source="pnt" />;

function useAlarmActions(source: AlarmSource) {
  const { request, toast } = useApp();
  const canHandle = useAuthority(
    source === 'pnt' ? Authority.iotLocateAlarmHandle : Authority.iotAlarmHandle,
  );
  const run = (work: Promise<unknown>, done: string) =>
    work.then(
      () => toast(done, 'success'),
      () => undefined,
    );
  return {
    canHandle,
    ack: (r: AlarmRecord) =>
      run(request({ url: IotPaths.alarmAck, method: 'POST', data: { recordId: r.recordId } }), '已确认'),
    handle: (r: AlarmRecord, handleNote: string) =>
      run(
        request({
          url: IotPaths.alarmHandle,
          method: 'POST',
          data: { recordId: r.recordId, status: 3, handleNote },
        }),
        '已处理',
      ),
    ignore: (r: AlarmRecord) =>
      run(
        request({ url: IotPaths.alarmHandle, method: 'POST', data: { recordId: r.recordId, status: 2 } }),
        '已忽略',
      ),
    release: (r: AlarmRecord) =>
      run(
        request({
          url: IotPaths.alarmClose,
          method: 'DELETE',
          params: { recordId: r.recordId },
        }),
        '已解除',
      ),
  };
}

function LiveAlarms({ source }: { source: AlarmSource }) {
  const { alarms } = useRealtime();
  const view = useMemo(() => alarms.filter((a) => a.source === source && a.status === 0), [alarms, source]);
  const open = useStore(view);
  const now = useNow(1000);
  const actions = useAlarmActions(source);
  const [dialog, setDialog] = useState<Dialogs>(null);
  // the one sound of the console, for all the user's open alarms (src/alarm): shown here too
  const announced = useAnnouncerState();
  const sounding = announced?.sounding ?? false;
  const waitingAll = announced?.summary.waiting ?? 0;
  // ?recordId= (the header's indicator, a desktop notification): that alarm's detail, once
  const wanted = Number(usePage().query.recordId) || null;
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!wanted || shown.current === wanted) return;
    const record = open.find((a) => a.recordId === wanted);
    if (!record) return;
    shown.current = wanted;
    setDialog({ kind: 'detail', record });
  }, [wanted, open]);

  const { stale } = useLiveness();
  const unacked = open.filter((a) => a.ackTime === null).length;
  const escalated = open.filter((a) => a.escalated).length;
  return (
    <div>
      <div className="alarm-counters" data-testid="alarm-counters">
        <Tag large intent={open.length ? Intent.DANGER : Intent.SUCCESS} data-testid="count-open">
          未处理 {open.length}
        </Tag>
        <Tag large intent={unacked ? Intent.WARNING : Intent.NONE} data-testid="count-unacked">
          未确认 {unacked}
        </Tag>
        <Tag large minimal={!escalated} intent={escalated ? Intent.DANGER : Intent.NONE}>
          已升级 {escalated}
        </Tag>
        <span className="alarm-sound" data-testid="alarm-sound" data-sounding={sounding ? 'true' : 'false'}>
          {sounding
            ? '🔔 告警提示音播放中，确认后停止'
            : waitingAll
              ? '🔕 提示音已关闭（静音或该级别不响铃）'
              : '🔕 无待确认告警'}
        </span>
      </div>
      {open.length === 0 && stale ? (
        // never "no alarms" while the channels are down: alarms may be waiting that this console has not heard
        <Callout intent={Intent.DANGER} icon="offline" data-testid="alarms-unknown">
          连接中断，无法确认是否有新告警：恢复连接后自动更新
        </Callout>
      ) : open.length === 0 ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle" data-testid="no-open-alarms">
          当前没有未处理的告警
        </Callout>
      ) : (
        <HTMLTable className="alarm-table" striped interactive compact data-testid="live-alarms">
          <thead>
            <tr>
              <th>级别</th>
              <th>告警类型</th>
              <th>长者</th>
              <th>位置</th>
              <th>设备</th>
              <th>次数</th>
              <th>首次告警</th>
              <th>等待时长</th>
              <th>确认</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {open.map((a) => (
              <tr
                key={a.recordId}
                data-testid="alarm-row"
                data-record-id={a.recordId}
                className={a.ackTime === null ? 'alarm-unacked' : undefined}
              >
                <td>
                  <Tag intent={severityTag[a.severity as 1 | 2 | 3].intent}>
                    {severityTag[a.severity as 1 | 2 | 3].text}
                  </Tag>
                  {a.escalated ? (
                    <Tag minimal intent={Intent.DANGER} className="escalated">
                      已升级
                    </Tag>
                  ) : null}
                </td>
                <td>
                  <button
                    type="button"
                    className="linkish"
                    onClick={() => setDialog({ kind: 'detail', record: a })}
                  >
                    {a.alarmTypeName}
                  </button>
                  <div className="alarm-content">{a.content}</div>
                </td>
                <td>{a.oldmanName ?? '—'}</td>
                <td>{place(a)}</td>
                <td>{a.deviceName}</td>
                <td>{a.count}</td>
                <td>{clock(a.firstTime)}</td>
                <td className="waiting" data-testid="waiting">
                  {waitedText(now - a.firstTime)}
                </td>
                <td>
                  {a.ackTime === null ? (
                    <Tag intent={Intent.WARNING}>未确认</Tag>
                  ) : (
                    `${a.ackName ?? ''} ${clock(a.ackTime)}`
                  )}
                </td>
                <td>
                  {actions.canHandle ? (
                    <ButtonGroup minimal>
                      {alarmOffers(a, 'alarm.ack') ? (
                        <Button intent={Intent.WARNING} text="确认" onClick={() => actions.ack(a)} />
                      ) : null}
                      <Button
                        intent={Intent.PRIMARY}
                        text="处理"
                        onClick={() => setDialog({ kind: 'handle', record: a })}
                      />
                      <Button text="忽略" onClick={() => setDialog({ kind: 'ignore', record: a })} />
                      <Button text="解除" onClick={() => setDialog({ kind: 'release', record: a })} />
                    </ButtonGroup>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <AlarmDialogs dialog={dialog} onClose={() => setDialog(null)} actions={actions} />
    </div>
  );
}

function AlarmDialogs({
  dialog,
  onClose,
  actions,
}: {
  dialog: Dialogs;
  onClose(): void;
  actions: ReturnType<typeof useAlarmActions>;
}) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new dialog starts with an empty note
  useEffect(() => setNote(''), [dialog]);
  if (!dialog) return null;
  const r = dialog.record;
  const submit = (work: Promise<unknown>) => {
    setBusy(true);
    work.finally(() => {
      setBusy(false);
      onClose();
    });
  };
  if (dialog.kind === 'detail') return <AlarmDetail record={r} onClose={onClose} />;
  const title = { handle: '处理告警', ignore: '忽略告警', release: '解除设备告警' }[dialog.kind];
  return (
    <Dialog isOpen title={title} onClose={onClose} icon="warning-sign">
      <DialogBody>
        <p>
          <strong>{r.alarmTypeName}</strong> · {r.oldmanName ?? r.deviceName} · {place(r)}
        </p>
        <p className="alarm-content">{r.content}</p>
        {dialog.kind === 'handle' ? (
          <FormGroup label="处理说明" labelFor="handle-note" labelInfo="（必填）">
            <TextArea
              id="handle-note"
              fill
              autoFocus
              value={note}
              maxLength={500}
              placeholder="如：已到房间查看，长者安好"
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </FormGroup>
        ) : (
          <p>{dialog.kind === 'ignore' ? '确定忽略这条告警吗？' : '确定解除该设备的告警吗？'}</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="确定"
              loading={busy}
              disabled={dialog.kind === 'handle' && note.trim() === ''}
              onClick={() =>
                submit(
                  dialog.kind === 'handle'
                    ? actions.handle(r, note.trim())
                    : dialog.kind === 'ignore'
                      ? actions.ignore(r)
                      : actions.release(r),
                )
              }
            />
          </>
        }
      />
    </Dialog>
  );
}

/** One record with its comments; operators add a comment while the alarm is worked on. */
function AlarmDetail({ record, onClose }: { record: AlarmRecord; onClose(): void }) {
  const { request, toast } = useApp();
  const [detail, setDetail] = useState<(AlarmRecord & { comments: AlarmComment[] }) | null>(null);
  const [comment, setComment] = useState('');
  const load = () =>
    request<AlarmRecord & { comments: AlarmComment[] }>({
      url: pathWith(IotPaths.alarmDetail, { recordId: record.recordId }),
    }).then(setDetail, () => undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per record
  useEffect(() => {
    void load();
  }, [record.recordId]);
  const r = detail ?? record;
  return (
    <Dialog isOpen title="告警详情" onClose={onClose} icon="info-sign" style={{ width: 560 }}>
      <DialogBody>
        <HTMLTable compact className="detail-table">
          <tbody>
            <tr>
              <th>告警类型</th>
              <td>{r.alarmTypeName}</td>
              <th>状态</th>
              <td>{alarmStatusName[r.status]}</td>
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
              <td>{clock(r.lastTime)}</td>
            </tr>
            <tr>
              <th>处理人</th>
              <td>{r.handlerName ?? '—'}</td>
              <th>处理说明</th>
              <td>{r.handleNote ?? '—'}</td>
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
          placeholder="添加备注，如：已通知家属"
          value={comment}
          maxLength={500}
          onChange={(e) => setComment(e.currentTarget.value)}
          rightElement={
            <Button
              minimal
              icon="send-message"
              disabled={!comment.trim()}
              onClick={() =>
                request({
                  url: IotPaths.alarmComment,
                  method: 'POST',
                  data: { recordId: record.recordId, content: comment.trim() },
                }).then(
                  () => {
                    setComment('');
                    toast('备注已添加', 'success');
                    void load();
                  },
                  () => undefined,
                )
              }
            />
          }
        />
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={onClose} />} />
    </Dialog>
  );
}

/** The records of one source on the shared list (filters, paging, export, columns); a row opens its detail. */
function AlarmHistory({ source }: { source: AlarmSource }) {
  const def = source === 'pnt' ? pntAlarmRecordResource : mattressAlarmRecordResource;
  const [detail, setDetail] = useState<AlarmRecord | null>(null);
  return (
    <div data-testid="alarm-history">
      <ResourceList def={def} onOpen={(row) => setDetail(row as unknown as AlarmRecord)} />
      {detail ? <AlarmDetail record={detail} onClose={() => setDetail(null)} /> : null}
    </div>
  );
}
