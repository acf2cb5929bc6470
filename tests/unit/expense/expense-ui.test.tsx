// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fenToYuan, formatYuan } from '../../../domain/resource.js';
import { RECONCILIATION } from '../../../features/expense/api.js';
import { parseAmount } from '../../../features/expense/MoneyInput.js';
import { ReportView } from '../../../features/expense/ReportView.js';
import { reportByName, reportResource } from '../../../features/expense/resources/costReports.js';
import { AppProvider } from '../../../src/app/AppContext.js';
import type { Request, RequestConfig } from '../../../src/app/request.js';
import { layOutTables } from '../../support/tableLayout.js';

afterEach(cleanup);

const advance = reportByName.get('advance');
const collectFees = reportByName.get('collectFees');
const balance = reportByName.get('balance');
if (!advance || !collectFees || !balance) throw new Error('report definitions missing');

const makeEntry = (over: Record<string, unknown> = {}) => ({
  createTime: '2026-11-02 09:30:00',
  oldmanName: '周树德',
  memo: '预存款收款（现金）',
  payWayName: '现金',
  amount: 2000050,
  balance: 2000050,
  operatorName: '王建国',
  ...over,
});

function renderReport(def: NonNullable<typeof advance>, answer: unknown) {
  const request = vi.fn(async (_config: RequestConfig) => answer);
  const toast = vi.fn();
  render(
    <AppProvider services={{ request: request as unknown as Request, toast }}>
      <ReportView def={def} />
    </AppProvider>,
  );
  return request;
}

describe('money as people read it (one helper for every screen, print page and message)', () => {
  it('groups thousands and keeps two decimals, exactly from fen', () => {
    expect(formatYuan(32_040_000)).toBe('320,400.00');
    expect(formatYuan(-123_456)).toBe('-1,234.56');
    expect(formatYuan(100_000)).toBe('1,000.00');
    expect(formatYuan(99_999)).toBe('999.99');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(100_000_000_000)).toBe('1,000,000,000.00');
    // inputs and files keep plain digits
    expect(fenToYuan(32_040_000)).toBe('320400.00');
  });
});

describe('money typed in yuan', () => {
  it('becomes integer fen without floating point, and refuses what is not an amount', () => {
    expect(parseAmount('20000.5')).toEqual({ fen: 2000050 });
    expect(parseAmount('0.1')).toEqual({ fen: 10 });
    expect(parseAmount('1234.56')).toEqual({ fen: 123456 });
    expect(parseAmount('')).toEqual({ error: '请输入金额' });
    expect(parseAmount('1.234')).toEqual({ error: '金额须为数字，最多两位小数' });
    expect(parseAmount('abc', '退款金额')).toEqual({ error: '退款金额须为数字，最多两位小数' });
    expect(parseAmount('0')).toEqual({ error: '金额必须大于0' });
    expect(parseAmount('-5')).toEqual({ error: '金额必须大于0' });
  });
});

describe('ReportView: a report on the shared list', () => {
  beforeAll(layOutTables);
  beforeEach(() => localStorage.clear());

  it('adds up the money columns but not a running balance, and numbers its rows', () => {
    const list = reportResource(advance);
    expect(list.sums).toEqual(['amount']);
    expect(list.columns).toEqual(advance.columns.map((c) => c.key));
    expect(list.idField).toBe('rowNo');
    expect(list.api.list).toBe(`${RECONCILIATION}/advance`);
    expect(reportResource(collectFees).sums).toEqual(['amountFen']);
  });

  it('shows the columns, money in yuan and the 合计 row, asking for the first page in the report order', async () => {
    const request = renderReport(advance, {
      list: [makeEntry({ rowNo: 1 }), makeEntry({ rowNo: 2, memo: '退款', amount: -456, balance: 1999594 })],
      total: 2,
      pageNum: 1,
      pageSize: 10,
      sums: { amount: 1999594 },
    });
    const table = within(await screen.findByTestId('resource-table'));
    await waitFor(() => expect(table.getByText('-4.56')).toBeTruthy());
    expect(table.getAllByText('20,000.50')).toHaveLength(2);
    for (const c of advance.columns)
      expect(screen.getByRole('button', { name: `按${c.label}排序` })).toBeTruthy();
    const sums = screen.getByTestId('resource-sums');
    expect(sums.textContent).toContain('合计');
    expect(sums.textContent).toContain('发生额（元）：19,995.94');
    expect(sums.textContent).not.toContain('余额');
    expect(request.mock.calls[0]?.[0]).toMatchObject({
      url: `${RECONCILIATION}/advance`,
      params: { pageNum: 1, sortField: 'rowNo', sortOrder: 'asc' },
    });
    // a date-period report asks for days (typed as 年-月-日 or picked on the calendar)
    expect(screen.getByLabelText('日期起').getAttribute('placeholder')).toBe('年-月-日');
  });

  it('sends the month range of a month report and the keyword on 查询', async () => {
    const request = renderReport(collectFees, { list: [], total: 0, pageNum: 1, pageSize: 10 });
    await screen.findByText('暂无数据');
    const start = screen.getByLabelText('开始月份');
    expect(start.getAttribute('placeholder')).toBe('年-月');
    fireEvent.change(start, { target: { value: '2026年1月' } }); // read as the month 2026-01
    fireEvent.change(screen.getByLabelText('结束月份'), { target: { value: '2026-03' } });
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 周树德 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(request.mock.calls.at(-1)?.[0].params).toMatchObject({
        startMonth: '2026-01',
        endMonth: '2026-03',
        keyword: '周树德',
        pageNum: 1,
      }),
    );
    expect(request.mock.calls.at(-1)?.[0].params).not.toHaveProperty('createTimeStart');
  });

  it('has no period inputs for a report without a period', async () => {
    renderReport(balance, { list: [], total: 0, pageNum: 1, pageSize: 10 });
    await screen.findByText('暂无数据');
    expect(screen.queryByLabelText('日期起')).toBeNull();
    expect(screen.queryByLabelText('开始月份')).toBeNull();
    expect(screen.getByLabelText('关键字')).toBeTruthy();
  });
});
