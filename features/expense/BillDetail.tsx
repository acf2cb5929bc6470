import {
  Alert,
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
import { amountInWords } from '../../domain/money/uppercase.js';
import { fenToYuan } from '../../domain/resource.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { BillStatus } from '../../machines/billMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { billPrintUrl, costPath, ExpensePaths as P } from './api.js';
import { BillStatusTag } from './Bills.js';
import { MoneyInput, parseAmount } from './MoneyInput.js';
import { messageOf, useGet, usePrint, yuan } from './queries.js';
import { ExpenseAuthority as EA } from './resources/cost.js';
import { type BillItem, type BillDetail as BillWithItems, PAYMENT } from './resources/costBills.js';
import './expense.css';

/** A line being added (itemId 0) or changed. */
type Editing = { itemId: number; projectId: string; quantity: string; price: string };

/** 账单详情 (/expense/accountBillDetail?billId=): the lines with days; an unpaid bill's lines can change. */
export function BillDetail() {
  const { request, toast } = useApp();
  const print = usePrint();
  const billId = Number(usePage().query.billId);
  const canEdit = useAuthority(EA.billCreate);
  const projects = useLookup('costProject');
  const [version, setVersion] = useState(0);
  const bill = useGet<BillWithItems>(billId ? costPath(P.billDetail, { billId }) : null, version);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<BillItem | null>(null);
  const [error, setError] = useState('');
  const editable = canEdit && bill?.billStatus === BillStatus.unpaid;

  const save = async (e: Editing) => {
    const quantity = Number(e.quantity);
    if (!Number.isInteger(quantity) || quantity < 1) return setError('数量须为正整数');
    const price = e.price.trim() ? parseAmount(e.price, '单价') : null;
    if (price && 'error' in price) return setError(price.error);
    if (!e.itemId && !e.projectId) return setError('请选择收费项目');
    if (e.itemId && !price) return setError('请输入单价');
    try {
      await request({
        url: costPath(P.billItems, { tradeType: PAYMENT }),
        method: e.itemId ? 'PUT' : 'POST',
        silent: true,
        data: e.itemId
          ? { tradeMonthDetailId: e.itemId, quantity, unitFen: price?.fen }
          : { billId, projectId: Number(e.projectId), quantity, unitFen: price?.fen },
      });
      toast('保存成功', 'success');
      setEditing(null);
      setError('');
      setVersion((v) => v + 1);
    } catch (err) {
      setError(messageOf(err, '保存失败'));
    }
  };
  const remove = async (item: BillItem) => {
    setRemoving(null);
    try {
      await request({
        url: costPath(P.billItem, { tradeType: PAYMENT, tradeMonthDetailId: item.itemId }),
        method: 'DELETE',
      });
      toast('删除成功', 'success');
      setVersion((v) => v + 1);
    } catch {
      // the client shows the server's message
    }
  };
  if (!billId) return <div className="page">缺少账单参数</div>;
  return (
    <div className="page" data-testid="page-expense-bill-detail">
      <Card>
        <H4>
          账单详情 {bill ? `${bill.oldmanName} ${bill.billMonth}` : ''}{' '}
          {bill ? <BillStatusTag status={bill.billStatus} /> : null}
        </H4>
        {bill ? (
          <p className="expense-summary">
            <span>
              费用合计 <b>{yuan(bill.totalFen)}</b> 元
            </span>
            <span>
              优惠 <b>{yuan(bill.discountFen)}</b> 元
            </span>
            <span>
              应缴 <b data-testid="bill-payable">{yuan(bill.payableFen)}</b> 元
            </span>
            <span data-testid="bill-payable-words">（大写）人民币{amountInWords(bill.payableFen)}</span>
          </p>
        ) : null}
        <div className="resource-toolbar expense-toolbar">
          <Button icon="arrow-left" text="返回账单" onClick={() => navigate(ExpenseScreens.bill)} />
          {editable ? (
            <Button
              icon="plus"
              text="添加费用"
              onClick={() => setEditing({ itemId: 0, projectId: '', quantity: '1', price: '' })}
            />
          ) : null}
          <Button icon="print" text="打印" onClick={() => print(billPrintUrl([billId]))} />
        </div>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        {editing ? (
          <div className="expense-form-row" data-testid="bill-item-editor">
            {editing.itemId ? null : (
              <FormGroup label="收费项目" labelFor="item-project">
                <HTMLSelect
                  id="item-project"
                  value={editing.projectId}
                  onChange={(e) => setEditing({ ...editing, projectId: e.currentTarget.value })}
                >
                  <option value="">请选择</option>
                  {projects.map((p) => (
                    <option key={String(p.value)} value={String(p.value)}>
                      {p.label}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
            <FormGroup label="数量" labelFor="item-quantity">
              <InputGroup
                id="item-quantity"
                inputMode="numeric"
                value={editing.quantity}
                onChange={(e) => setEditing({ ...editing, quantity: e.currentTarget.value })}
              />
            </FormGroup>
            <MoneyInput
              id="item-price"
              label={editing.itemId ? '单价（元）' : '单价（元，留空按项目单价）'}
              value={editing.price}
              onChange={(price) => setEditing({ ...editing, price })}
            />
            <FormGroup>
              <Button intent={Intent.PRIMARY} text="保存" onClick={() => save(editing)} />{' '}
              <Button text="取消" onClick={() => setEditing(null)} />
            </FormGroup>
          </div>
        ) : null}
        <HTMLTable compact striped className="data-table expense-table">
          <thead>
            <tr>
              <th>项目</th>
              <th>数量</th>
              <th className="money">单价（元）</th>
              <th>计费天数</th>
              <th className="money">金额（元）</th>
              {editable ? <th>操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {(bill?.items ?? []).map((i) => (
              <tr key={i.itemId}>
                <td>{i.projectName}</td>
                <td>{i.quantity}</td>
                <td className="money">{yuan(i.unitFen)}</td>
                <td>{i.days ?? ''}</td>
                <td className="money">{yuan(i.amountFen)}</td>
                {editable ? (
                  <td className="actions">
                    {i.kind === 'charge' ? (
                      <>
                        <Button
                          small
                          minimal
                          text="编辑"
                          onClick={() =>
                            setEditing({
                              itemId: i.itemId,
                              projectId: '',
                              quantity: String(i.quantity),
                              price: fenToYuan(i.unitFen),
                            })
                          }
                        />
                        <Button
                          small
                          minimal
                          intent={Intent.DANGER}
                          text="删除"
                          onClick={() => setRemoving(i)}
                        />
                      </>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        confirmButtonText="删除"
        cancelButtonText="取消"
        onConfirm={() => removing && remove(removing)}
        onCancel={() => setRemoving(null)}
      >
        确定删除账单明细“{removing?.projectName}”吗？
      </Alert>
    </div>
  );
}
