import {
  Alert,
  Button,
  Callout,
  FileInput,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { Authority } from '../../domain/menus.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';

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
const URL = '/tdms/web-td/device/package';
const size = (b: number) =>
  b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MB` : `${(b / 1024).toFixed(1)} KB`;
const blank = { packageName: '', version: '', deviceType: '', remark: '' };

/** /systemSetting/install-package: packages for bedside units and devices, with their total size. */
export function InstallPackages() {
  const { request, toast } = useApp();
  const list = usePagedList<PackageRow, Record<string, never>>(URL, {});
  const [total, setTotal] = useState(0);
  const [form, setForm] = useState(blank);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [deleting, setDeleting] = useState<PackageRow | null>(null);
  const reload = list.reload;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the total follows every reload of the list
  useEffect(() => {
    request<number>({ url: `${URL}/sumSize`, silent: true }).then(setTotal, () => setTotal(0));
  }, [request, list.rows]);
  usePageRefresh(reload);

  const upload = () => {
    if (!file) return setError('请选择安装包文件');
    setError('');
    const data = new FormData();
    for (const [k, v] of Object.entries(form)) data.append(k, v);
    data.append('file', file);
    request({ url: URL, method: 'POST', data, form: 'multipart', silent: true }).then(
      () => {
        toast('上传成功', 'success');
        setForm(blank);
        setFile(null);
        reload();
      },
      (e: { message?: string }) => setError(e.message ?? '上传失败'),
    );
  };
  const set = (key: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value });
  return (
    <div className="page" data-testid="page-install-package">
      <Authorized code={Authority.installPackageAdd} mode="remove">
        <div className="filter-bar">
          <FormGroup label="名称" labelFor="pkg-packageName" inline>
            <InputGroup id="pkg-packageName" value={form.packageName} onChange={set('packageName')} />
          </FormGroup>
          <FormGroup label="版本" labelFor="pkg-version" inline>
            <InputGroup id="pkg-version" value={form.version} onChange={set('version')} />
          </FormGroup>
          <FormGroup label="设备类型" labelFor="pkg-deviceType" inline>
            <InputGroup
              id="pkg-deviceType"
              value={form.deviceType}
              onChange={set('deviceType')}
              placeholder="如 床旁机"
            />
          </FormGroup>
          <FileInput
            text={file?.name ?? '选择文件（apk/zip/bin/hex）'}
            buttonText="浏览"
            inputProps={{ accept: '.apk,.zip,.bin,.hex' }}
            onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <Button intent={Intent.PRIMARY} icon="upload" text="上传" onClick={upload} />
        </div>
      </Authorized>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <p>
        安装包总大小：<b data-testid="package-sum">{size(total)}</b>
      </p>
      <HTMLTable striped compact className="data-table">
        <thead>
          <tr>
            <th>名称</th>
            <th>版本</th>
            <th>设备类型</th>
            <th>文件</th>
            <th>大小</th>
            <th>上传时间</th>
            <th>操作</th>
          </tr>
        </thead>
        <tbody>
          {list.rows.map((r) => (
            <tr key={r.packageId}>
              <td>{r.packageName}</td>
              <td>{r.version}</td>
              <td>{r.deviceType}</td>
              <td>
                <a href={r.urlPath} download={r.fileName}>
                  {r.fileName}
                </a>
              </td>
              <td>{size(r.fileSizeB)}</td>
              <td>{new Date(r.createTime).toLocaleString('zh-CN', { hour12: false })}</td>
              <td>
                <Authorized code={Authority.installPackageDelete} mode="disable">
                  <Button
                    size="small"
                    intent={Intent.DANGER}
                    icon="trash"
                    text="删除"
                    onClick={() => setDeleting(r)}
                  />
                </Authorized>
              </td>
            </tr>
          ))}
          {!list.loading && list.rows.length === 0 && (
            <tr>
              <td colSpan={7} className="empty">
                暂无安装包
              </td>
            </tr>
          )}
        </tbody>
      </HTMLTable>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        confirmButtonText="删除"
        cancelButtonText="取消"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const row = deleting;
          setDeleting(null);
          if (row)
            request({ url: `${URL}/${row.packageId}`, method: 'DELETE' }).then(reload, () => undefined);
        }}
      >
        确定删除安装包“{deleting?.packageName} {deleting?.version}”吗？文件也将一并删除。
      </Alert>
    </div>
  );
}
