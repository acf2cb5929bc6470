import { Button, DialogBody, DialogFooter, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { ChoiceSelect } from '../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { ExpensePaths as P } from './api.js';
import { MoneyInput, parseAmount } from './MoneyInput.js';
import { accountTypes, messageOf } from './queries.js';
import type { AccountRow } from './resources/costAccounts.js';

const AccountSelect = ({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange(v: string): void;
}) => (
  <FormGroup label={label} labelFor={id}>
    <HTMLSelect id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {accountTypes.map((t) => (
        <option key={t.value} value={t.value}>
          {t.label}
        </option>
      ))}
    </HTMLSelect>
  </FormGroup>
);

/** 转账 to another elder (same account kind) or 划转 between the elder's own accounts. */
export function MoveDialog({
  elder,
  kind,
  onClose,
}: {
  elder: AccountRow;
  kind: 'transfer' | 'remit';
  onClose(changed: boolean): void;
}) {
  const { request, toast } = useApp();
  const elders = useLookup(kind === 'transfer' ? 'oldmanAll' : undefined);
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState(kind === 'transfer' ? '' : '2');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const label = kind === 'transfer' ? '转账' : '划转';
  const submit = async () => {
    const parsed = parseAmount(amount, `${label}金额`);
    if ('error' in parsed) return setError(parsed.error);
    if (!to) return setError('请选择转入长者');
    const data =
      kind === 'transfer'
        ? { oldmanId: elder.oldmanId, accountNumTo: Number(to), tradeType: Number(from), amount: parsed.fen }
        : { oldmanId: elder.oldmanId, fromType: Number(from), toType: Number(to), amount: parsed.fen };
    setBusy(true);
    setError('');
    try {
      await request({
        url: kind === 'transfer' ? P.transfer : P.remit,
        method: 'PUT',
        data,
        silent: true,
      });
      toast(`${label}成功`, 'success');
      onClose(true);
    } catch (e) {
      setError(messageOf(e, `${label}失败`));
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`${label}：${elder.oldmanName}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <ErrorCallout testId="move-error">{error}</ErrorCallout> : null}
        <AccountSelect
          id="move-from"
          label={kind === 'transfer' ? '账户类型' : '转出账户'}
          value={from}
          onChange={setFrom}
        />
        {kind === 'transfer' ? (
          <FormGroup label="转入长者" labelFor="move-to">
            <ChoiceSelect
              id="move-to"
              label="转入长者"
              placeholder="请选择转入长者"
              filterHint="姓名或床位"
              choices={elders.filter((e) => String(e.value) !== String(elder.oldmanId))}
              value={to}
              onChange={setTo}
            />
          </FormGroup>
        ) : (
          <AccountSelect id="move-to" label="转入账户" value={to} onChange={setTo} />
        )}
        <MoneyInput id="move-amount" value={amount} onChange={setAmount} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text={`确定${label}`} loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}
