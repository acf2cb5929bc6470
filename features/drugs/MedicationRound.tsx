import {
  Button,
  Callout,
  Card,
  DialogBody,
  DialogFooter,
  InputGroup,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { DoseState } from '../../domain/statuses/drugs.js';
import { medicationDoseWorkflow } from '../../machines/medicationDoseMachine.js';
import { offers } from '../../machines/workflow.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ReasonChoice } from '../../src/ui/ReasonChoice.js';
import { DrugAuthority, DrugApi as P, type RoundAnswer, type RoundDose } from './api.js';
import './round.css';

/** Reasons nurses give most often; any other is typed. */
const REASONS = {
  'dose.refuse': ['长者拒绝服药', '吞咽困难', '恶心呕吐'],
  'dose.hold': ['长者睡眠中', '长者外出', '遵医嘱暂停', '禁食检查'],
} as const;
type ReasonEvent = keyof typeof REASONS;
const reasonVerb: Record<ReasonEvent, string> = { 'dose.refuse': '拒服', 'dose.hold': '暂停' };

const stateIntent = (d: RoundDose) =>
  d.doseState === DoseState.given
    ? 'success'
    : d.doseState === DoseState.refused
      ? 'danger'
      : d.doseState === DoseState.held
        ? 'warning'
        : 'primary';

/** 张秀英 阿司匹林肠溶片 08:00: what names a dose on its buttons and dialogs. */
const doseName = (d: RoundDose) => `${d.oldmanName} ${d.drugName} ${d.slot}`;

/**
 * 今日用药 (/drug/round): the nurse's medication round on a tablet, as 今日护理任务 is: the floors
 * with the doses still 待服 on each, then the chosen floor's doses room by room — who, which drug, how
 * much by the schedule, what is left in custody — with 已服 (the quantity, the schedule's unless
 * changed), 拒服 and 暂停 (a reason required). A dose given in another quantity is flagged.
 */
export function MedicationRound() {
  const { request, toast } = useApp();
  const mayDo = useAuthority(DrugAuthority.roundDo);
  const [floorId, setFloorId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<RoundAnswer | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  /** The dose being given, and the quantity typed. */
  const [giving, setGiving] = useState<RoundDose | null>(null);
  const [quantity, setQuantity] = useState('');
  const [giveError, setGiveError] = useState('');
  /** The dose being refused or held, and why. */
  const [asking, setAsking] = useState<{ dose: RoundDose; event: ReasonEvent } | null>(null);
  const [reason, setReason] = useState('');
  usePageRefresh(() => setVersion((v) => v + 1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let live = true;
    request<RoundAnswer>({ url: P.round, params: floorId ? { floorId } : {}, silent: true }).then(
      (a) => {
        if (!live) return;
        setAnswer(a);
        setError('');
        // the first floor with doses opens when none was chosen
        if (floorId === null && a.floors[0]) setFloorId(a.floors[0].floorId);
      },
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, floorId, version]);

  const shownFloor = floorId ?? answer?.floors[0]?.floorId ?? null;
  const rooms = useMemo(() => {
    const byRoom = new Map<string, RoundDose[]>();
    for (const d of answer?.list ?? []) {
      if (shownFloor !== null && d.floorId !== shownFloor) continue;
      const key = d.roomName ?? '未分配房间';
      byRoom.set(key, [...(byRoom.get(key) ?? []), d]);
    }
    return [...byRoom.entries()];
  }, [answer, shownFloor]);

  const record = async (dose: RoundDose, data: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await request({
        url: P.roundDose,
        method: 'PUT',
        data: { setId: dose.setId, roundDate: dose.roundDate, slot: dose.slot, ...data },
        silent: true,
      });
      toast(done, 'success');
      setGiving(null);
      setAsking(null);
      setReason('');
      return true;
    } catch (e) {
      const message = (e as { message?: string }).message ?? '操作失败';
      if (data.event === 'dose.give') setGiveError(message);
      else toast(message, 'danger');
      return false;
    } finally {
      setBusy(false);
      setVersion((v) => v + 1);
    }
  };

  const typed = Number(quantity);
  const quantityOk = /^\d+$/.test(quantity.trim()) && typed >= 1;

  return (
    <div className="page drug-round" data-testid="page-medication-round">
      <div className="drug-round-head">
        <h2>今日用药 · {answer?.roundDate ?? ''}</h2>
        <Button large icon="refresh" text="刷新" onClick={() => setVersion((v) => v + 1)} />
      </div>
      {error ? <Callout intent="danger">{error}</Callout> : null}
      <div className="drug-round-floors" role="tablist" aria-label="楼层">
        {(answer?.floors ?? []).map((f) => (
          <Button
            key={f.floorId}
            large
            role="tab"
            aria-selected={f.floorId === shownFloor}
            intent={f.floorId === shownFloor ? 'primary' : 'none'}
            onClick={() => setFloorId(f.floorId)}
          >
            {f.floorName}{' '}
            <Tag round minimal={f.floorId !== shownFloor}>
              待服 {f.pending}
            </Tag>
          </Button>
        ))}
      </div>
      {answer && !rooms.length ? <NonIdealState icon="tick-circle" title="今日暂无应服药品" /> : null}
      {rooms.map(([room, doses]) => (
        <Card key={room} className="drug-round-room" data-testid="drug-round-room">
          <h3>{room}</h3>
          {doses.map((d) => {
            const pending = offers(medicationDoseWorkflow, d, 'dose.give');
            return (
              <div
                key={`${d.setId}|${d.slot}`}
                className="drug-dose"
                data-testid="drug-dose"
                data-dose={doseName(d)}
                data-state={d.doseState}
              >
                <span className="drug-dose-slot">{d.slot}</span>
                <span>
                  <strong>{d.oldmanName}</strong>
                  <span className="muted"> {d.bedName ?? ''}</span>
                </span>
                <span>
                  {d.drugName}
                  {d.drugSpec ? <span className="muted">（{d.drugSpec}）</span> : null}
                </span>
                <span className="drug-dose-amount" data-testid="dose-amount">
                  每次 {d.dose}
                  {d.unit}
                </span>
                <span
                  className={`drug-dose-rest${d.restQuantity < d.dose ? ' low' : ''}`}
                  data-testid="dose-rest"
                >
                  余 {d.restQuantity}
                  {d.unit}
                </span>
                <span className="drug-dose-state">
                  <Tag large intent={stateIntent(d)} minimal={!pending} data-testid="dose-state">
                    {dictLabel('drugDoseState', d.doseState)}
                    {d.doseState === DoseState.given && d.quantity !== null ? ` ${d.quantity}${d.unit}` : ''}
                    {d.reason ? `（${d.reason}）` : ''}
                  </Tag>
                  {d.differs ? (
                    <Tag large intent="danger" icon="warning-sign" data-testid="dose-differs">
                      与设置不同（应为{d.plannedQuantity ?? d.dose}
                      {d.unit}）
                    </Tag>
                  ) : null}
                </span>
                {pending && mayDo ? (
                  <span className="drug-dose-actions">
                    <Button
                      large
                      intent="success"
                      icon="tick"
                      text="已服"
                      disabled={busy}
                      aria-label={`已服 ${doseName(d)}`}
                      onClick={() => {
                        setQuantity(String(d.dose));
                        setGiveError('');
                        setGiving(d);
                      }}
                    />
                    <Button
                      large
                      intent="danger"
                      text="拒服"
                      disabled={busy}
                      aria-label={`拒服 ${doseName(d)}`}
                      onClick={() => {
                        setReason('');
                        setAsking({ dose: d, event: 'dose.refuse' });
                      }}
                    />
                    <Button
                      large
                      intent="warning"
                      text="暂停"
                      disabled={busy}
                      aria-label={`暂停 ${doseName(d)}`}
                      onClick={() => {
                        setReason('');
                        setAsking({ dose: d, event: 'dose.hold' });
                      }}
                    />
                  </span>
                ) : (
                  <span className="drug-dose-actions muted">
                    {d.doneTime ? `${d.doneByName ?? ''} ${d.doneTime.slice(11, 16)}` : ''}
                  </span>
                )}
              </div>
            );
          })}
        </Card>
      ))}
      <Dialog
        isOpen={giving !== null}
        onClose={() => setGiving(null)}
        title={giving ? `已服：${doseName(giving)}` : ''}
        className="drug-give-dialog"
      >
        <DialogBody>
          <p>
            用药设置每次 {giving?.dose}
            {giving?.unit}，代管余量 {giving?.restQuantity}
            {giving?.unit}。实际服用：
          </p>
          <InputGroup
            large
            aria-label="实际用量"
            inputMode="numeric"
            value={quantity}
            rightElement={<Tag minimal>{giving?.unit}</Tag>}
            onChange={(e) => setQuantity(e.target.value)}
          />
          {giving && quantityOk && typed !== giving.dose ? (
            <Callout intent="warning" className="drug-give-differs">
              用量与设置的{giving.dose}
              {giving.unit}不同，将标记在今日用药和用药记录中
            </Callout>
          ) : null}
          {giveError ? (
            <Callout intent="danger" role="alert">
              {giveError}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button large text="取消" onClick={() => setGiving(null)} />
              <Button
                large
                intent="success"
                text="确定服药"
                disabled={busy || !quantityOk}
                onClick={() =>
                  giving &&
                  record(
                    giving,
                    { event: 'dose.give', quantity: typed },
                    `已服：${giving.oldmanName} ${giving.drugName} ${typed}${giving.unit}`,
                  )
                }
              />
            </>
          }
        />
      </Dialog>
      <Dialog
        isOpen={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? `${reasonVerb[asking.event]}：${doseName(asking.dose)}` : ''}
        className="drug-reason-dialog"
      >
        <DialogBody>
          <ReasonChoice
            label="原因"
            reasons={asking ? REASONS[asking.event] : []}
            value={reason}
            onChange={setReason}
            className="drug-round-reasons"
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button large text="取消" onClick={() => setAsking(null)} />
              <Button
                large
                intent={asking?.event === 'dose.refuse' ? 'danger' : 'warning'}
                text={asking ? `确定${reasonVerb[asking.event]}` : '确定'}
                disabled={!reason.trim() || busy}
                onClick={() =>
                  asking &&
                  record(
                    asking.dose,
                    { event: asking.event, reason: reason.trim() },
                    `已记录${reasonVerb[asking.event]}：${asking.dose.oldmanName} ${asking.dose.drugName}`,
                  )
                }
              />
            </>
          }
        />
      </Dialog>
    </div>
  );
}
