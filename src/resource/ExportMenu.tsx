import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../app/AppContext.js';
import { downloadExport } from './exportFile.js';
import type { ExportFormat } from './listQuery.js';

/** 导出 with Excel and CSV: the current filters and sort, as a file download. */
export function ExportMenu({ title, urlOf }: { title: string; urlOf(format: ExportFormat): string }) {
  const { toast } = useApp();
  const [busy, setBusy] = useState(false);
  const run = (format: ExportFormat) => {
    setBusy(true);
    downloadExport(urlOf(format), `${title}.${format}`).then(
      () => setBusy(false),
      (e: { message?: string }) => {
        setBusy(false);
        toast(e.message ?? '导出失败', 'danger');
      },
    );
  };
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          <MenuItem icon="th" text="Excel (xlsx)" onClick={() => run('xlsx')} />
          <MenuItem icon="document" text="CSV" onClick={() => run('csv')} />
        </Menu>
      }
    >
      <Button icon="export" endIcon="caret-down" text="导出" loading={busy} />
    </PopoverNext>
  );
}
