import { Button, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { LiveScreens } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { ConsultStatus, consultationResource } from '../resources/consult.js';
import { ConsultCreate } from './ConsultCreate.js';
import { ConsultEdit } from './ConsultEdit.js';
import { InterviewerDialog } from './InterviewerDialog.js';
import './consult.css';

const def = consultationResource;

type Open = { kind: 'create' } | { kind: 'edit'; row: Row } | { kind: 'interviewers' } | null;

/**
 * 咨询登记 (/live/consult/base): the generic list; a new consultation starts with the ID-card
 * check (spec 001 §5), editing goes section by section, and 转为档案 opens the prefilled profile.
 */
export function ConsultList() {
  const { toast } = useApp();
  const may = useResourceAuthority(def);
  // no whole-record PUT, so the generic check says no: editing is by section (ConsultEdit)
  const canEdit = useAuthority(LiveAuthority.consultEdit);
  const canArchive = useAuthority(LiveAuthority.consultArchive);
  const [open, setOpen] = useState<Open>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const close = (changed: boolean) => {
    setOpen(null);
    if (changed) setRefreshKey((k) => k + 1);
  };
  return (
    <div className="page" data-testid="page-consult">
      <ResourceList
        def={def}
        routeName={LiveScreens.consult}
        canCreate={may.canCreate}
        canEdit={canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        onCreate={() => setOpen({ kind: 'create' })}
        onEdit={(row) => setOpen({ kind: 'edit', row })}
        toolbarExtra={
          <Button icon="people" text="接待人员" onClick={() => setOpen({ kind: 'interviewers' })} />
        }
        rowActions={(row) =>
          canArchive && Number(row.consultStatus) !== ConsultStatus.archived
            ? rowButton('转为档案', () =>
                navigate(`${LiveScreens.consultArchivesAdd}?consultationId=${String(row.consultationId)}`),
              )
            : null
        }
      />
      {open?.kind === 'create' ? (
        <Dialog isOpen className="resource-dialog" title="新增咨询登记" onClose={() => close(false)}>
          <DialogBody>
            <ConsultCreate
              onSaved={() => {
                toast('保存成功', 'success');
                close(true);
              }}
              onCancel={() => close(false)}
            />
          </DialogBody>
        </Dialog>
      ) : null}
      {open?.kind === 'edit' ? <ConsultEdit row={open.row} onClose={close} /> : null}
      {open?.kind === 'interviewers' ? <InterviewerDialog onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
