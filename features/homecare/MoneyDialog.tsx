import {
  Button,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { staticDictionaries } from '../../domain/dictionaries.js';
import { formatYuan, yuanToFen } from '../../domain/resource.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { CostAccountPaths as P } from './resources/accounts.js';
import { costAccountResource } from './resources/elders.js';

/** The money calls of one account, with what each needs besides the amount. */
const moneyActions = {
  topUpBalance: { label: '充值', url: P.topUpBalance, way: true },
  withdrawBalance: { label: '退款', url: P.withdrawBalance, way: true },
  topUpDeposit: { label: '缴押金', url: P.topUpDeposit, way: true },
  withdrawDeposit: { label: '退押金', url: P.withdrawDeposit, way: true },
  remitBalance: { label: '余额转押金', url: P.remitBalance, way: false },
  transferDeposit: { label: '押金转余额', url: P.transferDeposit, way: false },
  transferBalance: { label: '转账', url: P.transferBalance, way: false },
} as const;
export type MoneyAction = keyof typeof moneyActions;

export function MoneyDialog({
  account,
  action: initial,
  onClose,
}: {
  account: Row;
  /** The call the dialog opens on; the 业务类型 select changes it. */
  action: MoneyAction;
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const [chosen, setChosen] = useState<MoneyAction>(initial);
  const action = chosen;
  const spec = moneyActions[action];
  const [amount, setAmount] = useState('');
  const [way, setWay] = useState('CASH');
  const [to, setTo] = useState('');
  const [others, setOthers] = useState<Row[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (action !== 'transferBalance') return;
    request<{ list: Row[] }>({
      url: costAccountResource.api.list as string,
      params: { pageHelper: 0, accountStatus: 0 },
    }).then(
      (page) => setOthers(page.list.filter((r) => r.accountId !== account.accountId)),
      () => undefined,
    );
  }, [action, account.accountId, request]);
  const submit = async () => {
    const fen = yuanToFen(amount);
    if (fen === null || fen <= 0) return setError('请输入大于0、最多两位小数的金额');
    if (action === 'transferBalance' && !to) return setError('请选择转入账户');
    const data: Record<string, unknown> =
      action === 'topUpBalance'
        ? { accountIds: [account.accountId], amountFen: fen, tradeWay: way }
        : { accountId: account.accountId, amountFen: fen };
    if (spec.way && action !== 'topUpBalance') data.tradeWay = way;
    if (action === 'transferBalance') data.toAccountId = Number(to);
    setBusy(true);
    try {
      await request({ url: spec.url, method: 'POST', data, silent: true });
      toast(`${spec.label}成功`, 'success');
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? `${spec.label}失败`);
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`资金操作：${String(account.oldmanName)}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <ErrorCallout testId="money-error">{error}</ErrorCallout> : null}
        <p>
          余额 {formatYuan(Number(account.balance ?? 0))} 元 · 押金 {formatYuan(Number(account.deposit ?? 0))}{' '}
          元
        </p>
        <FormGroup label="业务类型" labelFor="hc-action">
          <HTMLSelect
            id="hc-action"
            value={action}
            onChange={(e) => setChosen(e.currentTarget.value as MoneyAction)}
          >
            {(Object.keys(moneyActions) as MoneyAction[]).map((a) => (
              <option key={a} value={a}>
                {moneyActions[a].label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="金额（元）" labelFor="hc-amount">
          <InputGroup id="hc-amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </FormGroup>
        {spec.way ? (
          <FormGroup label="支付方式" labelFor="hc-way">
            <HTMLSelect id="hc-way" value={way} onChange={(e) => setWay(e.currentTarget.value)}>
              {staticDictionaries.homeTradeWay.map((w) => (
                <option key={String(w.value)} value={String(w.value)}>
                  {w.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        {action === 'transferBalance' ? (
          <FormGroup label="转入账户" labelFor="hc-to">
            <HTMLSelect id="hc-to" value={to} onChange={(e) => setTo(e.currentTarget.value)}>
              <option value="">请选择转入账户</option>
              {others.map((r) => (
                <option key={String(r.accountId)} value={String(r.accountId)}>
                  {String(r.oldmanName)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text={`确定${spec.label}`} loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
