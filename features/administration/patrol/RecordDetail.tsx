import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { PatrolAuthority as A, PointStatus } from '../../../domain/statuses/patrol.js';
import { patrolTaskWorkflow } from '../../../machines/patrolTaskMachine.js';
import { refusal } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { PatrolTaskPaths as P } from '../api/patrol.js';
import { patrolTaskPointResource } from '../resources/patrol.js';
import { pointStatusTag, resultTag, taskStatusTag } from './StatusTag.js';
import './patrol.css';

/** 异常: what was found, required (it becomes the alarm's content). */
function AbnormalDialog(props: {
  point: Row;
  onClose(): void;
  onSave(note: string): Promise<string | null>;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!note.trim()) return setError('请填写异常说明');
    setSaving(true);
    const failed = await props.onSave(note.trim());
    setSaving(false);
    if (failed) setError(failed);
  };
  return (
    <Dialog
      isOpen
      title={`巡更点异常：${String(props.point.pointName)}`}
      onClose={props.onClose}
      style={{ width: 480 }}
    >
      <DialogBody>
        {error ? (
          <Callout intent={Intent.DANGER} data-testid="patrol-abnormal-error">
            {error}
          </Callout>
        ) : null}
        <FormGroup label="异常说明" labelFor="patrol-abnormal-note" className="resource-required">
          <TextArea
            id="patrol-abnormal-note"
            fill
            maxLength={200}
            value={note}
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setError('');
            }}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={props.onClose} />
            <Button intent={Intent.DANGER} text="记录异常" loading={saving} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * 巡更记录详情 (patrolRecordDetail?taskId=): the task and its points in walking order; 正常 and
 * 异常 record a point while the task takes records (patrolTaskMachine). An abnormal point raises an
 * alarm in 告警中心.
 */
export function RecordDetail() {
  const taskId = Number(usePage().query.taskId ?? 0);
  const { request, toast } = useApp();
  const canRecord = useAuthority(A.recordPoint);
  const [version, setVersion] = useState(0);
  const [task, setTask] = useState<Row | null>(null);
  const [error, setError] = useState('');
  const [abnormal, setAbnormal] = useState<Row | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after each record
  useEffect(() => {
    if (!taskId) return;
    let live = true;
    request<Row>({ url: pathWith(P.recordOne, { id: taskId }), method: 'GET', silent: true }).then(
      (t) => live && setTask(t),
      (e: { message?: string }) => live && setError(e.message ?? '巡更任务不存在'),
    );
    return () => {
      live = false;
    };
  }, [request, taskId, version]);
  // why 正常 / 异常 are greyed, the server's words: the task no longer takes records, or the point has one
  const taskWhy = task
    ? refusal(patrolTaskWorkflow, task, 'patrol.record', '记录巡更点')
    : '正在读取巡更任务';
  const pointWhy = (point: Row): string | null =>
    taskWhy ||
    (Number(point.patrolStatus) !== PointStatus.none ? `巡更点“${String(point.pointName)}”已记录` : null);
  const record = async (point: Row, patrolStatus: 1 | 2, note?: string): Promise<string | null> => {
    try {
      await request({
        url: pathWith(P.recordPoint, { id: Number(point.taskPointPkId) }),
        method: 'PUT',
        data: { patrolStatus, note: note ?? null },
        silent: true,
      });
      toast(patrolStatus === PointStatus.abnormal ? '已记录异常，已生成告警' : '已记录正常', 'success');
      setAbnormal(null);
      setVersion((n) => n + 1);
      return null;
    } catch (e) {
      const message = (e as { message?: string }).message ?? '记录失败';
      if (patrolStatus === PointStatus.normal) toast(message, 'danger');
      setVersion((n) => n + 1);
      return message;
    }
  };
  return (
    <div className="page" data-testid="page-patrol-record-detail">
      {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
      {task ? (
        <div className="patrol-header">
          <h3 data-testid="patrol-plan-name">{String(task.planName)}</h3>
          <span data-testid="patrol-task-status">{taskStatusTag(task)}</span>
          {resultTag(task)}
          <span className="patrol-meta">
            {String(task.taskDate)} {String(task.startTime)}-{String(task.endTime)} · 已巡查{' '}
            {String(task.doneCount)}/{String(task.pointCount)}
          </span>
          <span className="patrol-gap" />
          <Button icon="arrow-left" text="返回" onClick={() => navigate(S.patrolRecord)} />
        </div>
      ) : null}
      {taskId ? (
        <ResourceList
          def={patrolTaskPointResource}
          routeName={S.patrolRecordDetail}
          fixedParams={{ taskId }}
          refreshKey={version}
          canOpen={false}
          cells={{ patrolStatus: pointStatusTag }}
          emptyText="该任务没有巡更点"
          actionsWidth={130}
          rowActions={(row) =>
            canRecord ? (
              <>
                {rowButton(
                  '正常',
                  () => void record(row, PointStatus.normal),
                  false,
                  !!pointWhy(row),
                  pointWhy(row),
                )}
                {rowButton('异常', () => setAbnormal(row), true, !!pointWhy(row), pointWhy(row))}
              </>
            ) : null
          }
        />
      ) : null}
      {abnormal ? (
        <AbnormalDialog
          point={abnormal}
          onClose={() => setAbnormal(null)}
          onSave={(note) => record(abnormal, PointStatus.abnormal, note)}
        />
      ) : null}
    </div>
  );
}
