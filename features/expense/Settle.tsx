import { Alert, Callout, HTMLTable, InputGroup, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { ExpenseAuthority as EA } from '../../domain/resources/cost.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { ExpenseApi, yuan } from './api.js';
import { netText, SettleDialog, type SettlePreview } from './SettleDialog.js';
import './expense.css';

type Awaiting = SettlePreview & { leaveDate: string | null; oldmanStatus: number };
export interface SettleRecord {
  settleId: number;
  oldmanId: number;
  oldmanName: string;
  settleStatus: number;
  billFen: number;
  extraFen: number;
  prestoreFen: number;
  depositFen: number;
  refundFen: number;
  collectFen: number;
  createName: string;
  createTime: string;
}
const SETTLED = 1;

/** 退住结算 (/expense/settle): elders who left and wait for settlement, and the settlement records. */
export function Settle() {
  const { request, toast } = useApp();
  const [view, setView] = useState<'awaiting' | 'records'>('awaiting');
  const list = usePagedList<Awaiting & SettleRecord, { view: string; keyword: string }>(ExpenseApi.settle, {
    view: 'awaiting',
    keyword: '',
  });
  const canSettle = useAuthority(EA.settleDo);
  const canRevoke = useAuthority(EA.settleRevoke);
  const [keyword, setKeyword] = useState('');
  const [settling, setSettling] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<SettleRecord | null>(null);
  usePageRefresh(list.reload);
  const revoke = async (r: SettleRecord) => {
    setRevoking(null);
    try {
      await request({ url: ExpenseApi.revokeSettle, method: 'PUT', data: { settleId: r.settleId } });
      toast('已撤销结算', 'success');
      list.reload();
    } catch {
      // the client shows the server's message
    }
  };
  const awaiting = list.filters.view === 'awaiting';
  return (
    <div className="page" data-testid="page-expense-settle">
      <Tabs
        id="settle-view"
        className="expense-tabs"
        selectedTabId={view}
        onChange={(id) => {
          const next = id === 'records' ? 'records' : 'awaiting';
          setView(next);
          list.setFilters({ ...list.filters, view: next });
        }}
      >
        <Tab id="awaiting" title="待结算" />
        <Tab id="records" title="结算记录" />
      </Tabs>
      <div className="filter-bar">
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名，回车查询"
          aria-label="关键字"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) =>
            e.key === 'Enter' && list.setFilters({ ...list.filters, keyword: keyword.trim() })
          }
        />
      </div>
      {list.error ? <Callout intent={Intent.DANGER}>{list.error}</Callout> : null}
      <div className="expense-scroll">
        {awaiting ? (
          <HTMLTable striped compact className="data-table expense-table">
            <thead>
              <tr>
                <th>长者</th>
                <th>状态</th>
                <th>退住日期</th>
                <th className="money">未缴账单（元）</th>
                <th className="money">预存款（元）</th>
                <th className="money">押金（元）</th>
                <th>预计</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((r) => (
                <tr key={r.oldmanId} data-testid="settle-row" data-oldman-id={r.oldmanId}>
                  <td>{r.oldmanName}</td>
                  <td>{dictLabel('liveStatus', r.oldmanStatus)}</td>
                  <td>{r.leaveDate ?? ''}</td>
                  <td className="money">{yuan(r.billFen)}</td>
                  <td className="money">{yuan(r.prestoreFen)}</td>
                  <td className="money">{yuan(r.depositFen + r.medicalDepositFen)}</td>
                  <td className={r.netFen < 0 ? 'expense-due' : undefined}>{netText(r.netFen)}</td>
                  <td className="actions">
                    {canSettle ? rowButton('结算', () => setSettling(r.oldmanId)) : null}
                  </td>
                </tr>
              ))}
              {!list.loading && list.rows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="empty">
                    暂无待结算长者
                  </td>
                </tr>
              ) : null}
            </tbody>
          </HTMLTable>
        ) : (
          <HTMLTable striped compact className="data-table expense-table">
            <thead>
              <tr>
                <th>结算时间</th>
                <th>长者</th>
                <th className="money">未缴账单（元）</th>
                <th className="money">其他费用（元）</th>
                <th className="money">退还（元）</th>
                <th className="money">补缴（元）</th>
                <th>状态</th>
                <th>经办人</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((r) => (
                <tr key={r.settleId} data-testid="settle-record" data-oldman-id={r.oldmanId}>
                  <td>{r.createTime}</td>
                  <td>{r.oldmanName}</td>
                  <td className="money">{yuan(r.billFen)}</td>
                  <td className="money">{yuan(r.extraFen)}</td>
                  <td className="money">{yuan(r.refundFen)}</td>
                  <td className="money">{yuan(r.collectFen)}</td>
                  <td data-testid="settle-status">
                    <Tag minimal intent={r.settleStatus === SETTLED ? Intent.SUCCESS : Intent.NONE}>
                      {dictLabel('settleStatus', r.settleStatus)}
                    </Tag>
                  </td>
                  <td>{r.createName}</td>
                  <td className="actions">
                    {rowButton('详情', () =>
                      navigate(`${ExpenseScreens.settleDetail}?oldmanId=${r.oldmanId}`),
                    )}
                    {canRevoke && r.settleStatus === SETTLED
                      ? rowButton('撤销结算', () => setRevoking(r), true)
                      : null}
                  </td>
                </tr>
              ))}
              {!list.loading && list.rows.length === 0 ? (
                <tr>
                  <td colSpan={9} className="empty">
                    暂无结算记录
                  </td>
                </tr>
              ) : null}
            </tbody>
          </HTMLTable>
        )}
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {settling !== null ? (
        <SettleDialog
          oldmanId={settling}
          onClose={(changed) => {
            setSettling(null);
            if (changed) list.reload();
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
