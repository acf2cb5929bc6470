import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { navigate } from '../../src/router/hash.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { fileSize, localTime } from './format.js';
import { PackageFields, usePackageUpload } from './PackageFields.js';
import { PACKAGE_URL as URL } from './packageRules.js';
import { RowButton } from './RowButton.js';

interface PackageRow {
  packageId: number;
  packageName: string;
  version: string;
  deviceType: string;
  remark: string;
  fileName: string;
  urlPath: string;
  fileSizeB: number;
  createTime: string;
}

/**
 * /systemSetting/install-package: packages for bedside units and devices, with their total size.
 * A quick upload row sits above the list; 新增安装包 opens the full form (with the remark).
 */
export function InstallPackages() {
  const { request } = useApp();
  const list = usePagedList<PackageRow, Record<string, never>>(URL, {});
  const [total, setTotal] = useState(0);
  const [deleting, setDeleting] = useState<PackageRow | null>(null);
  const reload = list.reload;
  const upload = usePackageUpload(reload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the total follows every reload of the list
  useEffect(() => {
    request<number>({ url: `${URL}/sumSize`, silent: true }).then(setTotal, () => setTotal(0));
  }, [request, list.rows]);
  usePageRefresh(reload);
  const firstProblem = Object.values(upload.problems)[0];

  return (
    <div className="page" data-testid="page-install-package">
      <Authorized code={Authority.installPackageAdd} mode="remove">
        <form
          className="filter-bar"
          onSubmit={(e) => {
            e.preventDefault();
            upload.submit();
          }}
        >
          <PackageFields upload={upload} inline />
          <Button type="submit" intent={Intent.PRIMARY} icon="upload" text="上传" loading={upload.busy} />
        </form>
        {firstProblem && (
          <Callout intent={Intent.DANGER} className="package-problem">
            {firstProblem}
          </Callout>
        )}
      </Authorized>
      <div className="filter-bar package-head">
        <span>
          安装包总大小：<b data-testid="package-sum">{fileSize(total)}</b>
        </span>
        <Authorized code={Authority.installPackageAdd} mode="remove">
          <Button
            icon="add"
            intent={Intent.SUCCESS}
            text="新增安装包"
            onClick={() => navigate(SystemScreens.installPackageSave)}
          />
        </Authorized>
      </div>
      <HTMLTable striped compact className="data-table">
        <thead>
          <tr>
            <th>名称</th>
            <th>版本</th>
            <th>设备类型</th>
            <th>备注</th>
            <th>文件</th>
            <th>大小</th>
            <th>上传时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((r) => (
            <tr key={r.packageId} data-testid="package-row">
              <td>{r.packageName}</td>
              <td>{r.version}</td>
              <td>{r.deviceType}</td>
              <td>{r.remark}</td>
              <td>
                <a href={r.urlPath} download={r.fileName}>
                  {r.fileName}
                </a>
              </td>
              <td>{fileSize(r.fileSizeB)}</td>
              <td>{localTime(r.createTime)}</td>
              <td>
                <RowButton
                  code={Authority.installPackageDelete}
                  danger
                  icon="trash"
                  text="删除"
                  onClick={() => setDeleting(r)}
                />
              </td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={8} className="empty">
                暂无安装包
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(row) =>
          request({ url: `${URL}/${row.packageId}`, method: 'DELETE' }).then(reload, () => undefined)
        }
      >
        确定删除安装包“{deleting?.packageName} {deleting?.version}”吗？文件也将一并删除。
      </ConfirmDelete>
    </div>
  );
}
