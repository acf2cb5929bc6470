import { useCallback, useEffect, useState } from 'react';
import { staticDictionaries } from '../../domain/dictionaries.js';
import { formatYuan } from '../../domain/resource.js';
import { COST, TRADE_WAY } from '../../domain/resources/cost.js';
import { useApp } from '../../src/app/AppContext.js';
import { openPrintView } from '../../src/ui/printView.js';

/** Spec 001 §7 "Expense and billing" calls used by these screens. */
export const ExpenseApi = {
  accounts: `${COST}/account`,
  account: (oldmanId: number) => `${COST}/account/${oldmanId}`,
  statement: (oldmanId: number, type: string) => `${COST}/account/${oldmanId}/${type}`,
  receive: (tradeType: number, print: boolean) => `${COST}/account/${tradeType}/${print ? 1 : 0}`,
  batchReceive: (payWay: number) => `${COST}/account/${payWay}/batch`,
  obsolete: (txId: number) => `${COST}/account/obsolete/${txId}`,
  transfer: `${COST}/account/transfer`,
  remit: `${COST}/account/remit`,
  bills: `${COST}/payBack`,
  addBill: `${COST}/payBack/addBill`,
  payBatch: `${COST}/payBack/payBatch`,
  antiSettle: `${COST}/payBack/antiSettle`,
  bill: (billId: number) => `${COST}/payBack/${billId}`,
  billDetail: (billId: number) => `${COST}/payBack/detail/${billId}`,
  billItem: `${COST}/payBack/project/3`,
  billItemRemove: (itemId: number) => `${COST}/payBack/project/3/${itemId}`,
  billPrint: (billIds: number[]) => `${COST}/payBack/print/${billIds.join(',')}`,
  settle: `${COST}/settle`,
  settlePreview: (oldmanId: number) => `${COST}/settle/${oldmanId}/bill`,
  settleDetail: (oldmanId: number) => `${COST}/settle/${oldmanId}/detail`,
  settleDo: (oldmanId: number) => `${COST}/settle/${oldmanId}`,
  revokeSettle: `${COST}/settle/revokeSettle`,
  remind: `${COST}/remind`,
  remindBills: (oldmanId: number) => `${COST}/remind/${oldmanId}/bill`,
  remindPreview: (oldmanId: number, template: number) => `${COST}/remind/send/${oldmanId}/${template}`,
  remindSend: (oldmanId: number) => `${COST}/remind/send/${oldmanId}`,
  receipts: `${COST}/receipt`,
  receiptPrint: (txIds: number[]) => `${COST}/receipt/print?txIds=${txIds.join(',')}`,
  tradeWays: TRADE_WAY,
  tradeWaysShown: `${TRADE_WAY}/show`,
} as const;

/** An elder's account row (GET account): balances in fen. */
export interface AccountRow {
  oldmanId: number;
  oldmanName: string;
  oldmanIdcard: string | null;
  oldmanStatus: number;
  bedName: string | null;
  prestore: number;
  deposit: number;
  medicalDeposit: number;
  reservation: number;
  receivable: number;
}

export interface BillRow {
  billId: number;
  oldmanId: number;
  oldmanName: string;
  billMonth: string;
  billStatus: number;
  totalFen: number;
  discountFen: number;
  payableFen: number;
  payWay: number | null;
  payTime: string | null;
  createTime: string;
}

/** Accounts money goes into (tradeType of spec 001 §9), in the order the dialogs offer them. */
export const accountTypes = staticDictionaries.tradeType.filter((t) =>
  [1, 2, 6, 5].includes(Number(t.value)),
);

/** Money of integer fen as people read it: 320,400.00 (money on the wire is always fen). */
export const yuan = (fen: number | null | undefined) => formatYuan(Number(fen ?? 0));

/** The error message of a rejected request. */
export const messageOf = (e: unknown, fallback: string) => (e as { message?: string }).message ?? fallback;

export interface PayWay {
  tradeWay: number;
  tradeWayName: string;
}
const offline = new Set(staticDictionaries.batchPayWay.map((w) => Number(w.value)));
const scanned = new Set(staticDictionaries.scanPayWay.map((w) => Number(w.value)));

/** The scanned-code ways (10–13): paid through the payment provider, confirmed by the gateway. */
export const isScanPayWay = (payWay: number) => scanned.has(payWay);

/**
 * Pay ways the organisation has enabled (set/tradeWay/show). `withBalance` puts 1 余额 first (bills
 * can be paid from it); `withScan` adds the scanned-code ways, which go through ScanPayDialog.
 */
export function usePayWays(withBalance = false, withScan = false): PayWay[] {
  const { request } = useApp();
  const [ways, setWays] = useState<PayWay[]>([]);
  useEffect(() => {
    let live = true;
    request<PayWay[]>({ url: ExpenseApi.tradeWaysShown }).then(
      (list) =>
        live && setWays(list.filter((w) => offline.has(w.tradeWay) || (withScan && scanned.has(w.tradeWay)))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, withScan]);
  return withBalance ? [{ tradeWay: 1, tradeWayName: '余额' }, ...ways] : ways;
}

/** One GET, reloaded when `url` or `version` change; null while loading or after a failure. */
export function useGet<T>(url: string | null, version: unknown = 0): T | null {
  const { request } = useApp();
  const [data, setData] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    if (!url) return;
    let live = true;
    request<T>({ url }).then(
      (found) => live && setData(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [request, url, version]);
  return data;
}

/** Opens a print page, with the failure as a toast. */
export function usePrint() {
  const { toast } = useApp();
  return useCallback(
    (url: string) => {
      openPrintView(url).catch((e: unknown) => toast(messageOf(e, '打印失败'), 'danger'));
    },
    [toast],
  );
}
