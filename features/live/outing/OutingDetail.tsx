import { Callout, DialogBody, H5, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { type OutingRecord, outingPath } from '../../../domain/resources/outing.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceDetail, type Row } from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';

/** An outing's fields and its history (登记, 审核, 外出, 延期, 返院, reminders), oldest first. */
export function OutingDetail({ def, outId, onClose }: { def: ResourceDef; outId: number; onClose(): void }) {
  const { request } = useApp();
  const [row, setRow] = useState<(Row & { records: OutingRecord[] }) | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    request<Row & { records: OutingRecord[] }>({
      url: outingPath(def.api.get as string, outId),
      silent: true,
    }).then(
      (answer) => live && setRow(answer),
      (e: { message?: string }) => live && setError(e.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [request, def.api.get, outId]);

  return (
    <Dialog isOpen title="外出详情" onClose={onClose} className="resource-dialog">
      <DialogBody>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        {!row && !error ? <Spinner size={24} aria-label="加载中" /> : null}
        {row ? (
          <>
            <ResourceDetail def={def} row={row} />
            <H5 className="outing-history-title">办理记录</H5>
            <HTMLTable compact striped className="outing-history" data-testid="outing-history">
              <thead>
                <tr>
                  <th>操作</th>
                  <th>状态</th>
                  <th>时间</th>
                  <th>说明</th>
                  <th>操作人</th>
                </tr>
              </thead>
              <tbody>
                {row.records.map((r) => (
                  <tr key={r.recordId}>
                    <td>{r.eventName}</td>
                    <td>
                      {r.fromStatus === null ? '' : `${dictLabel('outStatus', r.fromStatus)} → `}
                      {dictLabel('outStatus', r.toStatus)}
                    </td>
                    <td>{(r.eventTime ?? '').slice(0, 16)}</td>
                    <td>{r.note}</td>
                    <td>{r.userName}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        ) : null}
      </DialogBody>
    </Dialog>
  );
}
