import { Button, Intent, Tag } from '@blueprintjs/core';
import { formatYuan } from '../../domain/resource.js';
import { ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { receiptPrintUrl } from './api.js';
import { usePrint } from './queries.js';
import { receiptResource } from './resources/costReceipts.js';
import './expense.css';

interface Receipt {
  txId: number;
  receiptNo: string;
  amount: number;
  voided: number;
}
const receiptOf = (row: Row) => row as unknown as Receipt;

/** 历史收据 (/expense/receipt): every trade that took or returned money, reprinted in any number. */
export function Receipts() {
  const print = usePrint();
  return (
    <div className="page" data-testid="page-expense-receipt">
      <ResourceList
        def={receiptResource}
        rowActions={(row) => rowButton('打印', () => print(receiptPrintUrl([receiptOf(row).txId])))}
        cells={{
          receiptNo: (row) => {
            const r = receiptOf(row);
            return (
              <>
                {r.receiptNo}
                {r.voided ? (
                  <Tag minimal intent={Intent.WARNING}>
                    已作废
                  </Tag>
                ) : null}
              </>
            );
          },
          amount: (row) => (
            <span data-testid={`receipt-amount-${receiptOf(row).txId}`}>
              {formatYuan(receiptOf(row).amount)}
            </span>
          ),
        }}
        batchActions={(rows) => (
          <Button
            icon="print"
            intent={Intent.PRIMARY}
            text={`打印收据${rows.length ? `（${rows.length}）` : ''}`}
            disabled={rows.length === 0}
            onClick={() => print(receiptPrintUrl(rows.map((r) => receiptOf(r).txId)))}
          />
        )}
      />
    </div>
  );
}
