import { Alert, Button, Card, H4, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatYuan } from '../../domain/resource.js';
import { HomecareScreens } from '../../domain/screens.js';
import { HomecareAuthority } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { DisplayTable } from '../../src/resource/DisplayTable.js';
import type { CellRenderers } from '../../src/resource/ResourceTable.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { CostAccountPaths, type HomeTradeRow, homeTradeResource } from './resources/accounts.js';
import { costAccountResource } from './resources/elders.js';
import { payWayLabel } from './resources/orders.js';
import './homecare.css';
import { Pager } from '../../src/ui/Pager.js';
import { useRow } from './useRow.js';

/** Trades made on the account itself can be voided; order payments are undone through the order. */
const ownTrade = (t: HomeTradeRow) =>
  !t.voided && !t.reversal && !t.txType.startsWith('homeOrder') && t.txType !== 'homeAfterSaleRefund';

/** A line as the table shows it: its account and pay way named. */
type ShownTrade = HomeTradeRow & { accountName: string; payWayName: string };
const shown = (t: HomeTradeRow): ShownTrade => ({
  ...t,
  accountName: t.kind === 'homeDeposit' ? '押金' : '余额',
  payWayName: t.payWay ? payWayLabel(t.payWay) : '',
});

const tradeCells: CellRenderers = {
  txTypeName: (row) => (
    <>
      {String(row.txTypeName)}
      {row.voided ? <Tag minimal>已作废</Tag> : null}
    </>
  ),
};

/** 账户明细 (?accountId=): every line of the elder's balance and deposit, newest first. */
export function AccountDetail() {
  const { request, toast } = useApp();
  const accountId = Number(usePage().query.accountId);
  const canVoid = useAuthority(HomecareAuthority.accountVoid);
  const [refreshKey, setRefreshKey] = useState(0);
  const account = useRow(costAccountResource, accountId, refreshKey);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [data, setData] = useState<{ list: HomeTradeRow[]; total: number }>({ list: [], total: 0 });
  const [loaded, setLoaded] = useState(false);
  const [voiding, setVoiding] = useState<HomeTradeRow | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    request<{ list: HomeTradeRow[]; total: number }>({
      url: CostAccountPaths.trades,
      params: { accountId, ...page },
    }).then(
      (found) => {
        if (!live) return;
        setData(found);
        setLoaded(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [accountId, page, request, refreshKey]);
  const doVoid = async (t: HomeTradeRow) => {
    setVoiding(null);
    try {
      await request({
        url: CostAccountPaths.voidTrade.replace(':tradeId', String(t.tradeId)),
        method: 'PUT',
      });
      toast('交易已作废', 'success');
      setRefreshKey((k) => k + 1);
    } catch {
      // the client shows the server's message
    }
  };
  return (
    <div className="page" data-testid="page-homecare-account-detail">
      <Card>
        <H4>账户明细 {account ? String(account.oldmanName) : ''}</H4>
        <div className="homecare-actions">
          <Button icon="arrow-left" text="返回账户" onClick={() => navigate(HomecareScreens.account)} />
          {account ? (
            <span data-testid="account-balances">
              余额 {formatYuan(Number(account.balance ?? 0))} 元 · 押金{' '}
              {formatYuan(Number(account.deposit ?? 0))} 元
            </span>
          ) : null}
        </div>
        <DisplayTable
          def={homeTradeResource}
          rows={loaded ? data.list.map(shown) : null}
          cells={tradeCells}
          actions={(t) =>
            canVoid && ownTrade(t) ? (
              <Button small minimal intent={Intent.DANGER} text="作废" onClick={() => setVoiding(t)} />
            ) : null
          }
        />
        <Pager
          pageNum={page.pageNum}
          pageSize={page.pageSize}
          total={data.total}
          onChange={(pageNum, pageSize) => setPage((p) => ({ pageNum, pageSize: pageSize ?? p.pageSize }))}
        />
      </Card>
      <Alert
        isOpen={voiding !== null}
        intent={Intent.DANGER}
        confirmButtonText="作废"
        cancelButtonText="取消"
        onConfirm={() => voiding && doVoid(voiding)}
        onCancel={() => setVoiding(null)}
      >
        作废后将按原路冲回“{voiding?.txTypeName}”（{formatYuan(Math.abs(voiding?.amountFen ?? 0))}{' '}
        元），确定作废？
      </Alert>
    </div>
  );
}
