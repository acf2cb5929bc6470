import { Button, FileInput, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { UploadPaths } from '../../domain/api/uploads.js';
import { OLDMAN_BASE, PROFILE } from '../../domain/resources/oldman.js';
import { useApp } from '../../src/app/AppContext.js';

interface LiveRecord {
  recordId: number;
  eventName: string;
  fromBedName: string | null;
  toBedName: string | null;
  changeDate: string;
  note: string;
  userName: string;
}

/** 入住记录: every status and bed change of the elder, newest first. */
export function LiveRecords({ oldmanId }: { oldmanId: number }) {
  const { request } = useApp();
  const [rows, setRows] = useState<LiveRecord[] | null>(null);
  useEffect(() => {
    request<LiveRecord[]>({ url: `${PROFILE}/${oldmanId}/liveRecord` }).then(setRows, () => setRows([]));
  }, [request, oldmanId]);
  if (!rows) return null;
  if (!rows.length) return <NonIdealState icon="history" title="暂无入住记录" />;
  return (
    <HTMLTable compact striped className="data-table" data-testid="live-records">
      <thead>
        <tr>
          <th>日期</th>
          <th>事项</th>
          <th>床位</th>
          <th>备注</th>
          <th>经办人</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.recordId}>
            <td>{r.changeDate}</td>
            <td>{r.eventName}</td>
            <td>{[r.fromBedName, r.toBedName].filter(Boolean).join(' → ')}</td>
            <td>{r.note}</td>
            <td>{r.userName}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

interface ElderFile {
  fileId: number;
  fileName: string;
  urlPath: string;
  fileSizeB: number;
  createTime: string;
}
const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.csv,.txt,.jpg,.jpeg,.png';
const MAX_BYTES = 20 * 1024 * 1024;

/** 附件: documents kept with the profile (ID card copies, medical reports, agreements). */
export function ElderFiles({ oldmanId, canEdit }: { oldmanId: number; canEdit: boolean }) {
  const { request, toast } = useApp();
  const [files, setFiles] = useState<ElderFile[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after a change
  useEffect(() => {
    request<ElderFile[]>({ url: `${OLDMAN_BASE}/file`, params: { oldmanId } }).then(setFiles, () =>
      setFiles([]),
    );
  }, [request, oldmanId, version]);
  const add = async (file: File | undefined) => {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!ACCEPT.split(',').includes(`.${ext}`))
      return setError(`附件要求是 ${ACCEPT.replaceAll('.', '')} 格式`);
    if (file.size > MAX_BYTES) return setError('附件不能超过20MB');
    setBusy(true);
    setError('');
    try {
      const up = await request<{ urlPath: string; fileSizeB: number }>({
        url: UploadPaths.document,
        method: 'POST',
        data: { file },
        form: 'multipart',
        silent: true,
      });
      await request({
        url: `${OLDMAN_BASE}/file`,
        method: 'POST',
        data: { oldmanId, fileName: file.name, urlPath: up.urlPath, fileSizeB: up.fileSizeB },
        silent: true,
      });
      toast('附件已添加', 'success');
      setVersion((v) => v + 1);
    } catch (e) {
      setError((e as { message?: string }).message ?? '上传失败');
    } finally {
      setBusy(false);
    }
  };
  const remove = (f: ElderFile) =>
    request({ url: `${OLDMAN_BASE}/file/${f.fileId}`, method: 'DELETE' }).then(
      () => setVersion((v) => v + 1),
      () => undefined,
    );
  return (
    <div className="elder-files" data-testid="elder-files">
      {canEdit && (
        <FileInput
          text={busy ? '上传中…' : '添加附件…'}
          buttonText="浏览"
          disabled={busy}
          inputProps={{ accept: ACCEPT, 'aria-label': '添加附件' }}
          onInputChange={(e) => add((e.target as HTMLInputElement).files?.[0])}
        />
      )}
      {error && <div className="field-error">{error}</div>}
      {files && !files.length && <NonIdealState icon="paperclip" title="暂无附件" />}
      {files && files.length > 0 && (
        <HTMLTable compact striped className="data-table">
          <thead>
            <tr>
              <th>文件</th>
              <th>大小</th>
              <th>上传时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.fileId}>
                <td>
                  <a href={f.urlPath} target="_blank" rel="noreferrer">
                    {f.fileName}
                  </a>
                </td>
                <td>{(f.fileSizeB / 1024).toFixed(0)} KB</td>
                <td>{f.createTime}</td>
                <td>
                  {canEdit && (
                    <Button small minimal intent={Intent.DANGER} text="删除" onClick={() => remove(f)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}
