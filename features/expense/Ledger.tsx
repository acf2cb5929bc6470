import { Button, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { type AccountKind, accountKinds } from '../../domain/ledger.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { ExpensePaths } from './api.js';
import { useGet, yuan } from './queries.js';
import './expense.css';

interface Reconciliation {
  ok: boolean;
  accounts: number;
  trades: number;
  entries: number;
  totalFen: number;
  byKind: Partial<Record<AccountKind, number>>;
  problems: string[];
}

/** 账务核对 (/expense/report/ledger): the money book proved to the fen, or what is wrong with it. */
export function Ledger() {
  const [version, setVersion] = useState(0);
  usePageRefresh(() => setVersion((v) => v + 1));
  const r = useGet<Reconciliation>(ExpensePaths.ledger, version);
  return (
    <div className="page" data-testid="page-report-ledger">
      <div className="resource-toolbar expense-toolbar">
        <Button icon="refresh" text="重新核对" onClick={() => setVersion((v) => v + 1)} />
      </div>
      {r ? (
        r.ok ? (
          <Callout
            intent={Intent.SUCCESS}
            icon="tick-circle"
            title="账实相符"
            data-testid="ledger-ok"
            className="expense-ok"
          >
            {r.trades} 笔交易、{r.entries} 条明细、{r.accounts} 个账户逐笔核对无误，借贷合计为零。
          </Callout>
        ) : (
          <Callout intent={Intent.DANGER} icon="error" title="账实不符" data-testid="ledger-problems">
            <ul>
              {r.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Callout>
        )
      ) : null}
      {r ? (
        <HTMLTable compact striped className="data-table expense-table expense-ledger">
          <thead>
            <tr>
              <th>账户类别</th>
              <th className="money">余额（元）</th>
            </tr>
          </thead>
          <tbody>
            {(Object.keys(accountKinds) as AccountKind[])
              .filter((k) => r.byKind[k] !== undefined)
              .map((k) => (
                <tr key={k}>
                  <td>{accountKinds[k].label}</td>
                  <td className="money">{yuan(r.byKind[k])}</td>
                </tr>
              ))}
          </tbody>
        </HTMLTable>
      ) : null}
    </div>
  );
}
