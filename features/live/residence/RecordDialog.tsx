import { Callout, DialogBody, HTMLTable, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import { ResidencePaths, residencePath } from '../../../domain/resources/residence.js';
import { useApp } from '../../../src/app/AppContext.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import type { LiveRecord } from '../api/residence.js';
import type { ElderRow } from './queries.js';

const statusText = (s: number | null) => (s === null ? '' : dictLabel('liveStatus', s));
const change = (from: string | null, to: string | null) =>
  from === to ? (to ?? '') : `${from || '—'} → ${to || '—'}`;

/** 入住记录: every status and bed change of one elder, newest first. */
export function RecordDialog({ elder, onClose }: { elder: ElderRow; onClose(): void }) {
  const { request } = useApp();
  const [rows, setRows] = useState<LiveRecord[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    request<LiveRecord[]>({
      url: residencePath(ResidencePaths.record, { oldmanId: elder.oldmanId }),
      silent: true,
    }).then(setRows, (e: { message?: string }) => setError(e.message ?? '加载失败'));
  }, [request, elder.oldmanId]);
  return (
    <Dialog
      isOpen
      title={`入住记录 · ${elder.oldmanName}`}
      onClose={onClose}
      className="residence-record-dialog"
    >
      <DialogBody>
        {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
        <HTMLTable compact striped className="data-table" data-testid="live-records">
          <thead>
            <tr>
              <th>日期</th>
              <th>事项</th>
              <th>入住状态</th>
              <th>床位</th>
              <th>备注</th>
              <th>操作人</th>
              <th>操作时间</th>
            </tr>
          </thead>
          <tbody>
            {(rows ?? []).map((r) => (
              <tr key={r.recordId}>
                <td>{r.changeDate}</td>
                <td>{r.eventName}</td>
                <td>{change(statusText(r.fromStatus), statusText(r.toStatus))}</td>
                <td className="wrap">{change(r.fromBedName, r.toBedName)}</td>
                <td className="wrap">{r.note}</td>
                <td>{r.userName}</td>
                <td>{r.createTime}</td>
              </tr>
            ))}
            {rows?.length === 0 && (
              <tr>
                <td colSpan={7} className="empty">
                  暂无入住记录
                </td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}
