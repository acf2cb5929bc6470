import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { LiveAuthority, oldmanResource } from '../../domain/resources/oldman.js';
import { LiveScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { ImportDialog } from './ImportDialog.js';
import './archives.css';

/** 长者档案: every elder of the user's data departments; add, edit by section, import, export. */
export function Archives() {
  const may = useResourceAuthority(oldmanResource);
  const mayImport = useAuthority(LiveAuthority.archivesImport);
  const { toast } = useApp();
  const [importing, setImporting] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const open = (row: Record<string, unknown>) =>
    navigate(`${LiveScreens.archiveDetail}?oldmanId=${String(row.oldmanId)}`);
  return (
    <div className="page" data-testid="page-archives">
      <ResourceList
        def={oldmanResource}
        routeName={LiveScreens.archives}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        onCreate={() => navigate(LiveScreens.archivesAdd)}
        onOpen={open}
        onEdit={open}
        refreshKey={refresh}
        rowActions={(row) => rowButton('档案详情', () => open(row))}
        toolbarExtra={
          mayImport && <Button icon="import" text="批量导入" onClick={() => setImporting(true)} />
        }
      />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(n) => {
            toast(`已导入 ${n} 条长者档案`, 'success');
            setRefresh((r) => r + 1);
          }}
        />
      )}
    </div>
  );
}
