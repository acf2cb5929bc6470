import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { HomecareScreens } from '../../domain/screens.js';
import { HomecareAuthority } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { type MoneyAction, MoneyDialog } from './MoneyDialog.js';
import { CostAccountPaths } from './resources/accounts.js';
import { costAccountResource } from './resources/elders.js';

const def = costAccountResource;
const SEALED = 1;

/** 居家账户 (/homecare/account): balance and deposit from the ledger; every money call per row. */
export function Accounts() {
  const { request, toast } = useApp();
  const may = useResourceAuthority(def);
  const canTrade = useAuthority(HomecareAuthority.accountTrade);
  const [acting, setActing] = useState<{ row: Row; action: MoneyAction } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const recover = async (row: Row) => {
    try {
      await request({ url: CostAccountPaths.recovery.replace(':id', String(row.accountId)), method: 'PUT' });
      toast('账户已恢复', 'success');
      setRefreshKey((k) => k + 1);
    } catch {
      // the client shows the server's message
    }
  };
  return (
    <div className="page" data-testid="page-homecare-accounts">
      <ResourceList
        def={def}
        routeName={HomecareScreens.account}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        actionsWidth={290}
        toolbarExtra={
          canTrade ? (
            <Button
              icon="bank-account"
              text="批量充值"
              onClick={() => navigate(HomecareScreens.accountBalancePayment)}
            />
          ) : null
        }
        rowActions={(row) => [
          rowButton('明细', () =>
            navigate(`${HomecareScreens.accountDetail}?accountId=${String(row.accountId)}`),
          ),
          ...(Number(row.accountStatus) === SEALED
            ? may.canEdit
              ? [rowButton('恢复', () => recover(row))]
              : []
            : canTrade
              ? [
                  rowButton('充值', () => setActing({ row, action: 'topUpBalance' })),
                  rowButton('资金操作', () => setActing({ row, action: 'withdrawBalance' })),
                ]
              : []),
        ]}
      />
      {acting ? (
        <MoneyDialog
          account={acting.row}
          action={acting.action}
          onClose={(changed) => {
            setActing(null);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}
