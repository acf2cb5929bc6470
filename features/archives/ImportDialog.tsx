import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { ImportResult } from '../../domain/api/oldman.js';
import { PROFILE } from '../../domain/resources/oldman.js';
import { downloadExport } from '../../src/resource/exportFile.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { type ImportMode, uploadImport } from './importUpload.js';

const ACCEPT = '.xlsx,.csv';
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * 批量导入: choose a file, the server checks every row and lists each bad one with its reason;
 * the user then imports everything (refused while any row is bad) or only the right rows.
 */
export function ImportDialog({
  onClose,
  onImported,
  importUrl = `${PROFILE}/import`,
  templateUrl = `${PROFILE}/importTemplate?format=xlsx`,
  title = '长者档案',
}: {
  onClose(): void;
  onImported(count: number): void;
  /** Another resource's import (home care: /homecare/web-api/oldmanBase/import) and its template. */
  importUrl?: string;
  templateUrl?: string;
  /** What is imported, in the title and the template's file name. */
  title?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState('');
  const busy = progress !== undefined;

  const choose = (chosen: File | undefined) => {
    setResult(null);
    setError('');
    if (!chosen) return setFile(null);
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) return setError('导入文件要求是 xlsx/csv 格式');
    if (chosen.size > MAX_BYTES) return setError('导入文件不能超过10MB');
    setFile(chosen);
  };
  const send = (mode: ImportMode) => {
    if (!file) return setError('请选择要导入的文件');
    setError('');
    setProgress(0);
    uploadImport(importUrl, file, mode, setProgress).then(
      (answer) => {
        setProgress(undefined);
        setResult(answer);
        if (answer.imported > 0) onImported(answer.imported);
      },
      (e: { message?: string }) => {
        setProgress(undefined);
        setError(e.message ?? '导入失败');
      },
    );
  };
  const template = () =>
    downloadExport(templateUrl, `${title}导入模板.xlsx`).catch((e: { message?: string }) =>
      setError(e.message ?? '模板下载失败'),
    );
  const imported = result && result.imported > 0;

  return (
    <Dialog isOpen onClose={onClose} title={`批量导入${title}`} style={{ width: 720 }}>
      <DialogBody>
        <p>
          请按模板填写（带 * 的列必填），支持 .xlsx 和 .csv，每次最多 5000 条。
          <Button minimal small icon="download" text="下载导入模板" onClick={template} />
        </p>
        <FileInput
          fill
          text={file?.name ?? '选择文件…'}
          buttonText="浏览"
          inputProps={{ accept: ACCEPT, 'aria-label': '导入文件' }}
          onInputChange={(e) => choose((e.target as HTMLInputElement).files?.[0])}
          disabled={busy}
        />
        {busy && (
          <div className="import-progress" data-testid="import-progress">
            <ProgressBar intent={Intent.PRIMARY} value={progress ?? undefined} />
            <span>
              {progress === null ? '正在逐行检查…' : `上传中 ${Math.round((progress ?? 0) * 100)}%`}
            </span>
          </div>
        )}
        {error && (
          <Callout intent={Intent.DANGER} data-testid="import-error">
            {error}
          </Callout>
        )}
        {result && (
          <Callout
            intent={result.problems.length ? Intent.WARNING : Intent.SUCCESS}
            data-testid="import-summary"
            title={
              imported
                ? `已导入 ${result.imported} 条`
                : result.problems.length
                  ? `共 ${result.total} 条，${result.problems.length} 条有误，未导入`
                  : `共 ${result.total} 条，全部正确`
            }
          >
            {result.problems.length > 0 && (
              <HTMLTable compact striped className="import-problems" data-testid="import-problems">
                <thead>
                  <tr>
                    <th>行号</th>
                    <th>姓名</th>
                    <th>原因</th>
                  </tr>
                </thead>
                <tbody>
                  {result.problems.map((p) => (
                    <tr key={p.row} data-testid="import-problem">
                      <td>第{p.row}行</td>
                      <td>{p.oldmanName}</td>
                      <td>{p.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          imported ? (
            <Button intent={Intent.PRIMARY} text="完成" onClick={onClose} />
          ) : (
            <>
              <Button text="取消" onClick={onClose} disabled={busy} />
              {!result && (
                <Button
                  text="检查文件"
                  intent={Intent.PRIMARY}
                  onClick={() => send('check')}
                  loading={busy}
                />
              )}
              {result && result.problems.length === 0 && (
                <Button text="全部导入" intent={Intent.PRIMARY} onClick={() => send('all')} loading={busy} />
              )}
              {result && result.problems.length > 0 && result.valid > 0 && (
                <Button
                  text={`仅导入正确的 ${result.valid} 条`}
                  intent={Intent.WARNING}
                  onClick={() => send('valid')}
                  loading={busy}
                />
              )}
            </>
          )
        }
      />
    </Dialog>
  );
}
