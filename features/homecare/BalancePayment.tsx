import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  H4,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { staticDictionaries } from '../../domain/dictionaries.js';
import { formatYuan, yuanToFen } from '../../domain/resource.js';
import { HomecareScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { CostAccountPaths } from './resources/accounts.js';
import { costAccountResource } from './resources/elders.js';

/** 批量充值 (/homecare/accountBalancePayment): one amount to each chosen open account, in one call. */
export function BalancePayment() {
  const { request, toast } = useApp();
  const [accounts, setAccounts] = useState<Row[]>([]);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const [amount, setAmount] = useState('');
  const [way, setWay] = useState('CASH');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    request<{ list: Row[] }>({
      url: costAccountResource.api.list as string,
      params: { pageHelper: 0, accountStatus: 0 },
    }).then(
      (page) => setAccounts(page.list),
      () => undefined,
    );
  }, [request]);
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = async () => {
    const fen = yuanToFen(amount);
    if (!chosen.size) return setError('请选择账户');
    if (fen === null || fen <= 0) return setError('请输入大于0、最多两位小数的金额');
    setBusy(true);
    try {
      await request({
        url: CostAccountPaths.topUpBalance,
        method: 'POST',
        data: { accountIds: [...chosen], amountFen: fen, tradeWay: way },
        silent: true,
      });
      toast(`已为 ${chosen.size} 个账户各充值 ${formatYuan(fen)} 元`, 'success');
      navigate(HomecareScreens.account);
    } catch (e) {
      setError((e as { message?: string }).message ?? '充值失败');
      setBusy(false);
    }
  };
  return (
    <div className="page" data-testid="page-homecare-batch-topup">
      <Card>
        <H4>批量充值</H4>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <div className="homecare-form-row">
          <FormGroup label="每人充值金额（元）" labelFor="hc-batch-amount">
            <InputGroup id="hc-batch-amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </FormGroup>
          <FormGroup label="支付方式" labelFor="hc-batch-way">
            <HTMLSelect id="hc-batch-way" value={way} onChange={(e) => setWay(e.currentTarget.value)}>
              {staticDictionaries.homeTradeWay.map((w) => (
                <option key={String(w.value)} value={String(w.value)}>
                  {w.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup>
            <Button intent={Intent.PRIMARY} text="确定充值" loading={busy} onClick={submit} />{' '}
            <Button text="返回" onClick={() => navigate(HomecareScreens.account)} />
          </FormGroup>
        </div>
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>选择</th>
              <th>长者</th>
              <th>余额（元）</th>
              <th>押金（元）</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={String(a.accountId)}>
                <td>
                  <Checkbox
                    checked={chosen.has(Number(a.accountId))}
                    onChange={() => toggle(Number(a.accountId))}
                    aria-label={String(a.oldmanName)}
                  />
                </td>
                <td>{String(a.oldmanName)}</td>
                <td>{formatYuan(Number(a.balance ?? 0))}</td>
                <td>{formatYuan(Number(a.deposit ?? 0))}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
    </div>
  );
}
