import { AdminPaths } from '../../domain/api/administration.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { readTag } from './ReadTag.js';
import { personalNoticeResource } from './resources/inbox.js';
import { useInboxVersion } from './useInboxVersion.js';

/** 我的公告 (msg/notice): the announcements the user received; 查看 reads one. */
export function PersonalNotices() {
  const { request } = useApp();
  const pushed = useInboxVersion();
  return (
    <div className="page" data-testid="page-personal-notices">
      <ResourceList
        def={personalNoticeResource}
        refreshKey={pushed}
        canExport={false}
        emptyText="暂无公告"
        onOpen={(row) => navigate(`${S.personalNoticeDetail}?id=${String(row.noticeId)}`)}
        cells={{ isRead: (row) => readTag(row) }}
        rowActions={(row) =>
          Number(row.isRead) === 0
            ? rowButton('标为已读', () =>
                request({
                  method: 'PUT',
                  url: AdminPaths.personalRead,
                  data: { noticeIds: [row.noticeId] },
                }).catch(() => undefined),
              )
            : null
        }
      />
    </div>
  );
}
