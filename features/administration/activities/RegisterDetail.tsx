import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { elderChoiceLabel } from '../../../domain/lookups.js';
import { OLDMAN_BASE } from '../../../domain/resources/oldman.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { activityWorkflow } from '../../../machines/activityMachine.js';
import { offers } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList } from '../../../src/resource/index.js';
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

/** 报名详情 (activityRegisterDetail?activityId=): the places, the registered elders, 报名. */
export function RegisterDetail() {
  const activityId = Number(usePage().query.activityId ?? 0);
  const canAdd = useAuthority(A.registerAdd);
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const { summary: s, error } = useActivitySummary(P.registerSummary, activityId, version);
  const open = s ? offers(activityWorkflow, s, 'activity.register') : false;
  return (
    <div className="page" data-testid="page-activity-register-detail">
      <ActivityHeader summary={s} error={error} back={S.activityRegister}>
        {canAdd ? (
          <Button
            intent={Intent.PRIMARY}
            icon="new-person"
            text="报名"
            disabled={!open || (s?.placesLeft ?? 0) <= 0}
            title={open ? undefined : '当前不在报名时间内'}
            onClick={() => setAdding(true)}
          />
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
        />
      ) : null}
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
