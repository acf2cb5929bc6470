import { useCallback, useEffect, useState } from 'react';
import { staticDictionaries } from '../../domain/dictionaries.js';
import { formatYuan } from '../../domain/resource.js';
import { useApp } from '../../src/app/AppContext.js';
import { openPrintView } from '../../src/ui/printView.js';
import { ExpensePaths } from './api.js';
import type { TradeWayRow } from './resources/cost.js';

/** Accounts money goes into (tradeType of spec 001 §9), in the order the dialogs offer them. */
export const accountTypes = staticDictionaries.tradeType.filter((t) =>
  [1, 2, 6, 5].includes(Number(t.value)),
);

/** Money of integer fen as people read it: 320,400.00 (money on the wire is always fen). */
export const yuan = (fen: number | null | undefined) => formatYuan(Number(fen ?? 0));

/** The error message of a rejected request. */
export const messageOf = (e: unknown, fallback: string) => (e as { message?: string }).message ?? fallback;

export type PayWay = Pick<TradeWayRow, 'tradeWay' | 'tradeWayName'>;
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
    request<PayWay[]>({ url: ExpensePaths.tradeWaysShown }).then(
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
