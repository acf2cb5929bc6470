import { DialogBody, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { versionRecordResource } from './resources.js';
import { contentPreview, markRead, publishDate, type VersionRecord } from './versions.js';
import './callboard.css';

/**
 * /callboard/versions/record: the product's version notes, newest first. 查看 shows the whole note
 * in a dialog and marks an unread one read; the list then reloads with the server's read mark.
 */
export function VersionRecords() {
  const { request } = useApp();
  const [open, setOpen] = useState<VersionRecord | null>(null);
  const [reads, setReads] = useState(0);

  const view = (row: VersionRecord) => {
    setOpen(row);
    if (row.isRead === 1) return;
    markRead(request, row.recordId).then(
      () => setReads((n) => n + 1),
      () => undefined,
    );
  };

  return (
    <div className="page" data-testid="page-versions">
      <ResourceList
        def={versionRecordResource}
        canExport={false}
        refreshKey={reads}
        emptyText="暂无版本记录"
        onOpen={(row) => view(row as unknown as VersionRecord)}
        cells={{
          content: (row) => (
            <span className="version-preview">{contentPreview(String(row.content ?? ''))}</span>
          ),
          isRead: (row) =>
            row.isRead === 1 ? (
              <Tag minimal data-testid={`version-read-${row.recordId}`}>
                已读
              </Tag>
            ) : (
              <Tag intent={Intent.DANGER} data-testid={`version-unread-${row.recordId}`}>
                未读
              </Tag>
            ),
        }}
      />
      <Dialog
        isOpen={open !== null}
        title={open ? `版本 ${open.version}` : '版本记录'}
        icon="document"
        onClose={() => setOpen(null)}
        className="version-notice"
      >
        <DialogBody>
          <div className="version-notice-head">
            <b>{open?.version}</b>
            <span>{open ? publishDate(open.publishTime) : ''}</span>
          </div>
          <div className="version-content" data-testid="version-detail">
            {open?.content}
          </div>
        </DialogBody>
      </Dialog>
    </div>
  );
}
