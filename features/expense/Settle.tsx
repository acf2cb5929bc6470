import { Alert, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { ViewTabs } from '../../src/ui/ViewTabs.js';
import { ExpensePaths as P, settlePrintUrl } from './api.js';
import { usePrint } from './queries.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import {
  type SettlePreview,
  SettleStatus,
  settleAwaitingResource,
  settlementResource,
} from './resources/costSettle.js';
import { netText, SettleDialog } from './SettleDialog.js';
import './expense.css';

interface SettleRecord {
  settleId: number;
  oldmanId: number;
  oldmanName: string;
  settleStatus: number;
}
const recordOf = (row: Row) => row as unknown as SettleRecord;
const awaitingOf = (row: Row) => row as unknown as SettlePreview;

/** 退住结算 (/expense/settle): elders who left and wait for settlement, and the settlement records. */
export function Settle() {
  const { request, toast } = useApp();
  const { path } = usePage();
  const [view, setView] = useState<'awaiting' | 'records'>('awaiting');
  const canSettle = useAuthority(EA.settleDo);
  const canRevoke = useAuthority(EA.settleRevoke);
  const [settling, setSettling] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<SettleRecord | null>(null);
  const [version, setVersion] = useState(0);
  const print = usePrint();
  const reload = () => setVersion((v) => v + 1);
  const revoke = async (r: SettleRecord) => {
    setRevoking(null);
    try {
      await request({ url: P.revokeSettle, method: 'PUT', data: { settleId: r.settleId } });
      toast('已撤销结算', 'success');
      reload();
    } catch {
      // the client shows the server's message
    }
  };
  return (
    <div className="page" data-testid="page-expense-settle">
      <ViewTabs
        id="settle-view"
        className="expense-tabs"
        tabs={[
          { id: 'awaiting', title: '待结算' },
          { id: 'records', title: '结算记录' },
        ]}
        selected={view}
        onChange={setView}
      >
        {view === 'awaiting' ? (
          <ResourceList
            key="awaiting"
            def={settleAwaitingResource}
            routeName={`${path}/awaiting`}
            refreshKey={version}
            rowActions={(row) =>
              canSettle ? rowButton('结算', () => setSettling(awaitingOf(row).oldmanId)) : null
            }
            cells={{
              netFen: (row) => {
                const { oldmanId, netFen } = awaitingOf(row);
                return (
                  <span
                    data-testid={`settle-net-${oldmanId}`}
                    className={netFen < 0 ? 'expense-due' : undefined}
                  >
                    {netText(netFen)}
                  </span>
                );
              },
            }}
          />
        ) : (
          <ResourceList
            key="records"
            def={settlementResource}
            routeName={`${path}/records`}
            refreshKey={version}
            onOpen={(row) => navigate(`${ExpenseScreens.settleDetail}?oldmanId=${recordOf(row).oldmanId}`)}
            rowActions={(row) => (
              <>
                {rowButton('打印', () => print(settlePrintUrl(recordOf(row).settleId)))}
                {canRevoke && recordOf(row).settleStatus === SettleStatus.settled
                  ? rowButton('撤销结算', () => setRevoking(recordOf(row)), true)
                  : null}
              </>
            )}
            actionsWidth={190}
            cells={{
              settleStatus: (row) => {
                const r = recordOf(row);
                return (
                  <Tag
                    minimal
                    intent={r.settleStatus === SettleStatus.settled ? Intent.SUCCESS : Intent.NONE}
                    data-testid={`settle-status-${r.settleId}`}
                  >
                    {dictLabel('settleStatus', r.settleStatus)}
                  </Tag>
                );
              },
            }}
          />
        )}
      </ViewTabs>
      {settling !== null ? (
        <SettleDialog
          oldmanId={settling}
          onClose={(changed) => {
            setSettling(null);
            if (changed) reload();
          }}
        />
      ) : null}
      <Alert
        isOpen={revoking !== null}
        intent={Intent.DANGER}
        confirmButtonText="撤销结算"
        cancelButtonText="取消"
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        确定撤销 {revoking?.oldmanName} 的退住结算吗？账单和账户余额将恢复到结算前。
      </Alert>
    </div>
  );
}
