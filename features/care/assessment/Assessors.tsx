import { Alert } from '@blueprintjs/core';
import { useState } from 'react';
import { assessUserResource, CareBasePaths } from '../../../domain/resources/careBase.js';
import { useApp } from '../../../src/app/AppContext.js';
import {
  ResourceList,
  type Row,
  rowButton,
  rowName,
  useResourceAuthority,
} from '../../../src/resource/index.js';
import { useLookup } from '../../../src/resource/useLookup.js';

/**
 * 评估权限 (spec 001 `user/assess` GET, POST, DELETE /{userId}): the staff who may
 * assess. 新增 puts one on the list; 移除 takes one off (their submitted assessments stay theirs),
 * with the same authority as adding.
 */
export function Assessors() {
  const may = useResourceAuthority(assessUserResource);
  const { request, toast } = useApp();
  const users = useLookup('user');
  const [removing, setRemoving] = useState<Row | null>(null);
  const [changed, setChanged] = useState(0);
  // the list's name of the user, else the lookup's; never the user's number
  const nameOf = (row: Row) =>
    rowName(assessUserResource, row) ||
    users.find((u) => Number(u.value) === Number(row.userId))?.label ||
    '该人员';
  const remove = async () => {
    if (!removing) return;
    const row = removing;
    setRemoving(null);
    try {
      await request({ method: 'DELETE', url: `${CareBasePaths.assessUser}/${String(row.userId)}` });
      toast(`已将${nameOf(row)}移出评估员名单`, 'success');
      setChanged((n) => n + 1);
    } catch {
      // the request layer showed the server's message
    }
  };
  return (
    <div className="page" data-testid="page-assessors">
      <ResourceList
        def={assessUserResource}
        refreshKey={changed}
        canCreate={may.canCreate}
        canOpen={false}
        rowActions={may.canCreate ? (row) => rowButton('移除', () => setRemoving(row), true) : undefined}
      />
      <Alert
        isOpen={removing !== null}
        cancelButtonText="取消"
        confirmButtonText="移除"
        intent="danger"
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? `确定将${nameOf(removing)}移出评估员名单吗？移除后不能再新增或续填评估。` : ''}
      </Alert>
    </div>
  );
}
