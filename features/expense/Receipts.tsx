import { Button, Callout, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Pager } from '../../src/ui/Pager.js';
import { usePagedList } from '../../src/ui/usePagedList.js';
import { ExpenseApi, usePrint, yuan } from './api.js';
import { DateRange } from './PeriodInputs.js';
import './expense.css';

interface Receipt {
  txId: number;
  receiptNo: string;
  txTypeName: string;
  payWayName: string;
  memo: string;
  oldmanName: string;
  operatorName: string;
  createTime: string;
  amount: number;
  voided: boolean;
}
const initial = { startDate: '', endDate: '', keyword: '' };

/** 历史收据 (/expense/receipt): every trade that took or returned money, reprinted in any number. */
export function Receipts() {
  const list = usePagedList<Receipt, typeof initial>(ExpenseApi.receipts, initial);
  const print = usePrint();
  const [draft, setDraft] = useState(initial);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  usePageRefresh(list.reload);
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="page" data-testid="page-expense-receipt">
      <div className="filter-bar">
        <DateRange
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => setDraft({ ...draft, startDate, endDate })}
        />
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名或收据号"
          aria-label="关键字"
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && list.setFilters({ ...draft, keyword: draft.keyword.trim() })}
        />
        <Button
          icon="search"
          intent={Intent.PRIMARY}
          text="查询"
          onClick={() => list.setFilters({ ...draft, keyword: draft.keyword.trim() })}
        />
        <Button
          icon="reset"
          text="重置"
          onClick={() => {
            setDraft(initial);
            list.setFilters(initial);
          }}
        />
      </div>
      <div className="resource-toolbar expense-toolbar">
        <Button
          icon="print"
          intent={Intent.PRIMARY}
          text={`打印收据${selected.size ? `（${selected.size}）` : ''}`}
          disabled={selected.size === 0}
          onClick={() => print(ExpenseApi.receiptPrint([...selected]))}
        />
      </div>
      {list.error ? <Callout intent={Intent.DANGER}>{list.error}</Callout> : null}
      <div className="expense-scroll">
        <HTMLTable striped compact className="data-table expense-table">
          <thead>
            <tr>
              <th />
              <th>收据号</th>
              <th>时间</th>
              <th>长者</th>
              <th>业务</th>
              <th>支付方式</th>
              <th className="money">金额（元）</th>
              <th>摘要</th>
              <th>经办人</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.txId}>
                <td>
                  <input
                    type="checkbox"
                    className="resource-check"
                    aria-label={`选择收据${r.receiptNo}`}
                    checked={selected.has(r.txId)}
                    onChange={(e) => toggle(r.txId, e.currentTarget.checked)}
                  />
                </td>
                <td>
                  {r.receiptNo}
                  {r.voided ? (
                    <Tag minimal intent={Intent.WARNING}>
                      已作废
                    </Tag>
                  ) : null}
                </td>
                <td>{r.createTime}</td>
                <td>{r.oldmanName}</td>
                <td>{r.txTypeName}</td>
                <td>{r.payWayName}</td>
                <td className="money">{yuan(r.amount)}</td>
                <td>{r.memo}</td>
                <td>{r.operatorName}</td>
              </tr>
            ))}
            {!list.loading && list.rows.length === 0 ? (
              <tr>
                <td colSpan={9} className="empty">
                  暂无数据
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
      </div>
      <Pager total={list.total} pageNum={list.pageNum} pageSize={list.pageSize} onChange={list.setPage} />
    </div>
  );
}
