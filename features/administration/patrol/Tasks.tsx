import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { PatrolAuthority as A } from '../../../domain/statuses/patrol.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, rowButton } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { PatrolTaskPaths as P } from '../api/patrol.js';
import { patrolTaskResource } from '../resources/patrol.js';
import { resultTag, taskStatusTag } from './StatusTag.js';

/**
 * 巡更管理 (administration/patrolManage): the tasks the plans made, day by day; 生成今日任务 makes
 * today's at once (the server's job makes them at each day's start anyway) and 标记漏巡 runs its
 * minute pass now.
 */
export function Tasks() {
  const { request, toast } = useApp();
  const canCreate = useAuthority(A.create);
  const [version, setVersion] = useState(0);
  const run = async (url: string, done: (data: Record<string, number>) => string) => {
    try {
      const data = await request<Record<string, number>>({ url, method: 'GET', silent: true });
      toast(done(data), 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '操作失败', 'danger');
    }
    setVersion((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-patrol-manage">
      <ResourceList
        def={patrolTaskResource}
        routeName={S.patrolManage}
        canOpen={false}
        refreshKey={version}
        cells={{ taskStatus: taskStatusTag, taskResult: resultTag }}
        actionsWidth={90}
        rowActions={(row) =>
          rowButton('巡更记录', () => navigate(`${S.patrolRecordDetail}?taskId=${String(row.taskId)}`))
        }
        toolbarExtra={
          canCreate ? (
            <>
              <Button
                icon="add"
                intent="primary"
                text="生成今日任务"
                onClick={() => void run(P.createTask, (d) => `已生成${d.created ?? 0}个巡更任务`)}
              />
              <Button
                icon="time"
                text="标记漏巡"
                onClick={() => void run(P.updateTask, (d) => `已标记${d.missed ?? 0}个漏巡任务`)}
              />
            </>
          ) : null
        }
      />
    </div>
  );
}
