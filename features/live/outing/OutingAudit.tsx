import { useState } from 'react';
import type { ResourceDef } from '../../../domain/resource.js';
import { OutStatus, outingAuditResource } from '../../../domain/resources/outing.js';
import { LiveScreens } from '../../../domain/screens.js';
import type { OutingEventType, OutingFields } from '../../../machines/outingMachine.js';
import { ResourceList, type Row } from '../../../src/resource/index.js';
import { ViewTabs } from '../../../src/ui/ViewTabs.js';
import { outingRowActions, useOutingAuthority } from './actions.js';
import { OutingDetail } from './OutingDetail.js';
import { OutingEventDialog, type StepType } from './OutingEventDialog.js';
import './outing.css';

const auditSteps: readonly OutingEventType[] = ['outing.pass', 'outing.decline'];

type Queue = 'pending' | 'all';
/** The 待审核 tab fixes the status, so its filter bar does not offer one. */
const queueDefs: Record<Queue, ResourceDef> = {
  pending: {
    ...outingAuditResource,
    filters: (outingAuditResource.filters ?? []).filter((f) => f.field !== 'outStatus'),
  },
  all: outingAuditResource,
};
const queueParams: Record<Queue, Record<string, number> | undefined> = {
  pending: { outStatus: OutStatus.pending },
  all: undefined,
};

type Open =
  | { kind: 'step'; type: StepType; row: Row; fields: OutingFields }
  | { kind: 'view'; outId: number };

/**
 * 外出审核 (/live/Outing/audit): the outings that need an audit; 待审核 ones offer 审核通过 and
 * 审核驳回 (with an opinion) when outingMachine and the user's authority allow them.
 */
export function OutingAudit() {
  const mayEvent = useOutingAuthority();
  const [queue, setQueue] = useState<Queue>('pending');
  const [open, setOpen] = useState<Open | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <div className="page" data-testid="page-outing-audit">
      <ViewTabs
        id="outing-audit-queue"
        tabs={[
          { id: 'pending', title: '待审核' },
          { id: 'all', title: '全部' },
        ]}
        selected={queue}
        onChange={setQueue}
      >
        <ResourceList
          key={queue}
          def={queueDefs[queue]}
          routeName={LiveScreens.outingAudit}
          fixedParams={queueParams[queue]}
          refreshKey={refresh}
          onOpen={(row) => setOpen({ kind: 'view', outId: Number(row.outId) })}
          rowActions={(row) =>
            outingRowActions(row, auditSteps, mayEvent, (type, r, fields) =>
              setOpen({ kind: 'step', type: type as StepType, row: r, fields }),
            )
          }
        />
      </ViewTabs>
      {open?.kind === 'step' ? (
        <OutingEventDialog
          row={open.row}
          fields={open.fields}
          type={open.type}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            setRefresh((n) => n + 1);
          }}
        />
      ) : null}
      {open?.kind === 'view' ? (
        <OutingDetail def={outingAuditResource} outId={open.outId} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
