import { Button, Callout, HTMLSelect, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel, staticDictionaries } from '../../domain/dictionaries.js';
import { ExpenseAuthority as EA } from '../../domain/resources/cost.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ExportMenu } from '../../src/resource/ExportMenu.js';
import { rowButton } from '../../src/resource/index.js';
import { listExportUrl } from '../../src/resource/listQuery.js';
import { navigate } from '../../src/router/hash.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { type AccountRow, ExpenseApi, yuan } from './api.js';
import { ReceiveDialog } from './ReceiveDialog.js';
import { readPicked, togglePicked, writePicked } from './selection.js';
import './expense.css';

const initialFilters = { keyword: '', oldmanStatuses: '' };

/** 长者账户 (/expense/account): every elder's balances; 收款 per row; a selection for 批量收款. */
export function Accounts() {
  const list = usePagedList<AccountRow, typeof initialFilters>(ExpenseApi.accounts, initialFilters);
  const canTrade = useAuthority(EA.accountTrade);
  const [keyword, setKeyword] = useState('');
  const [receiving, setReceiving] = useState<AccountRow | null>(null);
  const [picked, setPicked] = useState(readPicked);
  usePageRefresh(list.reload);
  const pick = (row: AccountRow, on: boolean) => {
    const next = togglePicked(picked, { oldmanId: row.oldmanId, oldmanName: row.oldmanName }, on);
    writePicked(next);
    setPicked(next);
  };
  const isPicked = (id: number) => picked.some((p) => p.oldmanId === id);
  const allPicked = list.rows.length > 0 && list.rows.every((r) => isPicked(r.oldmanId));

  return (
    <div className="page" data-testid="page-expense-account">
      <div className="filter-bar">
        <InputGroup
          leftIcon="search"
          placeholder="姓名或身份证号"
          aria-label="关键字"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
          onKeyDown={(e) =>
            e.key === 'Enter' && list.setFilters({ ...list.filters, keyword: keyword.trim() })
          }
        />
        <HTMLSelect
          aria-label="入住状态"
          value={list.filters.oldmanStatuses}
          onChange={(e) => list.setFilters({ ...list.filters, oldmanStatuses: e.currentTarget.value })}
        >
          <option value="">全部状态</option>
          {staticDictionaries.liveStatus.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </HTMLSelect>
        <Button
          icon="search"
          intent={Intent.PRIMARY}
          text="查询"
          onClick={() => list.setFilters({ ...list.filters, keyword: keyword.trim() })}
        />
        <Button
          icon="reset"
          text="重置"
          onClick={() => {
            setKeyword('');
            list.setFilters(initialFilters);
          }}
        />
      </div>
      <div className="resource-toolbar expense-toolbar">
        {canTrade ? (
          <Button
            icon="bank-account"
            intent={Intent.PRIMARY}
            text={`批量收款${picked.length ? `（已选 ${picked.length} 位）` : ''}`}
            disabled={picked.length === 0}
            onClick={() => navigate(ExpenseScreens.accountBatchPayment)}
          />
        ) : null}
        {canTrade && picked.length ? (
          <Button
            minimal
            text="清空选择"
            onClick={() => {
              writePicked([]);
              setPicked([]);
            }}
          />
        ) : null}
        <span className="resource-toolbar-gap" />
        <ExportMenu
          title="长者账户"
          urlOf={(format) => listExportUrl(ExpenseApi.accounts, list.filters, format)}
        />
      </div>
      {list.error ? <Callout intent={Intent.DANGER}>{list.error}</Callout> : null}
      <div className="expense-scroll">
        <HTMLTable striped compact interactive className="data-table expense-table">
          <thead>
            <tr>
              {canTrade ? (
                <th>
                  <input
                    type="checkbox"
                    className="resource-check"
                    aria-label="全选本页"
                    checked={allPicked}
                    onChange={(e) => {
                      let next = picked;
                      for (const r of list.rows)
                        next = togglePicked(
                          next,
                          { oldmanId: r.oldmanId, oldmanName: r.oldmanName },
                          e.currentTarget.checked,
                        );
                      writePicked(next);
                      setPicked(next);
                    }}
                  />
                </th>
              ) : null}
              <th>姓名</th>
              <th>入住状态</th>
              <th>床位</th>
              <th className="money">预存款（元）</th>
              <th className="money">入院押金（元）</th>
              <th className="money">医疗押金（元）</th>
              <th className="money">预订金（元）</th>
              <th className="money">待缴（元）</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.oldmanId} data-testid="account-row" data-oldman-id={r.oldmanId}>
                {canTrade ? (
                  <td>
                    <input
                      type="checkbox"
                      className="resource-check"
                      aria-label={`选择${r.oldmanName}`}
                      checked={isPicked(r.oldmanId)}
                      onChange={(e) => pick(r, e.currentTarget.checked)}
                    />
                  </td>
                ) : null}
                <td>{r.oldmanName}</td>
                <td>{dictLabel('liveStatus', r.oldmanStatus)}</td>
                <td>{r.bedName ?? ''}</td>
                <td className="money" data-testid="account-prestore">
                  {yuan(r.prestore)}
                </td>
                <td className="money">{yuan(r.deposit)}</td>
                <td className="money">{yuan(r.medicalDeposit)}</td>
                <td className="money">{yuan(r.reservation)}</td>
                <td className={r.receivable > 0 ? 'money expense-due' : 'money'}>{yuan(r.receivable)}</td>
                <td className="actions">
                  {canTrade ? rowButton('收款', () => setReceiving(r)) : null}
                  {rowButton('明细', () =>
                    navigate(`${ExpenseScreens.accountDetail}?oldmanId=${r.oldmanId}`),
                  )}
                </td>
              </tr>
            ))}
            {!list.loading && list.rows.length === 0 ? (
              <tr>
                <td colSpan={10} className="empty">
                  暂无数据
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
      {receiving ? (
        <ReceiveDialog
          elder={receiving}
          onClose={(changed) => {
            setReceiving(null);
            if (changed) list.reload();
          }}
        />
      ) : null}
    </div>
  );
}
