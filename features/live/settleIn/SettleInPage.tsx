import { Button, Callout, Card, FormGroup, H2, HTMLSelect, Intent, NonIdealState } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { dictLabel } from '../../../domain/dictionaries.js';
import { elderChoiceLabel } from '../../../domain/lookups.js';
import { LiveStatus, ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { residenceEvents } from '../../../machines/residenceMachine.js';
import {
  isDay,
  restoreSettleIn,
  type SettleInContext,
  type SettleInKind,
  settleInMachine,
  settleInSteps,
} from '../../../machines/settleInMachine.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ChoiceSelect } from '../../../src/ui/ChoiceSelect.js';
import { DayInput } from '../../../src/ui/dates/index.js';
import { session } from '../../../src/util/storage.js';
import { BedPicker } from '../residence/BedPicker.js';
import { useDeptMoveConfirm } from '../residence/deptMoveConfirm.js';
import { today, useElders, useRooms } from '../residence/queries.js';

/** A bed's full name from the rooms list: 1号楼 1层 1103-2床. */
function useBedNames() {
  const { data: rooms } = useRooms();
  return useMemo(() => {
    const names = new Map<number, string>();
    for (const r of rooms)
      for (const b of r.beds) names.set(b.bedId, `${r.buildingName}${r.floorName}${r.roomName}-${b.bedName}`);
    return names;
  }, [rooms]);
}

const kindLabel = (kind: SettleInKind) => residenceEvents[kind].label;

/**
 * 入住办理 (settleIn.html): a waiting or reserved elder is moved into a bed in four steps; what is
 * filled in survives a reload of the page (session storage `settleIn`).
 */
export function SettleInPage() {
  const { request } = useApp();
  const deptMove = useDeptMoveConfirm();
  const askDeptMove = deptMove.run;
  // 确认办理: the residence change, refused by the server (its residence machine) when it may not
  // happen; one into a bed of another department asks first (取消 returns to 确认 with no message)
  const machine = useMemo(
    () =>
      settleInMachine.provide({
        actors: {
          checkIn: fromPromise<void, SettleInContext>(async ({ input }) => {
            if (input.oldmanId === null || input.bedId === null) throw new Error('请先选择长者和床位');
            const { oldmanId, bedId, date, kind } = input;
            await askDeptMove((confirmDeptMove) =>
              request({
                url: residencePath(ResidencePaths.status, {
                  oldmanId,
                  oldmanStatusNew: residenceEvents[kind].to,
                }),
                method: 'PUT',
                data: { bedId, date, note: '入住办理', confirmDeptMove },
                silent: true,
              }),
            );
          }),
        },
      }),
    [request, askDeptMove],
  );
  const actor = useActorRef(machine, {
    input: { today: today() },
    snapshot: restoreSettleIn(session.get('settleIn')),
  });
  const step = useSelector(actor, (s) => String(s.value));
  const ctx = useSelector(actor, (s) => s.context);
  useEffect(() => {
    const keep = actor.subscribe((s) => session.set('settleIn', { step: s.value, context: s.context }));
    return () => keep.unsubscribe();
  }, [actor]);
  const canNext = useSelector(actor, (s) => s.can({ type: 'settleIn.next' }));
  const { elders, error: eldersError } = useElders(
    [LiveStatus.waiting, LiveStatus.reserved],
    step === 'elder',
  );
  const bedNames = useBedNames();
  const shownStep = step === 'submitting' ? 'confirm' : step;
  const current = settleInSteps.findIndex((s) => s.state === shownStep);
  const bedName = ctx.bedId === null ? '' : (bedNames.get(ctx.bedId) ?? ctx.bedName);

  return (
    <div className="settle-in" data-testid="settle-in">
      <header className="settle-in-head">
        <H2>入住办理</H2>
        <ol className="settle-in-steps" aria-label="办理步骤">
          {settleInSteps.map((s, i) => (
            <li
              key={s.state}
              aria-current={i === current ? 'step' : undefined}
              className={i < current ? 'passed' : i === current ? 'current' : ''}
            >
              {i + 1}. {s.label}
            </li>
          ))}
        </ol>
      </header>
      <Card className="settle-in-card">
        {shownStep === 'elder' ? (
          <section aria-label="选择长者">
            {eldersError ? <Callout intent={Intent.DANGER}>{eldersError}</Callout> : null}
            {elders.length === 0 && !eldersError ? (
              <NonIdealState
                icon="people"
                title="没有待入住或已预订的长者"
                description="请先在长者档案或咨询登记中登记长者"
              />
            ) : (
              <FormGroup label="长者（待入住、已预订）" labelFor="settle-elder">
                <ChoiceSelect
                  id="settle-elder"
                  label="长者（待入住、已预订）"
                  choices={elders.map((e) => ({
                    value: e.oldmanId,
                    label: `${elderChoiceLabel(e)} · ${dictLabel('liveStatus', e.oldmanStatus)}`,
                  }))}
                  value={ctx.oldmanId === null ? '' : String(ctx.oldmanId)}
                  filterHint="输入姓名筛选"
                  onChange={(v) => {
                    const e = elders.find((x) => String(x.oldmanId) === v);
                    if (e)
                      actor.send({
                        type: 'settleIn.pickElder',
                        oldmanId: e.oldmanId,
                        oldmanName: e.oldmanName,
                        reservedBedId: e.oldmanStatus === LiveStatus.reserved ? e.bedId : null,
                      });
                  }}
                />
              </FormGroup>
            )}
          </section>
        ) : null}
        {shownStep === 'bed' ? (
          <section aria-label="床位与日期">
            <p>
              长者：<b data-testid="settle-elder">{ctx.oldmanName}</b>
              {ctx.reservedBedId !== null ? '（已预订床位，可更换）' : ''}
            </p>
            <BedPicker
              value={ctx.bedId}
              ownBedId={ctx.reservedBedId}
              onChange={(bedId) =>
                actor.send({
                  type: 'settleIn.pickBed',
                  bedId,
                  bedName: bedId === null ? '' : (bedNames.get(bedId) ?? ''),
                })
              }
            />
            <FormGroup label="办理方式" labelFor="settle-kind" inline>
              <HTMLSelect
                id="settle-kind"
                value={ctx.kind}
                onChange={(e) =>
                  actor.send({ type: 'settleIn.setKind', kind: e.currentTarget.value as SettleInKind })
                }
              >
                <option value="CHECK_IN">{kindLabel('CHECK_IN')}</option>
                <option value="TRIAL">{kindLabel('TRIAL')}</option>
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label="入住日期"
              labelFor="settle-date"
              inline
              intent={isDay(ctx.date) ? Intent.NONE : Intent.DANGER}
              helperText={isDay(ctx.date) ? undefined : '请输入日期，如 2026-11-26'}
            >
              <DayInput
                id="settle-date"
                value={ctx.date}
                onChange={(date) => actor.send({ type: 'settleIn.setDate', date })}
              />
            </FormGroup>
          </section>
        ) : null}
        {shownStep === 'confirm' ? (
          <section aria-label="确认办理">
            <dl className="settle-in-summary" data-testid="settle-summary">
              <dt>长者</dt>
              <dd>{ctx.oldmanName}</dd>
              <dt>床位</dt>
              <dd>{bedName}</dd>
              <dt>办理方式</dt>
              <dd>{kindLabel(ctx.kind)}</dd>
              <dt>入住日期</dt>
              <dd>{ctx.date}</dd>
            </dl>
            {ctx.error ? (
              <Callout intent={Intent.DANGER} title="办理失败" data-testid="settle-error">
                {ctx.error}
              </Callout>
            ) : null}
          </section>
        ) : null}
        {shownStep === 'done' ? (
          <NonIdealState
            icon="tick-circle"
            title={`${ctx.oldmanName} 已${kindLabel(ctx.kind)}`}
            description={`${bedName}，${ctx.date} 起`}
            action={
              <div className="settle-in-after">
                <Button
                  intent={Intent.PRIMARY}
                  text="办理下一位"
                  onClick={() => actor.send({ type: 'settleIn.restart' })}
                />
                <a
                  className="bp6-button"
                  href={`/index.html#/expense/accountDetail?oldmanId=${ctx.oldmanId ?? ''}`}
                  target="_blank"
                  rel="noopener"
                >
                  收取押金与预存款
                </a>
              </div>
            }
          />
        ) : null}
      </Card>
      {shownStep !== 'done' ? (
        <footer className="settle-in-actions">
          {shownStep !== 'elder' ? (
            <Button text="上一步" icon="arrow-left" onClick={() => actor.send({ type: 'settleIn.back' })} />
          ) : null}
          {shownStep === 'confirm' ? (
            <Button
              intent={Intent.PRIMARY}
              icon="log-in"
              text={`确认${kindLabel(ctx.kind)}`}
              loading={step === 'submitting'}
              onClick={() => actor.send({ type: 'settleIn.submit' })}
            />
          ) : (
            <Button
              intent={Intent.PRIMARY}
              rightIcon="arrow-right"
              text="下一步"
              disabled={!canNext}
              onClick={() => actor.send({ type: 'settleIn.next' })}
            />
          )}
        </footer>
      ) : null}
      {deptMove.dialog}
    </div>
  );
}
