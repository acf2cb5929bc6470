import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { AdminPaths } from '../../domain/api/administration.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { readTag } from './ReadTag.js';
import { messageResource } from './resources/inbox.js';
import { useInboxVersion } from './useInboxVersion.js';

/** 我的消息 (msg/message): the user's messages; 查看 opens the detail, 标为已读 here or in bulk. */
export function Messages() {
  const { request } = useApp();
  const pushed = useInboxVersion();
  const [reads, setReads] = useState(0);
  const markRead = (ids: number[]) =>
    request({ method: 'PUT', url: AdminPaths.messageRead, data: { messageIds: ids } }).then(
      () => setReads((n) => n + 1),
      () => undefined,
    );
  return (
    <div className="page" data-testid="page-messages">
      <ResourceList
        def={messageResource}
        refreshKey={`${pushed}-${reads}`}
        emptyText="暂无消息"
        onOpen={(row) => navigate(`${S.messageDetail}?id=${String(row.messageId)}`)}
        cells={{ isRead: (row) => readTag(row) }}
        rowActions={(row: Row) =>
          Number(row.isRead) === 0 ? rowButton('标为已读', () => markRead([Number(row.messageId)])) : null
        }
        batchActions={(rows) => (
          <Button
            text="标为已读"
            icon="tick"
            disabled={!rows.some((r) => Number(r.isRead) === 0)}
            onClick={() =>
              markRead(rows.filter((r) => Number(r.isRead) === 0).map((r) => Number(r.messageId)))
            }
          />
        )}
      />
    </div>
  );
}
