import { AdminPaths } from '../../domain/api/administration.js';
import { pathWith } from '../../domain/api/path.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { readTag } from './ReadTag.js';
import { remindResource } from './resources/inbox.js';
import { useInboxVersion } from './useInboxVersion.js';

const CUSTOM = { remindType: 'custom' } as const;

/**
 * 提醒事项 (info/remind): the user's own reminds; a due 未读 one is in the bell and on the
 * workbench until it is read here (reminds/editStatus) or there.
 */
export function Reminds() {
  const { request } = useApp();
  const may = useResourceAuthority(remindResource);
  const pushed = useInboxVersion();
  const setStatus = (remindId: unknown, status: number) =>
    request({
      method: 'PUT',
      url: pathWith(AdminPaths.remindStatus, { id: Number(remindId) }),
      data: { status },
    }).catch(() => undefined);
  return (
    <div className="page" data-testid="page-reminds">
      <ResourceList
        def={remindResource}
        fixedParams={CUSTOM}
        refreshKey={pushed}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        emptyText="暂无提醒"
        cells={{ status: (row) => readTag(row) }}
        rowActions={(row) =>
          Number(row.status) === 0
            ? rowButton('标为已读', () => setStatus(row.remindId, 1))
            : rowButton('标为未读', () => setStatus(row.remindId, 0))
        }
        actionsWidth={240}
      />
    </div>
  );
}
