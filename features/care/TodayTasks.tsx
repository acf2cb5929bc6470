import { Button, Callout, Card, DialogBody, DialogFooter, NonIdealState, Tag } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { auditTime, merge } from 'rxjs';
import { dictLabel } from '../../domain/dictionaries.js';
import { CareAuthority, TaskStatus } from '../../domain/statuses/care.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { useOptionalRealtime } from '../../src/realtime/context.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ReasonChoice } from '../../src/ui/ReasonChoice.js';
import { CarePaths, type TodayTask, type TodayTasksAnswer } from './api/care.js';
import { CareHealthAuthority, type SignValues, signKindLabels } from './api/careHealth.js';
import { type SignTexts, SignValueInputs, signValuesOf, VitalsDialog } from './health/VitalsForm.js';
import './care.css';

/** Reasons nurses give most often; any other is typed. */
const COMMON_REASONS = ['长者拒绝', '长者睡眠中', '长者外出就医', '物品不足', '病情变化遵医嘱暂停'];

const statusIntent = (t: TodayTask) =>
  t.taskStatus === TaskStatus.done
    ? 'success'
    : t.taskStatus === TaskStatus.missed
      ? 'warning'
      : t.taskStatus === TaskStatus.cancelled
        ? 'none'
        : t.overdue
          ? 'danger'
          : 'primary';

/**
 * 今日护理任务 (/careplan/tasks/today): the nurse's tablet screen (1280 px, fingers): the floors with
 * what is left on each, then the chosen floor's tasks room by room, with 完成 and 未完成 (a reason
 * required) on each. It loads again whenever the push channel says the department's tasks changed.
 */
export function TodayTasks() {
  const { request, toast } = useApp();
  const realtime = useOptionalRealtime();
  const mayDo = useAuthority(CareAuthority.taskDo);
  const [floorId, setFloorId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<TodayTasksAnswer | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const [missing, setMissing] = useState<TodayTask | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  /** A measuring task being done: its value is asked for first. */
  const [measuring, setMeasuring] = useState<TodayTask | null>(null);
  const [measureTexts, setMeasureTexts] = useState<SignTexts>({});
  const [measureError, setMeasureError] = useState('');
  /** The elder whose readings are being entered (录入体征). */
  const [entering, setEntering] = useState<{ oldmanId: number; oldmanName: string } | null>(null);
  const mayEnter = useAuthority(CareHealthAuthority.signsEdit);
  usePageRefresh(() => setVersion((v) => v + 1));

  useEffect(() => {
    if (!realtime) return;
    // a burst of task changes (a whole floor's round) reloads the list once a second at most
    const sub = merge(realtime.careTasks$, realtime.reconnects$)
      .pipe(auditTime(1000))
      .subscribe(() => setVersion((v) => v + 1));
    return () => sub.unsubscribe();
  }, [realtime]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let live = true;
    request<TodayTasksAnswer>({
      url: CarePaths.taskToday,
      params: floorId ? { floorId } : {},
      silent: true,
    }).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setError('');
      },
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, floorId, version]);

  const rooms = useMemo(() => {
    const byRoom = new Map<string, TodayTask[]>();
    for (const t of answer?.list ?? []) {
      const key = t.roomName ?? '未分配房间';
      byRoom.set(key, [...(byRoom.get(key) ?? []), t]);
    }
    return [...byRoom.entries()];
  }, [answer]);
  const shownFloor = floorId ?? answer?.list[0]?.floorId ?? answer?.floors[0]?.floorId ?? null;

  const act = async (task: TodayTask, event: 'task.done' | 'task.miss', why?: string, signs?: SignValues) => {
    setBusy(true);
    try {
      await request({
        url: CarePaths.taskProject,
        method: 'PUT',
        data: { taskId: task.taskId, event, ...(why ? { reason: why } : {}), ...(signs ? { signs } : {}) },
        silent: true,
      });
      toast(
        event === 'task.done' ? `已完成：${task.oldmanName} ${task.projectName}` : '已记录未完成',
        'success',
      );
      setMissing(null);
      setReason('');
      setMeasuring(null);
    } catch (e) {
      const message = (e as { message?: string }).message ?? '操作失败';
      // a refused value is said in the measuring dialog, which stays open to correct it
      if (signs) setMeasureError(message);
      else toast(message, 'danger');
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };

  return (
    <div className="page care-today" data-testid="page-today-tasks">
      <div className="care-today-head">
        <h2>今日护理任务 · {answer?.taskDate ?? ''}</h2>
        <Button large icon="refresh" text="刷新" onClick={() => setVersion((v) => v + 1)} />
      </div>
      {error ? <Callout intent="danger">{error}</Callout> : null}
      <div className="care-floors" role="tablist" aria-label="楼层">
        {(answer?.floors ?? []).map((f) => (
          <Button
            key={f.floorId}
            large
            role="tab"
            aria-selected={f.floorId === shownFloor}
            intent={f.floorId === shownFloor ? 'primary' : 'none'}
            onClick={() => setFloorId(f.floorId)}
            data-testid="care-floor"
          >
            {f.floorName}{' '}
            <Tag round minimal={f.floorId !== shownFloor}>
              待执行 {f.pending}
            </Tag>
          </Button>
        ))}
      </div>
      {answer && !answer.list.length ? <NonIdealState icon="tick-circle" title="今日暂无护理任务" /> : null}
      {rooms.map(([room, tasks]) => (
        <Card key={room} className="care-room" data-testid="care-room">
          <div className="care-room-head">
            <h3>{room}</h3>
            {mayEnter
              ? [...new Map(tasks.map((t) => [t.oldmanId, t.oldmanName])).entries()].map(
                  ([oldmanId, oldmanName]) => (
                    <Button
                      key={oldmanId}
                      icon="pulse"
                      text={`录入体征 ${oldmanName}`}
                      onClick={() => setEntering({ oldmanId, oldmanName })}
                    />
                  ),
                )
              : null}
          </div>
          {tasks.map((t) => (
            <div
              key={t.taskId}
              className={`care-task${t.overdue ? ' overdue' : ''}`}
              data-testid="care-task"
              data-task-id={t.taskId}
              data-status={t.taskStatus}
            >
              <span className="care-slot">{t.slot}</span>
              <span className="care-who">
                <strong>{t.oldmanName}</strong>
                <span className="muted"> {t.bedName ?? ''}</span>
              </span>
              <span className="care-project">{t.projectName}</span>
              <Tag large intent={statusIntent(t)} minimal={t.taskStatus !== TaskStatus.pending || !t.overdue}>
                {t.taskStatus === TaskStatus.pending && t.overdue
                  ? '已超时'
                  : dictLabel('nursingTaskStatus', t.taskStatus)}
                {t.reason ? `（${t.reason}）` : ''}
              </Tag>
              {t.taskStatus === TaskStatus.pending && mayDo ? (
                <span className="care-actions">
                  <Button
                    large
                    intent="success"
                    icon="tick"
                    text="完成"
                    disabled={busy}
                    aria-label={`完成 ${t.oldmanName} ${t.projectName} ${t.slot}`}
                    onClick={() => {
                      if (!t.measure) return act(t, 'task.done');
                      setMeasureTexts({});
                      setMeasureError('');
                      setMeasuring(t);
                    }}
                  />
                  <Button
                    large
                    intent="warning"
                    icon="cross"
                    text="未完成"
                    disabled={busy}
                    aria-label={`未完成 ${t.oldmanName} ${t.projectName} ${t.slot}`}
                    onClick={() => setMissing(t)}
                  />
                </span>
              ) : (
                <span className="care-actions" />
              )}
            </div>
          ))}
        </Card>
      ))}
      <Dialog
        isOpen={measuring !== null}
        onClose={() => setMeasuring(null)}
        title={measuring ? `完成：${measuring.oldmanName} ${measuring.projectName}（${measuring.slot}）` : ''}
        className="care-measure-dialog"
      >
        <DialogBody>
          <p>
            请填写测得的{measuring?.measure ? signKindLabels[measuring.measure] : ''}
            （必填），完成后记入长者的体征记录：
          </p>
          {measuring?.measure ? (
            <SignValueInputs kinds={[measuring.measure]} texts={measureTexts} onChange={setMeasureTexts} />
          ) : null}
          {measureError ? (
            <Callout intent="danger" role="alert">
              {measureError}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button large text="取消" onClick={() => setMeasuring(null)} />
              <Button
                large
                intent="success"
                text="确定完成"
                disabled={
                  busy ||
                  !measuring?.measure ||
                  !Object.keys(signValuesOf(measureTexts, [measuring.measure])).length
                }
                onClick={() => {
                  if (!measuring?.measure) return;
                  setMeasureError('');
                  void act(
                    measuring,
                    'task.done',
                    undefined,
                    signValuesOf(measureTexts, [measuring.measure]),
                  );
                }}
              />
            </>
          }
        />
      </Dialog>
      <VitalsDialog isOpen={entering !== null} elder={entering} onClose={() => setEntering(null)} />
      <Dialog
        isOpen={missing !== null}
        onClose={() => setMissing(null)}
        title={missing ? `未完成：${missing.oldmanName} ${missing.projectName}（${missing.slot}）` : ''}
        className="care-miss-dialog"
      >
        <DialogBody>
          <ReasonChoice
            label="未完成原因"
            reasons={COMMON_REASONS}
            value={reason}
            onChange={setReason}
            className="care-reasons"
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button large text="取消" onClick={() => setMissing(null)} />
              <Button
                large
                intent="warning"
                text="确定未完成"
                disabled={!reason.trim() || busy}
                onClick={() => missing && act(missing, 'task.miss', reason.trim())}
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
