import { Button, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { LiveStatus, residenceListDef } from '../../../domain/resources/residence.js';
import {
  eventAuthority,
  holdsBed,
  offeredEvents,
  type ResidenceEventType,
  residenceEvents,
} from '../../../machines/residenceMachine.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../../src/resource/index.js';
import { AdjustDialog, ExchangeDialog } from './BedDialogs.js';
import type { ElderRow } from './queries.js';
import { RecordDialog } from './RecordDialog.js';
import { StatusDialog } from './StatusDialog.js';
import './residence.css';

const statusIntent: Record<number, Intent> = {
  [LiveStatus.living]: Intent.PRIMARY,
  [LiveStatus.trial]: Intent.SUCCESS,
  [LiveStatus.reserved]: Intent.WARNING,
  [LiveStatus.cancelled]: Intent.DANGER,
};
export const StatusTag = ({ status }: { status: number }) => (
  <Tag
    minimal={status === LiveStatus.quit || status === LiveStatus.waiting}
    intent={statusIntent[status] ?? Intent.NONE}
  >
    {dictLabel('liveStatus', status)}
  </Tag>
);

type Open =
  | { kind: 'event'; type: ResidenceEventType; elder: ElderRow }
  | { kind: 'adjust' | 'exchange' | 'record'; elder: ElderRow }
  | null;

/**
 * /live/live/list 入住管理: the shared list of residenceListDef (filters, paging, export, columns)
 * with each row offering what residenceMachine allows from its status.
 */
export function ResidenceList() {
  const [open, setOpen] = useState<Open>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const may: Record<string, boolean> = {
    [LiveAuthority.liveCheckIn]: useAuthority(LiveAuthority.liveCheckIn),
    [LiveAuthority.liveChange]: useAuthority(LiveAuthority.liveChange),
  };
  const mayBed = useAuthority(LiveAuthority.liveBed);
  const done = () => {
    setOpen(null);
    setRefreshKey((k) => k + 1);
  };

  const actions = (row: Row) => {
    const elder = row as unknown as ElderRow;
    return [
      ...offeredEvents(elder.oldmanStatus)
        .filter((type) => may[eventAuthority(type)])
        .map((type) =>
          rowButton(
            residenceEvents[type].label,
            () => setOpen({ kind: 'event', type, elder }),
            type === 'QUIT',
          ),
        ),
      ...(mayBed && holdsBed(elder.oldmanStatus) && elder.bedId !== null
        ? [
            rowButton('调整床位', () => setOpen({ kind: 'adjust', elder })),
            rowButton('交换床位', () => setOpen({ kind: 'exchange', elder })),
          ]
        : []),
      rowButton('入住记录', () => setOpen({ kind: 'record', elder })),
    ];
  };

  return (
    <div className="page residence-page" data-testid="page-residence">
      <ResourceList
        def={residenceListDef}
        refreshKey={refreshKey}
        rowActions={actions}
        actionsWidth={300}
        toolbarExtra={
          may[LiveAuthority.liveCheckIn] ? (
            <Button
              icon="new-person"
              text="入住办理"
              title="在新窗口中逐步办理入住（settleIn.html）"
              onClick={() => window.open('/settleIn.html', 'settleIn')}
            />
          ) : null
        }
        cells={{
          oldmanStatus: (row) => (
            <span data-testid={`residence-status-${String(row.oldmanId)}`}>
              <StatusTag status={Number(row.oldmanStatus)} />
            </span>
          ),
          bedId: (row) => (
            <span data-testid={`residence-bed-${String(row.oldmanId)}`}>{String(row.bedName ?? '')}</span>
          ),
        }}
      />
      {open?.kind === 'event' && (
        <StatusDialog elder={open.elder} type={open.type} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'adjust' && (
        <AdjustDialog elder={open.elder} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'exchange' && (
        <ExchangeDialog elder={open.elder} onClose={() => setOpen(null)} onDone={done} />
      )}
      {open?.kind === 'record' && <RecordDialog elder={open.elder} onClose={() => setOpen(null)} />}
    </div>
  );
}
