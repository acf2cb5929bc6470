import { Button, Classes, Popover, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { auditTime, filter, merge, timer } from 'rxjs';
import {
  AdminPaths,
  type InboxItem,
  type InboxSummary,
  inboxAnswer,
} from '../../domain/api/administration.js';
import { pathWith } from '../../domain/api/path.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { useApp } from '../app/AppContext.js';
import { useOptionalRealtime } from '../realtime/context.js';
import { navigate } from '../router/hash.js';
import './notificationBell.css';

/** Asked again this often as well: a remind falls due without anyone changing anything. */
const REFRESH_MS = 60_000;
const KIND = { message: '消息', notice: '公告', remind: '提醒' } as const;

/** What reading one entry of the bell is, by its kind (spec 001 §7 "Messages", "Reminds"). */
const readCall = (item: InboxItem) =>
  item.kind === 'message'
    ? { url: AdminPaths.messageRead, data: { messageIds: [item.id] } }
    : item.kind === 'notice'
      ? { url: AdminPaths.personalRead, data: { noticeIds: [item.id] } }
      : { url: pathWith(AdminPaths.remindStatus, { id: item.id }), data: { status: 1 } };

const pageOf = (item: InboxItem) =>
  item.kind === 'message'
    ? `${S.messageDetail}?id=${item.id}`
    : item.kind === 'notice'
      ? `${S.personalNoticeDetail}?id=${item.id}`
      : S.remind;

/**
 * 通知中心 of the shell header: a bell with the count of the user's unread messages, announcements
 * and reminds, the newest of them, 标为已读 and 全部已读. Every change of the user's bell — here,
 * in another tab or window — comes over the push channel (inbox.changed) and the bell loads again.
 */
export function NotificationBell() {
  const { request } = useApp();
  const realtime = useOptionalRealtime();
  const [summary, setSummary] = useState<InboxSummary | null>(null);
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState(false);
  const again = () => setVersion((v) => v + 1);

  useEffect(() => {
    const s = merge(
      timer(REFRESH_MS, REFRESH_MS),
      ...(realtime
        ? [realtime.inbox$.pipe(filter((signal) => signal.kind === 'inbox')), realtime.reconnects$]
        : []),
    )
      // an announcement to everyone, or 全部已读, arrives as a burst: one reload for it
      .pipe(auditTime(300))
      .subscribe(() => setVersion((v) => v + 1));
    return () => s.unsubscribe();
  }, [realtime]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    let live = true;
    request<unknown>({ url: AdminPaths.inbox, silent: true }).then(
      (answer) => {
        const parsed = inboxAnswer.safeParse(answer);
        if (live && parsed.success) setSummary(parsed.data);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, version]);

  const read = (item: InboxItem) =>
    request({ method: 'PUT', ...readCall(item) }).then(again, () => undefined);
  const readAll = () =>
    request({ method: 'PUT', url: AdminPaths.readAll, data: {} }).then(again, () => undefined);
  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };
  const total = summary?.total ?? 0;

  const content = (
    <div className="bell-panel" data-testid="bell-panel">
      <div className="bell-head">
        <b>通知中心</b>
        <span className="bell-counts">
          消息 {summary?.messages ?? 0} · 公告 {summary?.notices ?? 0} · 提醒 {summary?.reminds ?? 0}
        </span>
        <Button size="small" variant="minimal" text="全部已读" disabled={!total} onClick={readAll} />
      </div>
      <ul className="bell-items">
        {(summary?.items ?? []).map((item) => (
          <li key={`${item.kind}-${item.id}`} data-testid="bell-item">
            <Tag minimal intent={item.kind === 'remind' ? 'warning' : 'primary'}>
              {KIND[item.kind]}
            </Tag>
            <button type="button" className="bell-title" title={item.title} onClick={() => go(pageOf(item))}>
              {item.title}
            </button>
            <span className="bell-time">{item.time.slice(5, 16)}</span>
            <Button
              size="small"
              variant="minimal"
              text="标为已读"
              aria-label={`标为已读：${item.title}`}
              onClick={() => read(item)}
            />
          </li>
        ))}
        {summary && summary.items.length === 0 ? (
          <li className={`bell-empty ${Classes.TEXT_MUTED}`}>
            {summary.reminds ? '有外出超时未返院的提醒，请到工作台查看' : '暂无未读通知'}
          </li>
        ) : null}
      </ul>
      <div className="bell-foot">
        <Button size="small" variant="minimal" text="全部消息" onClick={() => go(S.message)} />
        <Button size="small" variant="minimal" text="我的公告" onClick={() => go(S.personalNotice)} />
        <Button size="small" variant="minimal" text="提醒事项" onClick={() => go(S.remind)} />
      </div>
    </div>
  );

  return (
    <Popover placement="bottom-end" isOpen={open} onInteraction={(next) => setOpen(next)} content={content}>
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={`通知中心，${total}条未读`}
        data-testid="bell"
        className="bell-button"
      >
        {total ? (
          <span className="bell-badge" data-testid="bell-count">
            {total > 99 ? '99+' : total}
          </span>
        ) : null}
      </Button>
    </Popover>
  );
}
