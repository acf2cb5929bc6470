import {
  Button,
  Callout,
  Card,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState } from 'react';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { navigate } from '../../src/router/hash.js';
import { MoneyInput, parseAmount } from './MoneyInput.js';
import { PayWaySelect } from './PayWaySelect.js';
import { accountTypes, messageOf, usePayWays, yuan } from './queries.js';
import { readPicked, writePicked } from './selection.js';
import './expense.css';
import { costPath, ExpensePaths as P } from './api.js';

/** 批量收款 (/expense/accountBatchPayment): one amount per chosen elder, all or nothing. */
export function BatchPayment() {
  const { request, toast } = useApp();
  const ways = usePayWays();
  const [picked, setPicked] = useState(readPicked);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [all, setAll] = useState('');
  const [kind, setKind] = useState('1');
  const [payWay, setPayWay] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const items = picked.map((p) => ({
    ...p,
    parsed: parseAmount(amounts[p.oldmanId] ?? '', `${p.oldmanName}的金额`),
  }));
  const totalFen = items.reduce((s, i) => s + ('fen' in i.parsed ? i.parsed.fen : 0), 0);
  const submit = async () => {
    if (!items.length) return setError('请先在长者账户中选择长者');
    const bad = items.find((i) => 'error' in i.parsed);
    if (bad && 'error' in bad.parsed) return setError(bad.parsed.error);
    if (!payWay) return setError('请选择支付方式');
    setBusy(true);
    setError('');
    try {
      const done = await request<{ count: number; total: number }>({
        url: costPath(P.batchReceive, { batchPayType: payWay }),
        method: 'POST',
        silent: true,
        data: {
          tradeType: Number(kind),
          remark: remark.trim() || undefined,
          items: items.map((i) => ({ oldmanId: i.oldmanId, amount: 'fen' in i.parsed ? i.parsed.fen : 0 })),
        },
      });
      writePicked([]);
      toast(`已为 ${done.count} 位长者收款，合计 ${yuan(done.total)} 元`, 'success');
      navigate(ExpenseScreens.account);
    } catch (e) {
      setError(messageOf(e, '批量收款失败'));
      setBusy(false);
    }
  };
  const drop = (id: number) => {
    const next = picked.filter((p) => p.oldmanId !== id);
    writePicked(next);
    setPicked(next);
  };

  return (
    <div className="page" data-testid="page-expense-batch">
      <Card>
        <H4>批量收款</H4>
        {error ? (
          <Callout intent={Intent.DANGER} data-testid="batch-error">
            {error}
          </Callout>
        ) : null}
        <div className="expense-form-row">
          <FormGroup label="账户类型" labelFor="batch-kind">
            <HTMLSelect id="batch-kind" value={kind} onChange={(e) => setKind(e.currentTarget.value)}>
              {accountTypes.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <PayWaySelect id="batch-payway" ways={ways} value={payWay} onChange={setPayWay} />
          <MoneyInput id="batch-all" label="统一金额（元）" value={all} onChange={setAll} />
          <FormGroup>
            <Button
              text="应用到全部"
              disabled={!all}
              onClick={() => setAmounts(Object.fromEntries(picked.map((p) => [p.oldmanId, all])))}
            />
          </FormGroup>
          <FormGroup label="备注" labelFor="batch-remark">
            <InputGroup
              id="batch-remark"
              value={remark}
              maxLength={200}
              onChange={(e) => setRemark(e.currentTarget.value)}
            />
          </FormGroup>
        </div>
        <HTMLTable compact striped className="data-table expense-table">
          <thead>
            <tr>
              <th>长者</th>
              <th>金额（元）</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {picked.map((p) => (
              <tr key={p.oldmanId}>
                <td>{p.oldmanName}</td>
                <td>
                  <InputGroup
                    aria-label={`${p.oldmanName}的金额`}
                    inputMode="decimal"
                    value={amounts[p.oldmanId] ?? ''}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setAmounts((a) => ({ ...a, [p.oldmanId]: v }));
                    }}
                  />
                </td>
                <td>
                  <Button small minimal intent={Intent.DANGER} text="移除" onClick={() => drop(p.oldmanId)} />
                </td>
              </tr>
            ))}
            {picked.length === 0 ? (
              <tr>
                <td colSpan={3} className="empty">
                  尚未选择长者，请在长者账户列表中勾选
                </td>
              </tr>
            ) : null}
          </tbody>
        </HTMLTable>
        <div className="expense-summary">
          <span>
            共 {picked.length} 位长者，合计 <b>{yuan(totalFen)}</b> 元
          </span>
          <Button text="返回" onClick={() => navigate(ExpenseScreens.account)} />
          <Button intent={Intent.PRIMARY} text="确认收款" loading={busy} onClick={submit} />
        </div>
      </Card>
    </div>
  );
}
