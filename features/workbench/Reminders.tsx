import { Button, Card, H3, HTMLTable, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { auditTime, merge, timer } from 'rxjs';
import { AdminPaths } from '../../domain/api/administration.js';
import { pathWith } from '../../domain/api/path.js';
import type { Page } from '../../domain/codes.js';
import {
  type CareTasksRemind,
  type OverdueOutingRemind,
  type OverdueRectifyRemind,
  type PatrolMissedRemind,
  REMINDS_PATH,
  type RemindItem,
  remindItem,
} from '../../domain/reminders.js';
import { AdministrationScreens, CarePlanScreens, outingRegisterOf } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useOptionalRealtime } from '../../src/realtime/context.js';
import { navigate } from '../../src/router/hash.js';
import { GovernmentScreens } from '../government/api.js';
import { overdueText } from './overdueText.js';
import './workbench.css';

/** The list is asked again this often (how long overdue grows; an outing may pass its time). */
const REFRESH_MS = 60_000;
const SHOWN = 20;

/**
 * 待办提醒 on the workbench: GET /pims/web-org/reminds, loaded again when a reminder is pushed,
 * when care tasks change or come due, when an elder leaves or comes back, after a reconnect, on the page's refresh and every minute.
 */
export function Reminders() {
  const { request } = useApp();
  const realtime = useOptionalRealtime();
  const [items, setItems] = useState<RemindItem[] | null>(null);
  const [version, setVersion] = useState(0);
  usePageRefresh(() => setVersion((v) => v + 1));

  useEffect(() => {
    const again = () => setVersion((v) => v + 1);
    const triggers = merge(
      timer(REFRESH_MS, REFRESH_MS),
      ...(realtime ? [realtime.notices$, realtime.inbox$, realtime.reconnects$, realtime.careTasks$] : []),
    )
      // pushes come in bursts (a floor's tasks done one after another): one reload for a burst
      .pipe(auditTime(500))
      .subscribe(again);
    const presence = realtime?.outingPresence.subscribe(again);
    return () => {
      triggers.unsubscribe();
      presence?.();
    };
  }, [realtime]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let live = true;
    request<Page<unknown>>({ url: REMINDS_PATH, params: { pageNum: 1, pageSize: SHOWN }, silent: true }).then(
      (page) => {
        if (!live) return;
        // Kinds this console does not know yet are left out, not shown broken.
        setItems(
          page.list.flatMap((r) => {
            const parsed = remindItem.safeParse(r);
            return parsed.success ? [parsed.data] : [];
          }),
        );
      },
      () => live && setItems((shown) => shown ?? []),
    );
    return () => {
      live = false;
    };
  }, [request, version]);

  // today's care tasks count one each: the entry stands for all of them
  const count = (items ?? []).reduce(
    (n, item) => n + (item.remindType === 'careTasks' ? item.pending : 1),
    0,
  );
  return (
    <Card className="workbench-reminders" data-testid="workbench-reminders">
      <H3>
        待办提醒{' '}
        {count ? (
          <Tag intent="danger" round data-testid="remind-count">
            {count}
          </Tag>
        ) : null}
      </H3>
      <HTMLTable compact striped className="data-table">
        <tbody>
          {(items ?? []).map((item) =>
            item.remindType === 'custom' ? (
              <tr key={item.remindKey} data-testid="remind-item">
                <td>
                  <Tag intent="warning" minimal>
                    提醒
                  </Tag>
                </td>
                <td>
                  <strong>{item.title}</strong>
                </td>
                <td>提醒时间 {item.remindTime.slice(0, 16)}</td>
                <td />
                <td className="muted remind-content">{item.content}</td>
                <td>
                  <Button
                    small
                    text="知道了"
                    aria-label={`已读提醒${item.title}`}
                    onClick={() =>
                      request({
                        url: pathWith(AdminPaths.remindStatus, { id: item.remindId }),
                        method: 'PUT',
                        data: { status: 1 },
                      }).then(
                        () => setVersion((v) => v + 1),
                        () => undefined,
                      )
                    }
                  />
                </td>
              </tr>
            ) : item.remindType === 'careTasks' ? (
              <CareTasksRow key={item.remindKey} item={item} />
            ) : item.remindType === 'inspectionOverdue' ? (
              <RectifyRow key={item.remindKey} item={item} />
            ) : item.remindType === 'patrolMissed' ? (
              <PatrolMissedRow key={item.remindKey} item={item} />
            ) : (
              <OutingRow key={item.remindKey} item={item} />
            ),
          )}
          {items?.length === 0 ? (
            <tr>
              <td className="empty">暂无待办提醒</td>
            </tr>
          ) : null}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

/** A row of something overdue: its tag, what and who, when it was due, and the button that goes to it. */
function OverdueRow(props: {
  tag: string;
  name: string;
  who: string | null | undefined;
  due: string;
  state: string;
  content: string;
  action: string;
  actionLabel: string;
  to: string;
}) {
  return (
    <tr data-testid="remind-item">
      <td>
        <Tag intent="danger" minimal>
          {props.tag}
        </Tag>
      </td>
      <td>
        <strong>{props.name}</strong>
        {props.who ? <span className="muted"> · {props.who}</span> : null}
      </td>
      <td>{props.due}</td>
      <td className="overdue">{props.state}</td>
      <td className="muted remind-content">{props.content}</td>
      <td>
        <Button
          small
          intent="primary"
          text={props.action}
          aria-label={props.actionLabel}
          onClick={() => navigate(props.to)}
        />
      </td>
    </tr>
  );
}

function RectifyRow({ item }: { item: OverdueRectifyRemind }) {
  return (
    <OverdueRow
      tag="整改逾期"
      name={item.itemName}
      who={item.rectifyUserName}
      due={`整改期限 ${item.rectifyDeadline}`}
      state="已逾期"
      content={item.content}
      action="去整改"
      actionLabel={`整改${item.itemName}`}
      to={GovernmentScreens.rectify}
    />
  );
}

/** A patrol task missed at its end time (巡更管理, issue #15). */
function PatrolMissedRow({ item }: { item: PatrolMissedRemind }) {
  return (
    <OverdueRow
      tag="巡更漏巡"
      name={item.planName}
      who={item.nursingName}
      due={`巡更日期 ${item.taskDate}`}
      state="漏巡"
      content={item.content}
      action="查看"
      actionLabel={`查看巡更${item.planName}`}
      to={AdministrationScreens.patrolManage}
    />
  );
}

function OutingRow({ item }: { item: OverdueOutingRemind }) {
  return (
    <tr data-testid="remind-item">
      <td>
        <Tag intent="danger" minimal>
          超时未返院
        </Tag>
      </td>
      <td>
        <strong>{item.oldmanName}</strong>
        {item.deptName ? <span className="muted"> · {item.deptName}</span> : null}
      </td>
      <td>预计返院 {item.expectedReturnTime.slice(0, 16)}</td>
      <td className="overdue">已超时 {overdueText(item.overdueMinutes)}</td>
      <td className="muted remind-content">{item.content}</td>
      <td>
        <Button
          small
          intent="primary"
          text="去处理"
          aria-label={`处理${item.oldmanName}的外出`}
          onClick={() => navigate(outingRegisterOf(item.oldmanId))}
        />
      </td>
    </tr>
  );
}

/** Today's care tasks still to do (spec 001 §2 "Care plan"): one entry, the nurse's task screen behind it. */
function CareTasksRow({ item }: { item: CareTasksRemind }) {
  return (
    <tr data-testid="remind-item">
      <td>
        <Tag intent="warning" minimal>
          护理任务
        </Tag>
      </td>
      <td colSpan={2}>
        <strong data-testid="remind-care-tasks">{item.title}</strong>
      </td>
      <td className="overdue">{item.overdue ? `已超时 ${item.overdue} 项` : ''}</td>
      <td className="muted remind-content" />
      <td>
        <Button
          small
          intent="primary"
          text="去处理"
          aria-label="处理今日护理任务"
          onClick={() => navigate(CarePlanScreens.tasksToday)}
        />
      </td>
    </tr>
  );
}
