import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../fixtures.js';
import { ADMIN, selectElder, signIn } from '../support.js';

const SHOTS = process.env.E2E_SHOTS ? '.tmp' : null;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/homecare-${name}.png`, fullPage: true });
};

// the width the console is laid out for
test.use({ viewport: { width: 1280, height: 800 } });

/** Opens a step of the order's detail page and confirms its dialog (filling what it asks first). */
async function step(page: Page, detail: Locator, label: string, fill?: (dialog: Locator) => Promise<void>) {
  await detail.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await fill?.(dialog);
  await dialog.getByRole('button', { name: `确定${label}` }).click();
  await expect(page.getByText(`${label}成功`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test('home-care documents: an agreement is filled for a home elder and listed under its type', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/homecare/tempeleteDocument');
  // only the home-care template types are offered here
  const types = page.getByLabel('文书类型');
  await expect(types.locator('option:checked')).toHaveText('居家服务协议');
  await expect(types.locator('option', { hasText: '入住合同' })).toHaveCount(0);
  const typeId = await types.locator('option:checked').getAttribute('value');
  await page.goto(`/index.html#/homecare/tempeleteDocument/${String(typeId)}`);
  await expect(types.locator('option:checked')).toHaveText('居家服务协议');

  const list = page.getByTestId('resource-list-homeTemplateData');
  await expect(list.getByText('暂无数据')).toBeVisible();
  await list.getByRole('button', { name: '新增', exact: true }).click();
  const form = page.getByTestId('document-form');
  // the elders of the 居家档案, not the institution's
  await selectElder(form.getByLabel('长者', { exact: true }), '孙奶奶');
  await expect(form.getByLabel('模板', { exact: true })).toHaveValue(/\d+/);
  const preview = page.frameLocator('[data-testid=contract-preview]');
  await expect(preview.getByText('服务对象：孙奶奶', { exact: false })).toBeVisible();
  await expect(preview.getByText('江南大道 300 号 6 幢 1101', { exact: false })).toBeVisible();
  await form.getByLabel('备注').fill('家属代签');
  await shot(page, 'document-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);

  const table = list.getByTestId('resource-table');
  await expect(table.getByText('孙奶奶', { exact: true })).toBeVisible();
  await expect(table.getByText('居家上门服务协议')).toBeVisible();
  await expect(table.getByText('家属代签')).toBeVisible();
  await shot(page, 'document-list');

  const row = list.getByRole('group', { name: '居家上门服务协议' });
  const [printView] = await Promise.all([
    context.waitForEvent('page'),
    row.getByRole('button', { name: '打印' }).click(),
  ]);
  await expect(printView.getByText('服务对象：孙奶奶', { exact: false })).toBeVisible();
  await printView.close();

  // the institution's 文书管理 shows neither the type nor the document
  await page.goto('/index.html#/live/tempeleteDocument');
  await expect(types.locator('option', { hasText: '居家服务协议' })).toHaveCount(0);
});

test('service evaluation: the 派单 dialog lists only carers; a completed order is evaluated and it stays after reload', async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto('/index.html#/homecare/serverWorkorderAdd');
  const form = page.getByTestId('resource-form-serveOrder');
  await selectElder(form.getByLabel('长者', { exact: true }), '孙奶奶');
  await form.getByLabel('服务项目').selectOption({ label: '上门测血压血糖' });
  await form.getByLabel('数量').fill('1');
  await form.getByLabel('预约服务时间').fill('2026-12-03T15:00:00');
  await form.getByRole('button', { name: '保存' }).click();
  const detail = page.getByTestId('page-homecare-order-detail');
  await expect(detail.getByText('待支付').first()).toBeVisible();
  await expect(detail.getByRole('button', { name: '评价', exact: true })).toHaveCount(0);

  await step(page, detail, '支付', async (dialog) => {
    await dialog.getByLabel('支付方式').selectOption({ label: '现金' });
  });
  await step(page, detail, '派单', async (dialog) => {
    const carers = dialog.getByLabel('服务人员');
    // the staff with a 护理员 post (钱桂香 the 护理员 demo account); the director (王建国) serves no home-care orders
    await expect(carers.locator('option')).toHaveText([
      '请选择服务人员',
      '李秀英',
      '钱桂香',
      '张桂芳',
      '刘志强',
    ]);
    await shot(page, 'distribute');
    await carers.selectOption({ label: '张桂芳' });
  });
  await step(page, detail, '接单');
  await step(page, detail, '开始服务');
  await step(page, detail, '完成服务');
  await expect(detail.getByText('已完成').first()).toBeVisible();

  await detail.getByRole('button', { name: '评价', exact: true }).click();
  const dialog = page.getByRole('dialog');
  // without a score the definition's message shows before anything is sent
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(dialog.getByTestId('evaluation-error')).toHaveText('请填写评分');
  await dialog.getByRole('radio', { name: '4星' }).click();
  await expect(dialog.getByText('满意', { exact: true })).toBeVisible();
  await dialog.getByLabel('评价内容').fill('测量仔细，讲解耐心');
  await shot(page, 'evaluation-dialog');
  await dialog.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('评价成功')).toBeVisible();
  const card = page.getByTestId('order-evaluation');
  await expect(card.getByText('测量仔细，讲解耐心')).toBeVisible();

  await page.reload();
  await expect(card.getByText('测量仔细，讲解耐心')).toBeVisible();
  await expect(card.getByRole('img', { name: '4星' })).toBeVisible();
  await expect(detail.getByRole('button', { name: '评价', exact: true })).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'order-evaluated');

  // 服务工单 → 服务评价: the list, filtered by elder and score
  await page.goto('/index.html#/homecare/serverWorkorder');
  const orders = page.getByTestId('page-homecare-orders');
  await orders.getByRole('tab', { name: '服务评价' }).click();
  const evaluations = page.getByTestId('resource-list-serveOrderEvaluation');
  const filters = evaluations.getByTestId('resource-filters');
  await selectElder(filters.getByLabel('长者'), '孙奶奶');
  await filters.getByLabel('评分').selectOption({ label: '★★★★☆ 满意' });
  await filters.getByRole('button', { name: '查询' }).click();
  const table = evaluations.getByTestId('resource-table');
  await expect(table.getByText('测量仔细，讲解耐心')).toBeVisible();
  await expect(table.getByText('张桂芳')).toBeVisible();
  await shot(page, 'evaluations');
  await filters.getByLabel('评分').selectOption({ label: '★☆☆☆☆ 非常不满意' });
  await filters.getByRole('button', { name: '查询' }).click();
  await expect(evaluations.getByText('暂无数据')).toBeVisible();
});
