import { AdminPaths } from '../../domain/api/administration.js';
import { dictLabel } from '../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { navigate } from '../../src/router/hash.js';
import { DetailPage } from './DetailPage.js';
import { useRecord } from './useRecord.js';

/** 消息详情 (msg/messageDetail?id=): the whole message; opening an unread one reads it. */
export function MessageDetail() {
  const { request } = useApp();
  const { row, missing, loading } = useRecord(AdminPaths.message, (found) => {
    if (Number(found.isRead) === 0)
      request({ method: 'PUT', url: AdminPaths.messageRead, data: { messageIds: [found.messageId] } }).catch(
        () => undefined,
      );
  });
  return (
    <DetailPage
      testId="page-message-detail"
      loading={loading}
      missing={missing}
      title={String(row?.title ?? '')}
      meta={
        <>
          <span>{dictLabel('msgType', row?.msgType as number)}</span>
          <span>{String(row?.createTime ?? '')}</span>
        </>
      }
      content={String(row?.content ?? '')}
      onBack={() => navigate(S.message)}
    />
  );
}
