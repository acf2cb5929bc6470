import { Card, H3, HTMLTable } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { ShellPaths } from '../../domain/api/settingsPaths.js';
import type { Page } from '../../domain/codes.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { useOptionalRealtime } from '../../src/realtime/context.js';
import { storedUser } from '../../src/session/effects.js';
import { DeviceOverview } from './DeviceOverview.js';
import { Reminders } from './Reminders.js';

interface Notice {
  noticeId: number;
  title: string;
  content: string;
  createTime: string;
}

/** The workbench: greeting, today's date, the user's reminders and the institution's notices. */
export function Workbench() {
  const { request } = useApp();
  const [notices, setNotices] = useState<Notice[]>([]);
  const user = storedUser();
  const seesIot = useAuthority(`${Authority.iotAlarm}|${Authority.iotLocateAlarm}`);
  const realtime = useOptionalRealtime();
  const [version, setVersion] = useState(0);
  // An announcement published to the user or withdrawn (inbox.changed) shows here at once.
  useEffect(() => {
    const s = realtime?.inbox$.subscribe(() => setVersion((v) => v + 1));
    return () => s?.unsubscribe();
  }, [realtime]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    request<Page<Notice>>({
      url: ShellPaths.notices,
      params: { pageNum: 1, pageSize: 5 },
      silent: true,
    }).then(
      (p) => setNotices(p.list),
      () => setNotices([]),
    );
  }, [request, version]);
  return (
    <div className="page" data-testid="page-workbench">
      <Card className="welcome-card">
        <H3>您好，{user?.empInfo.empName ?? ''}</H3>
        <p>
          {new Date().toLocaleDateString('zh-CN', {
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            weekday: 'long',
          })}{' '}
          · {user?.orgInfo.orgName}
        </p>
      </Card>
      <Reminders />
      {seesIot ? <DeviceOverview /> : null}
      <Card>
        <H3>通知公告</H3>
        <HTMLTable compact striped className="data-table">
          <tbody>
            {notices.map((n) => (
              <tr key={n.noticeId}>
                <td>{n.title}</td>
                <td>{n.content}</td>
                <td>{new Date(n.createTime).toLocaleDateString('zh-CN')}</td>
              </tr>
            ))}
            {notices.length === 0 && (
              <tr>
                <td className="empty">暂无公告</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}

/** The welcome view (landing when the login page config has no main first URL). */
export function Welcome() {
  return (
    <div className="page welcome" data-testid="page-welcome">
      <img src="/favicon.svg" alt="" width={72} height={72} />
      <h2>欢迎使用智慧养老平台</h2>
      <p>请从左侧菜单选择功能。</p>
    </div>
  );
}
