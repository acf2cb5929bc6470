import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { amountInWords } from '../../../domain/money/uppercase.js';
import { formatYuan } from '../../../domain/resource.js';
import { LiveStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import {
  billPrintUrl,
  COST,
  IN_OUT,
  receiptPrintUrl,
  settlePrintUrl,
} from '../../../features/expense/api.js';
import { ExpenseAuthority } from '../../../features/expense/resources/cost.js';
import { printedReports, reportPrintUrl } from '../../../features/expense/resources/costReports.js';
import { call, grantNurse, signInAdmin, startTestApp } from '../../support/serverHarness.js';

/** Issue #22: every expense report prints, and the money papers carry their 大写金额. */
type Harness = Awaited<ReturnType<typeof startTestApp>>;
type Rec = Record<string, unknown>;
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startTestApp();
  admin = (await signInAdmin(h.app)).token;
});
afterAll(async () => {
  await h.close();
});

const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
  const res = await call(h.app, admin, method, url, body);
  if (res.body.code !== 0) throw new Error(`${method} ${url}: ${res.body.code} ${res.body.msg}`);
  return res.body.result as Rec;
};
const page = async (url: string, token = admin) => {
  const res = await h.app.inject({ method: 'GET', url, headers: { authorization: token } });
  return { status: res.statusCode, type: String(res.headers['content-type']), body: res.body };
};
const refusal = (body: string) => JSON.parse(body) as { code: number; msg: string };

/** Living elders with no money yet (the seed gives money to the first sixty), by department. */
async function freshResident(notInDept?: number): Promise<{ oldmanId: number; oldmanName: string }> {
  const all = (await ok('GET', `${COST}/account?oldmanStatuses=1&pageHelper=0`)) as { list: Rec[] };
  const fresh = all.list.filter((r) => r.prestore === 0 && r.deposit === 0 && r.receivable === 0);
  for (const r of fresh.reverse()) {
    const elder = await h.app.services.db
      .selectFrom('oldman')
      .select(['oldmanId', 'oldmanName', 'deptId'])
      .where('oldmanId', '=', Number(r.oldmanId))
      .executeTakeFirstOrThrow();
    const used = await h.app.services.db
      .selectFrom('ledgerTx')
      .select('txId')
      .where('oldmanId', '=', elder.oldmanId)
      .executeTakeFirst();
    if (!used && elder.deptId !== notInDept) return elder;
  }
  throw new Error('no fresh resident left');
}

async function nurseDept() {
  const row = await h.app.services.db
    .selectFrom('userDataDept')
    .innerJoin('users', 'users.userId', 'userDataDept.userId')
    .select('userDataDept.deptId')
    .where('users.loginName', '=', 'huli01')
    .executeTakeFirstOrThrow();
  return row.deptId;
}

describe('report print views', () => {
  it('prints a report with its title, department, period, rows, totals in 大写, printer and time', async () => {
    const elder = await freshResident();
    await ok('POST', `${COST}/account/1/0`, { oldmanId: elder.oldmanId, amount: 123456, payWay: 4 });
    await ok('POST', `${COST}/account/1/0`, { oldmanId: elder.oldmanId, amount: 100000, payWay: 2 });
    const day = today();
    const url = reportPrintUrl('inDetail', {
      createTimeStart: day,
      createTimeEnd: day,
      keyword: elder.oldmanName,
      sortField: 'amount',
      sortOrder: 'asc',
      pageNum: 1,
    });
    expect(url).not.toContain('pageNum');
    const printed = await page(url);
    expect(printed.status).toBe(200);
    expect(printed.type).toContain('text/html');
    const html = printed.body;
    expect(html).toContain('<h1>缴费明细表</h1>');
    expect(html).toContain('部门：全部部门');
    expect(html).toContain(`期间：${day} 至 ${day}`);
    expect(html).toContain('共 2 条');
    expect(html).toContain('打印人：王建国');
    expect(html).toMatch(new RegExp(`打印时间：${day} \\d{2}:\\d{2}:\\d{2}`));
    // sorted as the list was: the smaller amount first
    expect(html.indexOf('1,000.00')).toBeLessThan(html.indexOf('1,234.56'));
    expect(html).toContain(`<td class="num">${formatYuan(223456)}</td>`);
    expect(html).toContain('金额合计（大写）：人民币贰仟贰佰叁拾肆元伍角陆分');
  });

  it('every expense report has its print view; a report without money has no 大写 line', async () => {
    expect(printedReports.map((d) => d.title)).toContain('收支记录');
    for (const def of printedReports) {
      const printed = await page(reportPrintUrl(def.name, {}));
      expect(printed.status, def.name).toBe(200);
      expect(printed.body, def.name).toContain(`<h1>${def.title}</h1>`);
      expect(printed.body, def.name).toContain(
        def.period === 'none' ? `期间：截至 ${today()}` : '期间：全部',
      );
      const money = def.columns.some((c) => c.type === 'money' && c.sum !== false);
      expect(printed.body.includes('合计（大写）：人民币'), def.name).toBe(money);
    }
  });

  it('prints 收支记录 with 收入 and 支出 totalled apart, by 发生日期 and type', async () => {
    const day = today();
    await ok('POST', IN_OUT, {
      itemName: '爱心捐赠',
      direction: 1,
      amount: 1000050,
      occurDate: day,
      payWay: 2,
    });
    await ok('POST', IN_OUT, {
      itemName: '购买轮椅',
      direction: 2,
      amount: 89900,
      occurDate: day,
      payWay: 1,
    });
    await ok('POST', IN_OUT, { itemName: '旧物义卖', direction: 1, amount: 30000, occurDate: '2020-01-02' });
    await ok('POST', IN_OUT, { itemName: '<img src=x>', direction: 2, amount: 1, occurDate: '2020-01-03' });
    const printed = await page(reportPrintUrl('inOut', { occurDateStart: day, occurDateEnd: day }));
    expect(printed.body).toContain('<h1>收支记录</h1>');
    expect(printed.body).toContain(`期间：${day} 至 ${day}`);
    expect(printed.body).toContain('爱心捐赠');
    expect(printed.body).not.toContain('旧物义卖');
    expect(printed.body).toContain('收入合计（大写）：人民币壹万元零伍角');
    expect(printed.body).toContain('支出合计（大写）：人民币捌佰玖拾玖元整');
    // the demo's own month of income and expense, none of it today
    const all = await page(reportPrintUrl('inOut', {}));
    expect(all.body).toContain('慈善基金会捐赠');
    expect(all.body).toContain('旧物义卖');
    expect(all.body).toContain('&lt;img src=x&gt;');
    expect(all.body).not.toContain('<img src=x>');
    const spent = await page(reportPrintUrl('inOut', { direction: 2 }));
    expect(spent.body).toContain('购买轮椅');
    expect(spent.body).not.toContain('爱心捐赠');
    expect(spent.body).toContain('收入合计（大写）：人民币零元整');
  });

  it('refuses an unknown report, a malformed period and a user without the report authority', async () => {
    const unknown = await page(reportPrintUrl('nope', {}));
    expect(refusal(unknown.body).msg).toContain('报表不存在');
    const badDay = await page(reportPrintUrl('inDetail', { createTimeStart: '2026/01/01' }));
    expect(refusal(badDay.body)).toMatchObject({ code: Code.invalidInput });
    expect(refusal(badDay.body).msg).toContain('日期格式应为YYYY-MM-DD');
    const nurse = await grantNurse(h.app, 'expense:', [ExpenseAuthority.bill]);
    const denied = await page(reportPrintUrl('payment', {}), nurse);
    expect(denied.type).not.toContain('text/html');
    expect(refusal(denied.body).code).toBe(Code.noAuthority);
  });

  it("prints only the chosen department's figures and names the department", async () => {
    const dept = await nurseDept();
    const nurse = await grantNurse(h.app, 'expense:', [ExpenseAuthority.report]);
    const printed = await page(reportPrintUrl('inDetail', {}), nurse);
    const name = await h.app.services.db
      .selectFrom('dept')
      .select('deptName')
      .where('deptId', '=', dept)
      .executeTakeFirstOrThrow();
    expect(printed.body).toContain(`部门：${name.deptName}`);
  });
});

describe('大写金额 on the money papers', () => {
  it('a bill prints its payable amount in 大写, a receipt its amount', async () => {
    const elder = await freshResident();
    const paid = await ok('POST', `${COST}/account/1/0`, {
      oldmanId: elder.oldmanId,
      amount: 100005,
      payWay: 2,
    });
    const receipt = await page(receiptPrintUrl([Number(paid.txId)]));
    expect(receipt.body).toContain('<th>金额（大写）</th><td class="amount-words">人民币壹仟元零伍分</td>');
    // what it left in the account (nothing before), and the lines to sign
    expect(receipt.body).toContain('<th>账户余额</th><td>预存款 1,000.05 元</td>');
    expect(receipt.body).toContain('交款人（签字）：');
    await ok('POST', `${COST}/payBack/addBill`, { billMonth: '2026-03', oldmanIds: [elder.oldmanId] });
    const bills = (await ok('GET', `${COST}/payBack/${elder.oldmanId}`)) as { list: Rec[] };
    const bill = bills.list.find((b) => b.billMonth === '2026-03') as Rec;
    const printed = await page(billPrintUrl([Number(bill.billId)]));
    const payable =
      /<th colspan="5" class="num">应缴<\/th><td class="num">([\d,.]+)<\/td>/.exec(printed.body)?.[1] ?? '';
    const fen = Math.round(Number(payable.replace(/,/g, '')) * 100);
    expect(fen).toBeGreaterThan(0);
    expect(printed.body).toContain(`应缴金额（大写）：人民币${amountInWords(fen)}`);
  });

  it('a check-out settlement prints as 退住结算单 with 退还 in 大写; refused elsewhere', async () => {
    const dept = await nurseDept();
    const elder = await freshResident(dept);
    const id = elder.oldmanId;
    await ok('POST', `${COST}/account/2/0`, { oldmanId: id, amount: 300000, payWay: 8 });
    await ok('POST', `${COST}/account/1/0`, { oldmanId: id, amount: 50050, payWay: 2 });
    const quit = ResidencePaths.status
      .replace(':oldmanId', String(id))
      .replace(':oldmanStatusNew', String(LiveStatus.quit));
    await ok('PUT', quit, { date: today(), note: '回家' });
    const done = await ok('POST', `${COST}/settle/${id}`, { payWay: 2 });
    const refundFen = Number(done.refundFen);
    expect(refundFen).toBeGreaterThan(0);
    const printed = await page(settlePrintUrl(Number(done.settleId)));
    expect(printed.status).toBe(200);
    expect(printed.body).toContain('<h1>退住结算单</h1>');
    expect(printed.body).toContain(`长者：${elder.oldmanName}`);
    expect(printed.body).toContain(`<td>¥${formatYuan(refundFen)} 元</td>`);
    expect(printed.body).toContain(
      `<th>退还（大写）</th><td class="amount-words">人民币${amountInWords(refundFen)}</td>`,
    );
    expect(printed.body).toContain('<th>补缴（大写）</th><td class="amount-words">人民币零元整</td>');

    const missing = await page(settlePrintUrl(999999));
    expect(refusal(missing.body)).toMatchObject({ code: Code.notFound, msg: '结算记录不存在' });
    const nurse = await grantNurse(h.app, 'expense:', [ExpenseAuthority.settle]);
    const otherDept = await page(settlePrintUrl(Number(done.settleId)), nurse);
    expect(refusal(otherDept.body).code).toBe(Code.deptNotAllowed);
    const noAuthority = await grantNurse(h.app, 'expense:', [ExpenseAuthority.report]);
    expect(refusal((await page(settlePrintUrl(Number(done.settleId)), noAuthority)).body).code).toBe(
      Code.noAuthority,
    );
  });
});
