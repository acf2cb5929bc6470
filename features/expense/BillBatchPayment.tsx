import { Button, Callout, Card, FormGroup, H4, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { PayWaySelect } from './PayWaySelect.js';
import { messageOf, useGet, usePayWays, yuan } from './queries.js';
import './expense.css';
import { ChoiceSelect } from '../../src/ui/ChoiceSelect.js';
import { ExpensePaths as P } from './api.js';
import type { ElderDues } from './resources/costBills.js';

/** 账单批量缴费 (/expense/accountBillBatchPayment?oldmanIds=1,2): every unpaid bill of the chosen elders. */
export function BillBatchPayment() {
  const { request, toast } = useApp();
  const ids = (usePage().query.oldmanIds ?? '').split(',').filter((s) => /^\d+$/.test(s));
  const elders = useLookup('oldmanAll');
  const ways = usePayWays(true);
  const [payWay, setPayWay] = useState('1');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const dues = useGet<ElderDues>(ids.length ? `${P.payBatch}?oldmanIds=${ids.join(',')}` : null);
  const billIds = (dues ?? []).flatMap((d) => d.bills.map((b) => b.billId));
  const sum = (dues ?? []).reduce((s, d) => s + d.payableSum, 0);
  const withIds = (next: string[]) =>
    navigate(`${ExpenseScreens.accountBillBatchPayment}?oldmanIds=${next.join(',')}`);
  const submit = async () => {
    if (!billIds.length) return setError('所选长者没有待缴账单');
    if (!payWay) return setError('请选择支付方式');
    setBusy(true);
    try {
      const done = await request<{ count: number }>({
        url: P.payBatch,
        method: 'POST',
        silent: true,
        data: { billIds, payWay: Number(payWay) },
      });
      toast(`已缴费 ${done.count} 份账单，合计 ${yuan(sum)} 元`, 'success');
      navigate(ExpenseScreens.bill);
    } catch (e) {
      setError(messageOf(e, '缴费失败'));
      setBusy(false);
    }
  };
  return (
    <div className="page" data-testid="page-expense-bill-batch">
      <Card>
        <H4>账单批量缴费</H4>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <div className="expense-form-row">
          <FormGroup label="添加长者" labelFor="due-add">
            <ChoiceSelect
              id="due-add"
              label="添加长者"
              placeholder="请选择长者"
              filterHint="姓名或床位"
              choices={elders.filter((e) => !ids.includes(String(e.value)))}
              value=""
              onChange={(value) => value && withIds([...ids, value])}
            />
          </FormGroup>
          <PayWaySelect id="due-payway" ways={ways} value={payWay} onChange={setPayWay} />
        </div>
        <HTMLTable compact striped className="data-table expense-table">
          <thead>
            <tr>
              <th>长者</th>
              <th>待缴账单</th>
              <th className="money">应缴合计（元）</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {(dues ?? []).map((d) => (
              <tr key={d.oldmanId}>
                <td>{d.oldmanName}</td>
                <td>{d.bills.map((b) => `${b.billMonth}（${yuan(b.payableFen)}）`).join('、') || '无'}</td>
                <td className="money">{yuan(d.payableSum)}</td>
                <td>
                  <Button
                    small
                    minimal
                    intent={Intent.DANGER}
                    text="移除"
                    onClick={() => withIds(ids.filter((i) => i !== String(d.oldmanId)))}
                  />
                </td>
              </tr>
            ))}
            {ids.length === 0 ? (
              <tr>
                <td colSpan={4} className="empty">
                  请添加长者
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
        <div className="expense-summary">
          <span>
            共 {billIds.length} 份账单，合计 <b>{yuan(sum)}</b> 元
          </span>
          <Button text="返回" onClick={() => navigate(ExpenseScreens.bill)} />
          <Button
            intent={Intent.PRIMARY}
            text="确认缴费"
            loading={busy}
            disabled={!billIds.length}
            onClick={submit}
          />
        </div>
      </Card>
    </div>
  );
}
