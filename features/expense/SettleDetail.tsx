import { Button, Card, H4, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { dictLabel } from '../../domain/dictionaries.js';
import { amountInWords } from '../../domain/money/uppercase.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { useGet, usePrint, yuan } from './queries.js';
import './expense.css';
import { costPath, ExpensePaths as P, settlePrintUrl } from './api.js';
import type { SettlementRecord } from './resources/costSettle.js';

/** 结算详情 (/expense/settle/detail?oldmanId=): every settlement of the elder, revoked ones included. */
export function SettleDetail() {
  const oldmanId = Number(usePage().query.oldmanId);
  const print = usePrint();
  const data = useGet<{ oldmanName: string; records: SettlementRecord[] }>(
    oldmanId ? costPath(P.settleDetail, { oldmanId }) : null,
  );
  if (!oldmanId) return <div className="page">缺少长者参数</div>;
  return (
    <div className="page" data-testid="page-expense-settle-detail">
      <Card>
        <H4>结算详情 {data?.oldmanName ?? ''}</H4>
        <div className="resource-toolbar expense-toolbar">
          <Button icon="arrow-left" text="返回" onClick={() => navigate(ExpenseScreens.settle)} />
        </div>
        {(data?.records ?? []).map((r) => (
          <Card key={r.settleId} className="expense-record">
            <p className="expense-summary">
              <span>{r.createTime}</span>
              <Tag minimal intent={r.settleStatus === 1 ? Intent.SUCCESS : Intent.NONE}>
                {dictLabel('settleStatus', r.settleStatus)}
              </Tag>
              <span>经办人 {r.createName}</span>
              <span>{r.payWay ? dictLabel('batchPayWay', r.payWay) : ''}</span>
              <Button
                size="small"
                icon="print"
                text="打印"
                onClick={() => print(settlePrintUrl(r.settleId))}
              />
            </p>
            <HTMLTable compact className="data-table expense-table">
              <tbody>
                <tr>
                  <td>未缴账单</td>
                  <td className="money">{yuan(r.billFen)}</td>
                  <td>{r.bills.map((b) => `${b.billMonth}（${yuan(b.payableFen)}）`).join('、')}</td>
                </tr>
                <tr>
                  <td>其他费用</td>
                  <td className="money">{yuan(r.extraFen)}</td>
                  <td>{r.detail.map((x) => `${x.projectName}（${yuan(x.amount)}）`).join('、')}</td>
                </tr>
                <tr>
                  <td>预存款 / 入院押金 / 医疗押金 / 预订金</td>
                  <td className="money">
                    {yuan(r.prestoreFen)} / {yuan(r.depositFen)} / {yuan(r.medicalDepositFen)} /{' '}
                    {yuan(r.reservationFen)}
                  </td>
                  <td />
                </tr>
                <tr>
                  <td>退还 / 补缴</td>
                  <td className="money">
                    {yuan(r.refundFen)} / {yuan(r.collectFen)}
                  </td>
                  <td>
                    {r.refundFen ? `退还人民币${amountInWords(r.refundFen)}` : null}
                    {r.collectFen ? `补缴人民币${amountInWords(r.collectFen)}` : null}
                    {r.remark ? `　${r.remark}` : null}
                  </td>
                </tr>
              </tbody>
            </HTMLTable>
          </Card>
        ))}
        {data && data.records.length === 0 ? <p className="empty">暂无结算记录</p> : null}
      </Card>
    </div>
  );
}
