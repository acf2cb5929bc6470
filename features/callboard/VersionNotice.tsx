import { Button, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { markRead, noticeToShow, publishDate, type VersionRecord } from './versions.js';
import './callboard.css';

/**
 * After sign-in: the "版本更新" dialog with the newest note the user has not read (spec 000 §7
 * versionRecord/isShow). Asked once per session (token); closing it marks the note read, so it
 * does not come back.
 */
export function VersionNotice({ session }: { session: string | null }) {
  const { request } = useApp();
  const [record, setRecord] = useState<VersionRecord | null>(null);
  useEffect(() => {
    if (!session) return;
    let current = true;
    noticeToShow(request).then(
      (r) => current && setRecord(r),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [request, session]);

  const close = () => {
    if (record) markRead(request, record.recordId).catch(() => undefined);
    setRecord(null);
  };
  return (
    <Dialog
      isOpen={record !== null && session !== null}
      title="版本更新"
      icon="updated"
      onClose={close}
      canOutsideClickClose={false}
      className="version-notice"
    >
      <DialogBody>
        <div data-testid="version-notice">
          <p className="version-notice-head">
            <b>{record?.version}</b>
            <span>{record ? publishDate(record.publishTime) : ''}</span>
          </p>
          <div className="version-content">{record?.content}</div>
        </div>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="我知道了" onClick={close} />} />
    </Dialog>
  );
}
