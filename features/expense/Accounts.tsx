import { Button, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { formatYuan } from '../../domain/resource.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { ReceiveDialog } from './ReceiveDialog.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import { type AccountRow, accountResource } from './resources/costAccounts.js';
import { type PickedElder, readPicked, writePicked } from './selection.js';
import './expense.css';

/** The list's rows are accounts (features/expense/resources/costAccounts.ts). */
const accountOf = (row: Row) => row as unknown as AccountRow;

/**
 * 长者账户 (/expense/account): every elder's balances and their 合计; 收款 per row; the elders ticked
 * for 批量收款 stay chosen across pages and searches (session storage payBatchData, spec 000 §1).
 */
export function Accounts() {
  const canTrade = useAuthority(EA.accountTrade);
  const [receiving, setReceiving] = useState<AccountRow | null>(null);
  const [picked, setPicked] = useState(readPicked);
  const [version, setVersion] = useState(0);
  const keep = (next: PickedElder[]) => {
    writePicked(next);
    setPicked(next);
  };
  const choose = (ids: Set<number>, pageRows: Row[]) => {
    const kept = picked.filter((p) => ids.has(p.oldmanId));
    const added = pageRows
      .map(accountOf)
      .filter((r) => ids.has(r.oldmanId) && !kept.some((p) => p.oldmanId === r.oldmanId))
      .map((r) => ({ oldmanId: r.oldmanId, oldmanName: r.oldmanName }));
    keep([...kept, ...added]);
  };

  return (
    <div className="page" data-testid="page-expense-account">
      <ResourceList
        def={accountResource}
        refreshKey={version}
        onOpen={(row) => navigate(`${ExpenseScreens.accountDetail}?oldmanId=${accountOf(row).oldmanId}`)}
        rowActions={(row) => (canTrade ? rowButton('收款', () => setReceiving(accountOf(row))) : null)}
        cells={{
          prestore: (row) => (
            <span data-testid={`account-prestore-${accountOf(row).oldmanId}`}>
              {formatYuan(accountOf(row).prestore)}
            </span>
          ),
          receivable: (row) => (
            <span className={accountOf(row).receivable > 0 ? 'expense-due' : undefined}>
              {formatYuan(accountOf(row).receivable)}
            </span>
          ),
        }}
        selection={canTrade ? { ids: new Set(picked.map((p) => p.oldmanId)), onChange: choose } : undefined}
        toolbarExtra={
          canTrade ? (
            <>
              <Button
                icon="bank-account"
                intent={Intent.PRIMARY}
                text={`批量收款${picked.length ? `（已选 ${picked.length} 位）` : ''}`}
                disabled={picked.length === 0}
                onClick={() => navigate(ExpenseScreens.accountBatchPayment)}
              />
              {picked.length ? <Button minimal text="清空选择" onClick={() => keep([])} /> : null}
            </>
          ) : null
        }
      />
      {receiving ? (
        <ReceiveDialog
          elder={receiving}
          onClose={(changed) => {
            setReceiving(null);
            if (changed) setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </div>
  );
}
