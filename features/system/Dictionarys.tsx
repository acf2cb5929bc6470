import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { DictionaryPaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized, missingAuthorityText } from '../../src/auth/Authorized.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { DictionaryDialog, type DictionaryRow } from './DictionaryDialog.js';
import { dictionaryResource } from './resources.js';

/** /systemSetting/dictionarys: data dictionaries and their values. */
export function Dictionarys() {
  const { request, toast } = useApp();
  const [refreshKey, setRefreshKey] = useState(0);
  const [editing, setEditing] = useState<DictionaryRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DictionaryRow | null>(null);
  const mayEdit = useAuthority(Authority.dictionaryEdit);
  const mayDelete = useAuthority(Authority.dictionaryDelete);
  const reload = () => setRefreshKey((k) => k + 1);
  const asDictionary = (row: Row) => row as unknown as DictionaryRow;

  const remove = (row: DictionaryRow) =>
    request({
      url: pathWith(DictionaryPaths.one, { dictionaryId: row.dictionaryId }),
      method: 'DELETE',
    }).then(() => {
      toast(`已删除字典“${row.dictionaryName}”`, 'success');
      reload();
    });

  return (
    <div className="page" data-testid="page-dictionarys">
      <ResourceList
        def={dictionaryResource}
        canOpen={false}
        refreshKey={refreshKey}
        toolbarExtra={
          <Authorized code={Authority.dictionaryAdd} mode="remove">
            <Button icon="add" intent={Intent.SUCCESS} text="新增字典" onClick={() => setEditing('new')} />
          </Authorized>
        }
        cells={{ dictionaryCode: (row) => <span className="mono">{String(row.dictionaryCode ?? '')}</span> }}
        rowActions={(row) => [
          rowButton(
            '编辑',
            () => setEditing(asDictionary(row)),
            false,
            !mayEdit,
            missingAuthorityText(Authority.dictionaryEdit),
          ),
          rowButton(
            '删除',
            () => setDeleting(asDictionary(row)),
            true,
            !mayDelete,
            missingAuthorityText(Authority.dictionaryDelete),
          ),
        ]}
      />
      {editing && (
        <DictionaryDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(row) => remove(row).catch(() => undefined)}
      >
        确定删除字典“{deleting?.dictionaryName}”及其全部字典值吗？
      </ConfirmDelete>
    </div>
  );
}
