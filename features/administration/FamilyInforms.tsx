import { useMemo, useState } from 'react';
import { AdminPaths } from '../../domain/api/administration.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, type Row, useResourceAuthority } from '../../src/resource/index.js';
import { AddressedForm } from './AddressedForm.js';
import { elderGroups } from './pickGroups.js';
import { familyInformResource } from './resources/inbox.js';
import './administration.css';

/** 家属通知 (notice/famliy): notices to the families of elders chosen by department (oldManTree). */
export function FamilyInforms() {
  const may = useResourceAuthority(familyInformResource);
  const { request } = useApp();
  const loadGroups = useMemo(() => elderGroups(request), [request]);
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const [saved, setSaved] = useState(0);
  return (
    <div className="page" data-testid="page-family-informs">
      <ResourceList
        def={familyInformResource}
        refreshKey={saved}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        emptyText="暂无家属通知"
        onCreate={() => setEditing('new')}
        onEdit={(row) => setEditing(row)}
      />
      {editing ? (
        <AddressedForm
          def={familyInformResource}
          field="oldmanIds"
          label="通知长者"
          everyoneAllowed={false}
          loadGroups={loadGroups}
          createUrl={AdminPaths.familyInforms}
          updateUrl={AdminPaths.familyInforms}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setSaved((n) => n + 1);
          }}
        />
      ) : null}
    </div>
  );
}
