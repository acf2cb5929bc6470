import {
  Alert,
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { elderChoiceLabel } from '../../../domain/lookups.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { activityWorkflow, activityEvents as E } from '../../../machines/activityMachine.js';
import { refusal } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowName, workflowButton } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { ActivityAuthority as A, ActivityPaths as P } from '../api/activities.js';
import { activityRegisterResource } from '../resources/activities.js';
import { ActivityHeader, Figures } from './ActivityHeader.js';
import { useActivitySummary } from './useActivitySummary.js';

type Elder = Record<string, unknown>;

/**
 * 报名: a resident of the activity's department not registered yet (the server checks the same
 * and keeps the count within the places).
 */
function RegisterDialog(props: { activityId: number; deptId: number; onClose(): void; onDone(): void }) {
  const { request, toast } = useApp();
  const [oldmanId, setOldmanId] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const [choices, setChoices] = useState<Elder[] | null>(null);
  useEffect(() => {
    Promise.all([
      request<{ list: Elder[] }>({
        url: OLDMAN_BASE,
        params: {
          pageHelper: 0,
          oldmanStatuses: '1,4',
          deptId: props.deptId,
          sortField: 'oldmanName',
          sortOrder: 'asc',
        },
        silent: true,
      }),
      request<Elder[]>({ url: pathWith(P.registersOf, { id: props.activityId }), silent: true }),
    ]).then(
      ([elders, registered]) => {
        const taken = new Set(registered.map((r) => Number(r.oldmanId)));
        setChoices(elders.list.filter((e) => !taken.has(Number(e.oldmanId))));
      },
      (e: { message?: string }) => setError(e.message ?? '长者加载失败'),
    );
  }, [request, props.activityId, props.deptId]);
  const save = () => {
    if (!oldmanId) return setError('请选择长者');
    setSaving(true);
    request({
      url: P.registers,
      method: 'PUT',
      data: { activityId: props.activityId, oldmanId: Number(oldmanId) },
      silent: true,
    })
      .then(
        () => {
          toast('报名成功', 'success');
          props.onDone();
        },
        (e: { message?: string }) => setError(e.message ?? '报名失败'),
      )
      .finally(() => setSaving(false));
  };
  return (
    <Dialog isOpen title="活动报名" icon="new-person" onClose={props.onClose} style={{ width: 480 }}>
      <DialogBody>
        {error ? (
          <Callout intent={Intent.DANGER} data-testid="register-error">
            {error}
          </Callout>
        ) : null}
        <FormGroup label="长者" labelFor="activity-register-elder" className="resource-required">
          <HTMLSelect
            id="activity-register-elder"
            fill
            value={oldmanId}
            disabled={saving || !choices}
            onChange={(e) => {
              setOldmanId(e.currentTarget.value);
              setError('');
            }}
            options={[
              { value: '', label: choices ? `请选择长者（可报名 ${choices.length} 人）` : '加载中…' },
              ...(choices ?? []).map((e) => ({ value: String(e.oldmanId), label: elderChoiceLabel(e) })),
            ]}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={props.onClose} />
            <Button intent={Intent.PRIMARY} text="确定报名" loading={saving} onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * 报名详情 (activityRegisterDetail?activityId=): the places, the registered elders, 报名, and 取消报名
 * of each before the start. A greyed 报名 says why beside it (名额已满, 当前状态为…).
 */
export function RegisterDetail() {
  const activityId = Number(usePage().query.activityId ?? 0);
  const canAdd = useAuthority(A.registerAdd);
  const { request, toast } = useApp();
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<Row | null>(null);
  const { summary: s, error } = useActivitySummary(P.registerSummary, activityId, version);
  const why = s ? refusal(activityWorkflow, s, 'activity.register', E['activity.register'].label) : '加载中';
  const unregister = async (row: Row) => {
    setLeaving(null);
    try {
      await request({
        url: P.unregister,
        method: 'PUT',
        data: { activityId, oldmanId: Number(row.oldmanId) },
        silent: true,
      });
      toast('已取消报名', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '取消报名失败', 'danger');
    }
    setVersion((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-activity-register-detail">
      <ActivityHeader summary={s} error={error} back={S.activityRegister}>
        {canAdd ? (
          <>
            {why && s ? (
              <span className="activity-why" id="activity-register-why">
                {why}
              </span>
            ) : null}
            <Button
              intent={Intent.PRIMARY}
              icon="new-person"
              text={E['activity.register'].label}
              disabled={why !== null}
              title={why ?? undefined}
              aria-describedby={why && s ? 'activity-register-why' : undefined}
              onClick={() => setAdding(true)}
            />
          </>
        ) : null}
      </ActivityHeader>
      {s ? (
        <Figures
          items={[
            ['名额', s.capacity],
            ['已报名', s.registerCount, 'activity-registered'],
            ['剩余名额', s.placesLeft, 'activity-places-left'],
          ]}
        />
      ) : null}
      {activityId ? (
        <ResourceList
          def={activityRegisterResource}
          routeName={S.activityRegisterDetail}
          fixedParams={{ activityId }}
          refreshKey={version}
          canOpen={false}
          emptyText="暂无长者报名"
          actionsWidth={120}
          rowActions={(row) =>
            canAdd && s
              ? workflowButton(
                  activityWorkflow,
                  s,
                  'activity.unregister',
                  E['activity.unregister'].label,
                  () => setLeaving(row),
                  true,
                )
              : null
          }
        />
      ) : null}
      <Alert
        isOpen={leaving !== null}
        intent={Intent.DANGER}
        confirmButtonText={E['activity.unregister'].label}
        cancelButtonText="返回"
        onCancel={() => setLeaving(null)}
        onConfirm={() => leaving && void unregister(leaving)}
      >
        {leaving && rowName(activityRegisterResource, leaving)
          ? `确定取消“${rowName(activityRegisterResource, leaving)}”的报名吗？`
          : '确定取消该长者的报名吗？'}
        名额将释放给其他长者。
      </Alert>
      {adding ? (
        <RegisterDialog
          activityId={activityId}
          deptId={Number(s?.deptId ?? 0)}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
