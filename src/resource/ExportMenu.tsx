import { Button, Menu, MenuItem, PopoverNext, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../app/AppContext.js';
import { downloadExport, type ExportProgress } from './exportFile.js';
import type { ExportFormat } from './listQuery.js';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What the progress line says: making the file, then the share of it that has arrived. */
function progressText(p: ExportProgress | null, seconds: number): { text: string; value?: number } {
  // the server makes the whole file before its first byte: say it is alive (decisions.md)
  if (!p) return { text: seconds ? `正在生成导出文件…已用 ${seconds} 秒` : '正在生成导出文件…' };
  const rows = p.rows === null ? '' : `，共 ${p.rows} 行`;
  if (p.total === null || p.total === 0) return { text: `正在下载 ${size(p.received)}${rows}` };
  const fraction = Math.min(1, p.received / p.total);
  return {
    text: `正在下载 ${Math.floor(fraction * 100)}%（${size(p.received)} / ${size(p.total)}${rows}）`,
    value: fraction,
  };
}

/**
 * 导出 with Excel and CSV: the current filters and sort, as a file download, with its progress
 * and 取消 beside the button while it runs (docs/decisions.md "Export progress").
 */
export function ExportMenu({ title, urlOf }: { title: string; urlOf(format: ExportFormat): string }) {
  const { toast } = useApp();
  const [running, setRunning] = useState<{ progress: ExportProgress | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const [seconds, setSeconds] = useState(0);
  const making = running !== null && running.progress === null;
  useEffect(() => {
    setSeconds(0);
    if (!making) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [making]);
  // leaving the screen ends a running export; nothing is saved
  useEffect(() => () => abort.current?.abort(), []);
  const run = (format: ExportFormat) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ progress: null });
    downloadExport(urlOf(format), `${title}.${format}`, {
      signal: controller.signal,
      onProgress: (progress) => {
        if (!controller.signal.aborted) setRunning({ progress });
      },
    }).then(
      () => {
        setRunning(null);
        toast(`${title}已导出`, 'success', 'export');
      },
      (e: { message?: string; name?: string }) => {
        if (abort.current === controller) abort.current = null;
        if (controller.signal.aborted) return;
        setRunning(null);
        toast(e.message ?? '导出失败', 'danger', 'export');
      },
    );
  };
  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    setRunning(null);
    toast('已取消导出，未保存文件', 'primary', 'export');
  };
  const shown = running ? progressText(running.progress, seconds) : null;
  return (
    <>
      {shown ? (
        <div className="resource-export-progress" data-testid="export-progress">
          <ProgressBar
            className="resource-export-bar"
            intent="primary"
            value={shown.value}
            aria-label={`导出${title}`}
            aria-valuetext={shown.text}
          />
          <span role="status">{shown.text}</span>
          <Button size="small" variant="minimal" text="取消" onClick={cancel} />
        </div>
      ) : null}
      <PopoverNext
        placement="bottom-end"
        disabled={running !== null}
        content={
          <Menu>
            <MenuItem icon="th" text="Excel (xlsx)" onClick={() => run('xlsx')} />
            <MenuItem icon="document" text="CSV" onClick={() => run('csv')} />
          </Menu>
        }
      >
        <Button icon="export" endIcon="caret-down" text="导出" loading={running !== null} />
      </PopoverNext>
    </>
  );
}
