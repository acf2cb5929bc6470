import { AdminPaths } from '../../domain/api/administration.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { navigate } from '../../src/router/hash.js';
import { DetailPage } from './DetailPage.js';
import { useRecord } from './useRecord.js';

/**
 * 公告详情 (msg/noticeDetail?id=): the whole announcement; opening it reads it for a recipient
 * (the sender's read receipts follow). Someone it was not sent to (a manager looking) reads nothing.
 */
export function NoticeDetail() {
  const { request } = useApp();
  const { row, missing, loading } = useRecord(AdminPaths.notice, (found) => {
    request({
      method: 'PUT',
      url: AdminPaths.personalRead,
      data: { noticeIds: [found.noticeId] },
      silent: true,
    }).catch(() => undefined);
  });
  return (
    <DetailPage
      testId="page-notice-detail"
      loading={loading}
      missing={missing}
      title={String(row?.title ?? '')}
      meta={<span>发布时间：{String(row?.publishTime ?? row?.createTime ?? '')}</span>}
      content={String(row?.content ?? '')}
      onBack={() => navigate(S.personalNotice)}
    />
  );
}
