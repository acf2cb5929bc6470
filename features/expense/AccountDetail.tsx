import { Alert, Button, Card, H4, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { Page } from '../../domain/codes.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { DisplayTable } from '../../src/resource/DisplayTable.js';
import type { CellRenderers } from '../../src/resource/ResourceTable.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { Pager } from '../../src/ui/Pager.js';
import { ViewTabs } from '../../src/ui/ViewTabs.js';
import { MoveDialog } from './MoveDialog.js';
import { useGet, usePrint, yuan } from './queries.js';
import { ReceiveDialog } from './ReceiveDialog.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import './expense.css';
import { costPath, ExpensePaths as P, receiptPrintUrl } from './api.js';
import { type AccountRow, type StatementRow, statementResource } from './resources/costAccounts.js';

/** Statement tabs of spec 001 §7 (account/{oldmanId}/{type}). */
const tabs = [
  { id: '1', title: '预存款' },
  { id: '2,6', title: '押金' },
  { id: '5', title: '预订金' },
  { id: '3', title: '缴费' },
  { id: '4', title: '退款' },
];
/** Trades the account screens may void (bills and settlements have their own undo). */
const voidable = new Set(['receive', 'refund', 'transfer', 'remit']);
const mayVoid = (r: StatementRow) =>
  voidable.has(r.txType) && r.reversedByTxId === null && r.reversesTxId === null;

type Open = 'receive' | 'refund' | 'transfer' | 'remit' | null;

const statementCells: CellRenderers = {
  memo: (row) => (
    <>
      {String(row.memo)}
      {row.reversedByTxId !== null ? (
        <Tag minimal intent={Intent.WARNING}>
          已作废
        </Tag>
      ) : null}
    </>
  ),
};

/** 账户明细 (/expense/accountDetail?oldmanId=): balances, statements with running balance, money actions. */
export function AccountDetail() {
  const { request, toast } = useApp();
  const print = usePrint();
  const oldmanId = Number(usePage().query.oldmanId);
  const canTrade = useAuthority(EA.accountTrade);
  const canVoid = useAuthority(EA.accountObsolete);
  const [version, setVersion] = useState(0);
  const [tab, setTab] = useState('1');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [open, setOpen] = useState<Open>(null);
  const [voiding, setVoiding] = useState<StatementRow | null>(null);
  const elder = useGet<AccountRow>(oldmanId ? costPath(P.account, { oldmanId }) : null, version);
  const query = `pageNum=${page.pageNum}&pageSize=${page.pageSize}`;
  const rows = useGet<Page<StatementRow>>(
    oldmanId ? `${costPath(P.statement, { oldmanId, tradeType: tab })}?${query}` : null,
    version,
  );
  const reload = () => setVersion((v) => v + 1);
  const doVoid = async (r: StatementRow) => {
    setVoiding(null);
    try {
      await request({ url: costPath(P.obsolete, { tradeId: r.txId }), method: 'DELETE' });
      toast('交易已作废', 'success');
      reload();
    } catch {
      // the client shows the server's message
    }
  };
  if (!oldmanId) return <div className="page">缺少长者参数</div>;
  return (
    <div className="page" data-testid="page-expense-account-detail">
      <Card>
        <H4>账户明细 {elder?.oldmanName ?? ''}</H4>
        {elder ? (
          <p className="expense-summary" data-testid="detail-balances">
            <span>
              预存款 <b>{yuan(elder.prestore)}</b> 元
            </span>
            <span>
              入院押金 <b>{yuan(elder.deposit)}</b> 元
            </span>
            <span>
              医疗押金 <b>{yuan(elder.medicalDeposit)}</b> 元
            </span>
            <span>
              预订金 <b>{yuan(elder.reservation)}</b> 元
            </span>
            <span className={elder.receivable > 0 ? 'expense-due' : undefined}>
              待缴 <b>{yuan(elder.receivable)}</b> 元
            </span>
          </p>
        ) : null}
        <div className="resource-toolbar expense-toolbar">
          <Button icon="arrow-left" text="返回账户" onClick={() => navigate(ExpenseScreens.account)} />
          {canTrade && elder ? (
            <>
              <Button intent={Intent.PRIMARY} icon="plus" text="收款" onClick={() => setOpen('receive')} />
              <Button icon="undo" text="退款" onClick={() => setOpen('refund')} />
              <Button icon="exchange" text="转账" onClick={() => setOpen('transfer')} />
              <Button icon="swap-horizontal" text="划转" onClick={() => setOpen('remit')} />
            </>
          ) : null}
        </div>
        <ViewTabs
          id="expense-statement"
          tabs={tabs}
          selected={tab}
          onChange={(id) => {
            setTab(id);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        >
          <div className="expense-scroll">
            <DisplayTable
              def={statementResource}
              rows={rows?.list ?? null}
              cells={statementCells}
              actions={(r) => (
                <>
                  {r.receiptNo ? (
                    <Button small minimal text="打印收据" onClick={() => print(receiptPrintUrl([r.txId]))} />
                  ) : null}
                  {canVoid && mayVoid(r) ? (
                    <Button small minimal intent={Intent.DANGER} text="作废" onClick={() => setVoiding(r)} />
                  ) : null}
                </>
              )}
            />
          </div>
          <Pager
            total={rows?.total ?? 0}
            pageNum={page.pageNum}
            pageSize={page.pageSize}
            onChange={(pageNum, pageSize) => setPage((p) => ({ pageNum, pageSize: pageSize ?? p.pageSize }))}
          />
        </ViewTabs>
      </Card>
      {elder && (open === 'receive' || open === 'refund') ? (
        <ReceiveDialog
          elder={elder}
          refund={open === 'refund'}
          onClose={(changed) => {
            setOpen(null);
            if (changed) reload();
          }}
        />
      ) : null}
      {elder && (open === 'transfer' || open === 'remit') ? (
        <MoveDialog
          elder={elder}
          kind={open}
          onClose={(changed) => {
            setOpen(null);
            if (changed) reload();
          }}
        />
      ) : null}
      <Alert
        isOpen={voiding !== null}
        intent={Intent.DANGER}
        confirmButtonText="作废"
        cancelButtonText="取消"
        onConfirm={() => voiding && doVoid(voiding)}
        onCancel={() => setVoiding(null)}
      >
        作废后将按原路冲回“{voiding?.memo}”（{yuan(voiding?.amount)} 元），确定作废？
      </Alert>
    </div>
  );
}
