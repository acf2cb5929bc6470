import { Button, Callout, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { PackagePaths } from '../../domain/api/settingsPaths.js';
import { Authority } from '../../domain/menus.js';
import { SystemScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { ConfirmDelete } from './ConfirmDelete.js';
import { fileSize } from './format.js';
import { PackageFields, usePackageUpload } from './PackageFields.js';
import { installPackageResource } from './resources.js';

/**
 * /systemSetting/install-package: packages for bedside units and devices, with their total size.
 * A quick upload row sits above the list; 新增安装包 opens the full form (with the remark).
 */
export function InstallPackages() {
  const { request } = useApp();
  const [refreshKey, setRefreshKey] = useState(0);
  const [total, setTotal] = useState(0);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const mayDelete = useAuthority(Authority.installPackageDelete);
  const reload = () => setRefreshKey((k) => k + 1);
  const upload = usePackageUpload(reload);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the total follows every change of the list
  useEffect(() => {
    request<number>({ url: PackagePaths.sumSize, silent: true }).then(setTotal, () => setTotal(0));
  }, [request, refreshKey]);
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
      <ResourceList
        def={installPackageResource}
        canOpen={false}
        refreshKey={refreshKey}
        emptyText="暂无安装包"
        toolbarExtra={
          <>
            <span className="package-head">
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
          </>
        }
        cells={{
          fileName: (row) => (
            <a href={String(row.urlPath ?? '')} download={String(row.fileName ?? '')}>
              {String(row.fileName ?? '')}
            </a>
          ),
          fileSizeB: (row) => fileSize(Number(row.fileSizeB ?? 0)),
        }}
        rowActions={(row) => (mayDelete ? rowButton('删除', () => setDeleting(row), true) : null)}
      />
      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        onConfirm={(row) =>
          request({
            url: pathWith(PackagePaths.one, { packageId: Number(row.packageId) }),
            method: 'DELETE',
          }).then(reload, () => undefined)
        }
      >
        确定删除安装包“{String(deleting?.packageName ?? '')} {String(deleting?.version ?? '')}
        ”吗？文件也将一并删除。
      </ConfirmDelete>
    </div>
  );
}
