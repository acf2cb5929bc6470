import {
  Button,
  Callout,
  Checkbox,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { LookupPaths } from '../../domain/api/lookups.js';
import { UserPaths } from '../../domain/api/org.js';
import { pathWith } from '../../domain/api/path.js';
import type { Page } from '../../domain/codes.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList, rowButton } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';
import { userResource } from './resources.js';

interface UserRow {
  userId: number;
  loginName: string;
  empName: string;
  phoneNum: string;
  status: number;
  lastLoginTime: string | null;
}
interface UserDetail extends UserRow {
  roleIds: number[];
  dataDeptIds: number[];
}
const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

/** Roles, data departments and status of one user; saving ends that user's sessions (4013). */
function UserDialog({ userId, onClose, onSaved }: { userId: number; onClose(): void; onSaved(): void }) {
  const { request, toast } = useApp();
  const [user, setUser] = useState<UserDetail | null>(null);
  const [roles, setRoles] = useState<{ roleId: number; name: string }[]>([]);
  const [depts, setDepts] = useState<{ deptId: number; deptName: string }[]>([]);
  const [error, setError] = useState('');
  // the server's refusal (its own self, a role gone) brought into view after each failed save
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  useEffect(() => {
    request<UserDetail>({ url: pathWith(UserPaths.one, { userId }) }).then(setUser, () =>
      setError('加载失败'),
    );
    request<Page<{ roleId: number; name: string }>>({
      url: LookupPaths.roles,
      params: { pageNum: 1, pageSize: 999 },
    }).then(
      (p) => setRoles(p.list),
      () => undefined,
    );
    request<Page<{ deptId: number; deptName: string }>>({
      url: LookupPaths.depts,
      params: { pageHelper: 0 },
    }).then(
      (p) => setDepts(p.list),
      () => undefined,
    );
  }, [request, userId]);
  const save = () =>
    user &&
    request({
      url: pathWith(UserPaths.one, { userId }),
      method: 'PUT',
      data: { status: user.status, roleIds: user.roleIds, dataDeptIds: user.dataDeptIds },
      silent: true,
    }).then(
      () => {
        toast('已保存，该用户需重新登录', 'success');
        onSaved();
      },
      (e: { message?: string }) => {
        setError(e.message ?? '保存失败');
        revealError();
      },
    );
  return (
    <Dialog isOpen onClose={onClose} title={`编辑用户 ${user?.loginName ?? ''}`}>
      <DialogBody>
        <div ref={bodyRef}>
          {user && (
            <>
              <FormGroup label="状态" labelFor="u-status">
                <HTMLSelect
                  id="u-status"
                  value={user.status}
                  onChange={(e) => setUser({ ...user, status: Number(e.target.value) })}
                >
                  <option value={0}>启用</option>
                  <option value={1}>停用</option>
                </HTMLSelect>
              </FormGroup>
              <FormGroup label="角色">
                {roles.map((r) => (
                  <Checkbox
                    key={r.roleId}
                    inline
                    label={r.name}
                    checked={user.roleIds.includes(r.roleId)}
                    onChange={() => setUser({ ...user, roleIds: toggle(user.roleIds, r.roleId) })}
                  />
                ))}
              </FormGroup>
              <FormGroup label="数据部门">
                {depts.map((d) => (
                  <Checkbox
                    key={d.deptId}
                    inline
                    label={d.deptName}
                    checked={user.dataDeptIds.includes(d.deptId)}
                    onChange={() => setUser({ ...user, dataDeptIds: toggle(user.dataDeptIds, d.deptId) })}
                  />
                ))}
              </FormGroup>
            </>
          )}
          {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
        </div>
      </DialogBody>
      <DialogFooter
        actions={[
          <Button key="c" text="取消" onClick={onClose} />,
          <Button key="s" intent={Intent.PRIMARY} text="保存" onClick={save} />,
        ]}
      />
    </Dialog>
  );
}

/** /systemmanage/manager/index: the institution's user accounts. */
export function Users() {
  const [refreshKey, setRefreshKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <div className="page" data-testid="page-users">
      <ResourceList
        def={userResource}
        canOpen={false}
        refreshKey={refreshKey}
        rowActions={(row) => rowButton('编辑', () => setEditing(Number(row.userId)))}
      />
      {editing !== null && (
        <UserDialog
          userId={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setRefreshKey((k) => k + 1);
          }}
        />
      )}
    </div>
  );
}
