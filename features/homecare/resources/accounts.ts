import { z } from 'zod';
import type { ResourceDef } from '../../../domain/resource.js';
import {
  HOME_TRADE_WAYS,
  HomecareAuthority,
  HOMECARE_WEB as WEB,
} from '../../../domain/statuses/homecare.js';

/**
 * Money calls of the home-care cost accounts (spec 001 §7 costAccount, costAccountTradeDetail).
 * Every call is one double-entry trade of the shared ledger (server/ledger); see docs/decisions.md
 * "Home care" for what each moves.
 */
const ACCOUNT = `${WEB}/costAccount`;
export const CostAccountPaths = {
  last: `${ACCOUNT}/last`,
  recovery: `${ACCOUNT}/recovery/:id`,
  topUpBalance: `${ACCOUNT}/topUp/balance`,
  withdrawBalance: `${ACCOUNT}/withdraw/balance`,
  transferBalance: `${ACCOUNT}/transfer/balance`,
  remitBalance: `${ACCOUNT}/remit/balance`,
  topUpDeposit: `${ACCOUNT}/topUp/deposit`,
  withdrawDeposit: `${ACCOUNT}/withdraw/deposit`,
  transferDeposit: `${ACCOUNT}/transfer/deposit`,
  trades: `${WEB}/costAccountTradeDetail`,
  voidTrade: `${WEB}/costAccountTradeDetail/void/:tradeId`,
} as const;

/** What each money call does, in Chinese (trade lists, operation log). */
export const homeTradeTypes = {
  homeTopUpBalance: '余额充值',
  homeWithdrawBalance: '余额退款',
  homeTransferBalance: '余额转账',
  homeRemitBalance: '余额转押金',
  homeTopUpDeposit: '缴纳押金',
  homeWithdrawDeposit: '退还押金',
  homeTransferDeposit: '押金转余额',
  homeOrderPay: '工单支付',
  homeOrderRefund: '工单退回',
  homeAfterSaleRefund: '售后退款',
  homeVoid: '作废冲销',
} as const;
export type HomeTradeType = keyof typeof homeTradeTypes;

const accountId = (label: string) =>
  z.coerce
    .number({ error: `请选择${label}` })
    .int(`${label}无效`)
    .positive(`请选择${label}`);
/** Integer fen, at least 1 fen, at most 1,000,000 yuan per trade. */
const amountFen = z.coerce
  .number({ error: '金额必须是数字' })
  .int('金额须精确到分（整数分）')
  .min(1, '金额必须大于0')
  .max(100_000_000, '单笔金额不能超过1000000元');
const tradeWay = z.enum(HOME_TRADE_WAYS, { error: '请选择支付方式' });
const note = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z.string({ error: '备注必须是文字' }).trim().max(200, '备注不能超过200个字').optional(),
);

/** topUp/balance: one amount to one or more accounts (批量充值 sends several). */
export const topUpSchema = z.object({
  accountIds: z
    .array(accountId('账户'), { error: '请选择账户' })
    .min(1, '请选择账户')
    .max(200, '一次最多为200个账户充值'),
  amountFen,
  tradeWay,
  note,
});
/** withdraw/balance, topUp/deposit, withdraw/deposit: money in or out by a trade way. */
export const cashTradeSchema = z.object({ accountId: accountId('账户'), amountFen, tradeWay, note });
/** remit/balance (balance → deposit), transfer/deposit (deposit → balance): within one account. */
export const innerTradeSchema = z.object({ accountId: accountId('账户'), amountFen, note });
/** transfer/balance: from one elder's balance to another's. */
export const transferSchema = z
  .object({ accountId: accountId('转出账户'), toAccountId: accountId('转入账户'), amountFen, note })
  .refine((b) => b.accountId !== b.toAccountId, '转入账户不能与转出账户相同');

export const tradeListSchema = z.object({
  pageNum: z.coerce.number().int().min(1, '页码无效').default(1),
  pageSize: z.coerce.number().int().min(1, '每页条数无效').max(500, '每页最多500条').default(20),
  accountId: z.preprocess((v) => (v === '' ? undefined : v), accountId('账户').optional()),
  kind: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['homeBalance', 'homeDeposit'], { error: '账户类型无效' }).optional(),
  ),
});

export interface HomeTradeRow {
  tradeId: number;
  entryId: number;
  oldmanId: number;
  oldmanName: string;
  kind: 'homeBalance' | 'homeDeposit';
  txType: string;
  txTypeName: string;
  payWay: string | null;
  /** Change of what the account shows, in fen (+ in, − out). */
  amountFen: number;
  balanceAfterFen: number;
  memo: string;
  operatorName: string;
  createTime: string;
  /** This trade was voided (reversed), or is itself a reversal. */
  voided: boolean;
  reversal: boolean;
}

/**
 * 账户明细's lines (costAccountTradeDetail, with the account and pay way named), drawn by the one list
 * table from this display-only definition, newest first.
 */
export const homeTradeResource: ResourceDef = {
  name: 'homecareAccountTrades',
  title: '账户明细',
  table: 'ledgerEntry',
  idField: 'entryId',
  nameField: 'txTypeName',
  fields: [
    { name: 'createTime', label: '时间', type: 'text' },
    { name: 'txTypeName', label: '类型', type: 'text' },
    { name: 'accountName', label: '账户', type: 'text' },
    { name: 'amountFen', label: '金额（元）', type: 'money' },
    { name: 'balanceAfterFen', label: '变动后（元）', type: 'money' },
    { name: 'payWayName', label: '方式', type: 'text' },
    { name: 'memo', label: '说明', type: 'textarea' },
    { name: 'operatorName', label: '操作人', type: 'text' },
  ],
  columns: [
    'createTime',
    'txTypeName',
    'accountName',
    'amountFen',
    'balanceAfterFen',
    'payWayName',
    'memo',
    'operatorName',
  ],
  // the ledger's order: nothing to sort by
  defaultSort: { field: 'entryId', order: 'desc' },
  api: {},
  authority: { view: HomecareAuthority.account },
};
