import { DialogBody, Intent, Tag } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { AdminPaths } from '../../domain/api/administration.js';
import { dictLabel } from '../../domain/dictionaries.js';
import { NoticeStatus, noticeStatusOf } from '../../machines/noticeMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { AddressedForm } from './AddressedForm.js';
import { staffGroups, staffReach } from './pickGroups.js';
import { readTag } from './ReadTag.js';
import { noticeReceiptResource, noticeResource } from './resources/inbox.js';
import { useInboxVersion } from './useInboxVersion.js';
import './administration.css';

const MANAGE = { manage: 1 } as const;
const statusIntent = { 0: Intent.NONE, 1: Intent.SUCCESS, 2: Intent.WARNING } as const;

/** Who an announcement went to and who has read it; a recipient reading it shows here at once. */
function Receipts({ notice, onClose }: { notice: Row; onClose(): void }) {
  const noticeId = Number(notice.noticeId);
  const pushed = useInboxVersion(noticeId);
  return (
    <Dialog
      isOpen
      title={`阅读回执：${String(notice.title)}`}
      icon="eye-open"
      onClose={onClose}
      style={{ width: 720 }}
    >
      <DialogBody>
        <ResourceList
          def={noticeReceiptResource}
          routeName="noticeReceipts"
          fixedParams={{ noticeId }}
          refreshKey={pushed}
          canOpen={false}
          emptyText="暂无接收人"
          cells={{
            isRead: (row) => <span data-testid={`receipt-${String(row.userId)}`}>{readTag(row)}</span>,
          }}
        />
      </DialogBody>
    </Dialog>
  );
}

/**
 * 公告管理 (notice): every announcement of the institution; 新增/编辑 a draft with its recipients,
 * 发布 and 撤回 through noticeMachine (the list greys what the state does not take), 阅读回执.
 */
export function Notices() {
  const may = useResourceAuthority(noticeResource);
  const { toast, request } = useApp();
  const loadGroups = useMemo(() => staffGroups(request), [request]);
  const loadReach = useMemo(() => staffReach(request), [request]);
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const [receipts, setReceipts] = useState<Row | null>(null);
  const [saved, setSaved] = useState(0);
  return (
    <div className="page" data-testid="page-notices">
      <ResourceList
        def={noticeResource}
        fixedParams={MANAGE}
        refreshKey={saved}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        onCreate={() => setEditing('new')}
        onEdit={(row) =>
          noticeStatusOf(row) === NoticeStatus.draft
            ? setEditing(row)
            : toast('公告已发布，不能编辑', 'warning')
        }
        cells={{
          status: (row) => (
            <Tag minimal intent={statusIntent[noticeStatusOf(row)]}>
              {dictLabel('noticeStatus', noticeStatusOf(row))}
            </Tag>
          ),
          readCount: (row) => (
            <span data-testid={`notice-read-${String(row.noticeId)}`}>
              {String(row.readCount ?? 0)}/{String(row.recipientCount ?? 0)}
            </span>
          ),
        }}
        rowActions={(row) =>
          noticeStatusOf(row) === NoticeStatus.draft ? null : rowButton('阅读回执', () => setReceipts(row))
        }
        actionsWidth={300}
      />
      {editing ? (
        <AddressedForm
          def={noticeResource}
          field="recipientIds"
          label="接收人"
          everyoneAllowed
          loadGroups={loadGroups}
          loadReach={loadReach}
          createUrl={AdminPaths.notices}
          updateUrl={AdminPaths.noticeEdit}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setSaved((n) => n + 1);
          }}
        />
      ) : null}
      {receipts ? <Receipts notice={receipts} onClose={() => setReceipts(null)} /> : null}
    </div>
  );
}
