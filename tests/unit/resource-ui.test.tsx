// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../domain/clock.js';
import type { Page } from '../../domain/codes.js';
import { ageOn, idCardCheckChar } from '../../domain/idCard.js';
import type { FieldDef, ResourceDef } from '../../domain/resource.js';
import { consultationResource } from '../../features/live/resources/consult.js';
import { AppProvider } from '../../src/app/AppContext.js';
import type { RequestConfig } from '../../src/app/request.js';
import { authorityStore } from '../../src/auth/authorityStore.js';
import type { Row } from '../../src/resource/format.js';
import { openingDefaults } from '../../src/resource/formValues.js';
import { ResourceDetail } from '../../src/resource/ResourceDetail.js';
import { ResourceForm } from '../../src/resource/ResourceForm.js';
import { ResourceList } from '../../src/resource/ResourceList.js';
import { ResourceTable } from '../../src/resource/ResourceTable.js';
import { useResourceAuthority } from '../../src/resource/useResourceAuthority.js';
import { readPageSetting } from '../../src/util/pageSettings.js';
import { layOutTables } from '../support/tableLayout.js';

const ROUTE = '/test/elders';
const VALID_ID = (() => {
  const first17 = '11010519491231002';
  return first17 + idCardCheckChar(first17);
})();

const def: ResourceDef = {
  name: 'testElder',
  title: '测试长者',
  table: 'test_elder',
  idField: 'elderId',
  nameField: 'elderName',
  fields: [
    { name: 'elderName', label: '姓名', type: 'text', required: true, section: 'base' },
    { name: 'idcard', label: '身份证号', type: 'idcard', required: true, section: 'base' },
    { name: 'sex', label: '性别', type: 'dict', dict: 'gender', section: 'base' },
    { name: 'phone', label: '联系电话', type: 'phone', section: 'base' },
    { name: 'bedId', label: '床位', type: 'ref', ref: 'bed', section: 'stay' },
    { name: 'deposit', label: '押金', type: 'money', section: 'stay' },
    { name: 'checkInDate', label: '入住日期', type: 'date', section: 'stay' },
    { name: 'vip', label: '重点关注', type: 'bool', section: 'stay' },
    { name: 'age', label: '年龄', type: 'int', readOnly: true },
    { name: 'remark', label: '备注', type: 'textarea', wide: true },
    { name: 'source', label: '来源', type: 'text', hidden: true },
  ],
  sections: [
    { key: 'base', title: '基本信息' },
    { key: 'stay', title: '入住信息' },
  ],
  columns: ['elderName', 'sex', 'bedId', 'deposit', 'checkInDate'],
  filters: [
    { field: 'elderName', kind: 'like' },
    { field: 'sex', kind: 'eq' },
    { field: 'checkInDate', kind: 'range' },
  ],
  search: ['elderName', 'idcard'],
  defaultSort: { field: 'checkInDate', order: 'desc' },
  sortable: ['elderName'],
  api: {
    list: '/test/elders',
    get: '/test/elders/:id',
    create: '/test/elders',
    update: '/test/elders/:id',
    remove: '/test/elders/:ids',
  },
  authority: { view: 'elder:view', create: 'elder:add', update: 'elder:edit', remove: 'elder:del' },
};

const makeElder = (over: Partial<Row> = {}): Row => ({
  elderId: 1,
  elderName: '张三',
  idcard: VALID_ID,
  sex: 0,
  bedId: 7,
  bedName: '1号楼101-1床',
  deposit: 123456,
  checkInDate: '2024-03-01',
  vip: 0,
  age: 75,
  remark: '',
  source: 'walk-in',
  ...over,
});
const ELDERS = [
  makeElder(),
  makeElder({ elderId: 2, elderName: '李四', sex: 1, bedId: 8, bedName: '1号楼102-1床' }),
];

type Handler = (config: RequestConfig) => unknown;
/** A fake API: the list of ELDERS, the bed lookup, and whatever `extra` answers first. */
function fakeRequest(extra?: Handler) {
  return vi.fn(async (config: RequestConfig) => {
    const answer = extra?.(config);
    if (answer !== undefined) return answer instanceof Error ? Promise.reject(answer) : answer;
    if (config.url === '/ifms/web-org/beds')
      return {
        list: [
          { bedId: 7, bedName: '1号楼101-1床' },
          { bedId: 8, bedName: '1号楼102-1床' },
        ],
      };
    if (config.url === def.api.list && (config.method ?? 'GET') === 'GET')
      return { list: ELDERS, total: 2, pageNum: 1, pageSize: 10 } satisfies Page<Row>;
    if (config.method === 'DELETE') return { deleted: 1 };
    return {};
  });
}
type FakeRequest = ReturnType<typeof fakeRequest>;
const listCalls = (request: FakeRequest) =>
  request.mock.calls.map(([c]) => c).filter((c) => c.url === def.api.list && (c.method ?? 'GET') === 'GET');
const lastListParams = (request: FakeRequest) => listCalls(request).at(-1)?.params ?? {};
const calls = (request: FakeRequest, method: RequestConfig['method']) =>
  request.mock.calls.map(([c]) => c).filter((c) => c.method === method);

/** An input by its label; a required field's label ends in an aria-hidden '*', not part of its name. */
const byLabel = (label: string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(label, { normalizer: (text) => text.replace(/\s*\*$/, '').trim() });

const toast = vi.fn();
function renderWith(request: FakeRequest, ui: ReactNode) {
  // biome-ignore lint/suspicious/noExplicitAny: the fake stands for the generic Request<T>
  return render(<AppProvider services={{ request: request as any, toast }}>{ui}</AppProvider>);
}
const renderList = (request: FakeRequest, extra: Partial<Parameters<typeof ResourceList>[0]> = {}) =>
  renderWith(request, <ResourceList def={def} routeName={ROUTE} canCreate canEdit canRemove {...extra} />);

beforeAll(layOutTables);
/** Signs an account in, as far as page settings see it (userInfo in local storage). */
const signedInAs = (userId: number) =>
  localStorage.setItem('pims2.userInfo', JSON.stringify({ userId, token: `tok-${userId}` }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  signedInAs(5);
  toast.mockReset();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResourceList', () => {
  it('shows the rows with ref names, dictionary labels and yuan, and asks for the first page sorted by default', async () => {
    const request = fakeRequest();
    renderList(request);
    expect(await screen.findByTestId('resource-list-testElder')).toBeTruthy();
    const table = within(await screen.findByTestId('resource-table'));
    await table.findByText('张三');
    expect(table.getByText('1号楼101-1床')).toBeTruthy();
    expect(table.getByText('女')).toBeTruthy();
    expect(table.getAllByText('1,234.56')).toHaveLength(2);
    expect(lastListParams(request)).toEqual({
      pageNum: 1,
      pageSize: 10,
      sortField: 'checkInDate',
      sortOrder: 'desc',
    });
    const row = screen.getByRole('group', { name: '张三' });
    expect(row.getAttribute('data-testid')).toBe('row-1');
    for (const name of ['查看', '编辑', '删除'])
      expect(within(row).getByRole('button', { name })).toBeTruthy();
  });

  it('pages by 20 on screens wider than 1280 px and by 10 up to 1280 px', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1920 });
    const wide = fakeRequest();
    renderList(wide);
    await waitFor(() => expect(lastListParams(wide).pageSize).toBe(20));
    cleanup();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    const narrow = fakeRequest();
    renderList(narrow);
    await waitFor(() => expect(lastListParams(narrow).pageSize).toBe(10));
  });

  it('sends the filters, the keyword and fixed params on 查询, back to page 1, and clears them on 重置', async () => {
    const request = fakeRequest();
    renderList(request, { fixedParams: { deptId: 3 } });
    await screen.findByText('张三');
    const filters = screen.getByTestId('resource-filters');
    fireEvent.change(within(filters).getByLabelText('关键字'), { target: { value: ' 张 ' } });
    fireEvent.change(within(filters).getByLabelText('姓名'), { target: { value: '三' } });
    fireEvent.change(within(filters).getByLabelText('性别'), { target: { value: '1' } });
    fireEvent.change(within(filters).getByLabelText('入住日期起'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(filters).getByLabelText('入住日期止'), { target: { value: '2024-12-31' } });
    fireEvent.click(within(filters).getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(lastListParams(request)).toEqual({
        pageNum: 1,
        pageSize: 10,
        sortField: 'checkInDate',
        sortOrder: 'desc',
        keyword: '张',
        elderName: '三',
        sex: '1',
        checkInDateStart: '2024-01-01',
        checkInDateEnd: '2024-12-31',
        deptId: 3,
      }),
    );
    fireEvent.click(within(filters).getByRole('button', { name: '重置' }));
    await waitFor(() => expect(lastListParams(request)).not.toHaveProperty('elderName'));
    expect(lastListParams(request)).toMatchObject({ deptId: 3, pageNum: 1 });
    expect((within(filters).getByLabelText('姓名') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a sortable column from its header, toggling the order', async () => {
    const request = fakeRequest();
    renderList(request);
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: '按性别排序' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '按姓名排序' }));
    await waitFor(() =>
      expect(lastListParams(request)).toMatchObject({ sortField: 'elderName', sortOrder: 'asc' }),
    );
    fireEvent.click(screen.getByRole('button', { name: '按姓名排序' }));
    await waitFor(() =>
      expect(lastListParams(request)).toMatchObject({ sortField: 'elderName', sortOrder: 'desc' }),
    );
  });

  it('saves hidden columns and order under the page setting key and restores them', async () => {
    const request = fakeRequest();
    renderList(request);
    await screen.findByText('张三');
    // Table2 draws each header twice (the covered copy is aria-hidden)
    expect(within(screen.getByTestId('resource-table')).getAllByText('性别')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const dialog = await screen.findByTestId('column-settings');
    fireEvent.click(within(dialog).getByLabelText('性别'));
    fireEvent.click(within(dialog).getByRole('button', { name: '上移押金' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(readPageSetting(ROUTE, 'columns')).toEqual({
      order: ['elderName', 'sex', 'deposit', 'bedId', 'checkInDate'],
      hidden: ['sex'],
    });
    const table = () => within(screen.getByTestId('resource-table'));
    await waitFor(() => expect(table().queryByText('女')).toBeNull());
    cleanup();
    renderList(fakeRequest());
    await screen.findByText('张三');
    expect(table().queryByText('女')).toBeNull();
    expect(table().queryByText('性别')).toBeNull();
    expect(table().getAllByText('押金')).toHaveLength(2);

    // another account at this browser sees the list as it comes, and keeps the first account's choice
    cleanup();
    signedInAs(6);
    renderList(fakeRequest());
    await screen.findByText('张三');
    expect(table().getAllByText('性别')).toHaveLength(2);
    expect(table().getAllByText('女').length).toBeGreaterThan(0);
    expect(readPageSetting(ROUTE, 'columns')).toBeNull();
    signedInAs(5);
    expect(readPageSetting(ROUTE, 'columns')).toMatchObject({ hidden: ['sex'] });
  });

  it('keeps the chosen page size for the page', async () => {
    const request = fakeRequest();
    renderList(request);
    await screen.findByText('张三');
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '50' } });
    await waitFor(() => expect(lastListParams(request).pageSize).toBe(50));
    expect(readPageSetting(ROUTE, 'pageSize')).toBe(50);
    cleanup();
    const again = fakeRequest();
    renderList(again);
    await waitFor(() => expect(listCalls(again)[0]?.params?.pageSize).toBe(50));
  });

  it('deletes the selected rows with one call of comma-joined ids after confirming the count', async () => {
    const request = fakeRequest();
    renderList(request);
    await screen.findByText('张三');
    const batch = screen.getByRole('button', { name: '批量删除' });
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('选择 张三'));
    fireEvent.click(screen.getByLabelText('选择 李四'));
    fireEvent.click(batch);
    const alert = await screen.findByText('确定删除选中的 2 条测试长者吗？');
    expect(calls(request, 'DELETE')).toHaveLength(0);
    const before = listCalls(request).length;
    fireEvent.click(within(alert.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls(request, 'DELETE')).toHaveLength(1));
    expect(calls(request, 'DELETE')[0]?.url).toBe('/test/elders/1,2');
    await waitFor(() => expect(listCalls(request).length).toBe(before + 1));
    expect(toast).toHaveBeenCalledWith('删除成功', 'success');
  });

  it('deletes one row from its own 删除 after naming it, and nothing when cancelled', async () => {
    const request = fakeRequest();
    renderList(request);
    await screen.findByText('李四');
    fireEvent.click(within(screen.getByTestId('row-2')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除测试长者“李四”吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(calls(request, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(screen.getByTestId('row-2')).getByRole('button', { name: '删除' }));
    const alert = await screen.findByText('确定删除测试长者“李四”吗？');
    fireEvent.click(within(alert.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls(request, 'DELETE')[0]?.url).toBe('/test/elders/2'));
  });

  it("greys a row's 编辑 and 删除 where the definition's row rules say no, with the reason on the button", async () => {
    const ruled: ResourceDef = {
      ...def,
      rowRules: {
        edit: (row) => (row.vip ? '重点关注的长者不能修改' : null),
        remove: (row) => (Number(row.deposit) > 0 ? '押金未退，不能删除' : null),
      },
    };
    const rows = [makeElder({ vip: 1 }), makeElder({ elderId: 2, elderName: '李四', deposit: 0 })];
    const request = fakeRequest((c) =>
      c.url === def.api.list && (c.method ?? 'GET') === 'GET'
        ? ({ list: rows, total: 2, pageNum: 1, pageSize: 10 } satisfies Page<Row>)
        : undefined,
    );
    renderWith(request, <ResourceList def={ruled} routeName={ROUTE} canEdit canRemove />);
    await screen.findByText('李四');
    const zhang = within(screen.getByTestId('row-1'));
    const li = within(screen.getByTestId('row-2'));
    expect(zhang.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', true);
    expect(zhang.getByRole('button', { name: '编辑' }).getAttribute('title')).toBe('重点关注的长者不能修改');
    expect(zhang.getByRole('button', { name: '删除' }).getAttribute('title')).toBe('押金未退，不能删除');
    expect(li.getByRole('button', { name: '编辑' })).toHaveProperty('disabled', false);
    expect(li.getByRole('button', { name: '删除' })).toHaveProperty('disabled', false);
    expect(li.getByRole('button', { name: '删除' }).getAttribute('title')).toBeNull();
    fireEvent.click(zhang.getByRole('button', { name: '删除' }));
    expect(screen.queryByText('确定删除测试长者“张三”吗？')).toBeNull();
  });

  it('hides 新增, 编辑, 删除 and the selection without the authorities', async () => {
    renderWith(fakeRequest(), <ResourceList def={def} routeName={ROUTE} />);
    await screen.findByText('张三');
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    expect(screen.queryByLabelText('选择 张三')).toBeNull();
    const row = screen.getByTestId('row-1');
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy();
  });

  it('exports the filtered, sorted list as a file with the session token', async () => {
    localStorage.setItem('pims2.userInfo', JSON.stringify({ userId: 5, token: 'tok-123' }));
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('a,b', {
          headers: {
            'content-type': 'text/csv',
            'content-disposition': "attachment; filename*=UTF-8''%E9%95%BF%E8%80%85.csv",
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const request = fakeRequest();
    renderList(request, { fixedParams: { deptId: 3 } });
    await screen.findByText('张三');
    fireEvent.change(within(screen.getByTestId('resource-filters')).getByLabelText('姓名'), {
      target: { value: '张' },
    });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    fireEvent.click(screen.getByRole('button', { name: '按姓名排序' }));
    await waitFor(() => expect(lastListParams(request)).toMatchObject({ sortField: 'elderName' }));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    fireEvent.click(await screen.findByText('CSV'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      '/test/elders?sortField=elderName&sortOrder=asc&elderName=%E5%BC%A0&deptId=3&export=csv',
    );
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('tok-123');
    await waitFor(() => expect(clicked).toEqual(['长者.csv']));
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows 暂无数据 for an empty list and the server message for a failed one', async () => {
    renderList(
      fakeRequest((c) =>
        c.url === def.api.list ? { list: [], total: 0, pageNum: 1, pageSize: 10 } : undefined,
      ),
    );
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    cleanup();
    renderList(
      fakeRequest((c) =>
        c.url === def.api.list ? Object.assign(new Error(), { message: '权限不足' }) : undefined,
      ),
    );
    expect((await screen.findByTestId('list-error')).textContent).toBe('权限不足');
  });
});

describe('ResourceTable', () => {
  it('mounts 10,000 rows quickly and puts only the rows in view into the page', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      makeElder({ elderId: i + 1, elderName: `长者${i + 1}`, deposit: i }),
    );
    const started = performance.now();
    render(
      <ResourceTable
        def={def}
        rows={rows}
        columns={def.columns}
        sort={def.defaultSort}
        onSort={() => undefined}
        selected={new Set()}
        onSelect={() => undefined}
        actions={() => null}
      />,
    );
    const elapsed = performance.now() - started;
    expect(screen.getByTestId('row-1')).toBeTruthy();
    expect(screen.queryByTestId('row-10000')).toBeNull();
    expect(document.querySelectorAll('[data-testid^="row-"]').length).toBeLessThan(100);
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('ResourceForm', () => {
  const renderForm = (request: FakeRequest, props: Partial<Parameters<typeof ResourceForm>[0]> = {}) => {
    const onSaved = vi.fn();
    renderWith(request, <ResourceForm def={def} mode="create" onSaved={onSaved} {...props} />);
    return onSaved;
  };
  const type = (label: string, value: string) => fireEvent.change(byLabel(label), { target: { value } });

  it('labels every input, groups by section and leaves out hidden and (when creating) read-only fields', () => {
    renderForm(fakeRequest());
    for (const label of [
      '姓名',
      '身份证号',
      '性别',
      '联系电话',
      '床位',
      '押金',
      '入住日期',
      '重点关注',
      '备注',
    ])
      expect(byLabel(label)).toBeTruthy();
    expect(screen.queryByLabelText('来源')).toBeNull();
    expect(screen.queryByLabelText('年龄')).toBeNull();
    expect(screen.getByText('基本信息')).toBeTruthy();
    expect(screen.getByText('入住信息')).toBeTruthy();
  });

  it('shows the Chinese messages under the fields and sends nothing', async () => {
    const request = fakeRequest();
    renderForm(request);
    type('身份证号', '110105194912310021');
    type('押金', '12.345');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写姓名')).toBeTruthy();
    expect(screen.getByText('身份证号：校验位不正确')).toBeTruthy();
    // the first wrong field takes the focus (and is scrolled into view in a browser)
    await waitFor(() => expect(document.activeElement).toBe(byLabel('姓名')));
    expect(screen.getByText('押金应为数字（元），最多两位小数')).toBeTruthy();
    expect(calls(request, 'POST')).toHaveLength(0);
  });

  it('sends money in fen, dictionary and ref values, and reports the new id once however often 保存 is clicked', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const request = fakeRequest((c) =>
      c.method === 'POST' ? new Promise((resolve) => (answer = resolve)) : undefined,
    );
    const onSaved = renderForm(request, { initial: { source: 'referral' } });
    type('姓名', ' 王五 ');
    type('身份证号', VALID_ID.toLowerCase());
    type('性别', '1');
    await waitFor(() => expect(screen.getAllByRole('option', { name: '1号楼102-1床' })).toHaveLength(1));
    type('床位', '8');
    type('押金', '1234.5');
    type('入住日期', '2024-05-06');
    fireEvent.click(screen.getByLabelText('重点关注'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls(request, 'POST')).toHaveLength(1));
    const post = calls(request, 'POST')[0];
    expect(post?.url).toBe('/test/elders');
    expect(post?.data).toEqual({
      elderName: '王五',
      idcard: VALID_ID,
      sex: 1,
      phone: null,
      bedId: 8,
      deposit: 123450,
      checkInDate: '2024-05-06',
      vip: 1,
      remark: null,
      source: 'referral',
    });
    await act(async () => answer({ elderId: 9 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 9 });
  });

  it('shows a refusal above the form and keeps what was typed', async () => {
    const request = fakeRequest((c) =>
      c.method === 'PUT'
        ? Object.assign(new Error(), { code: 10001, message: '联系电话格式不正确' })
        : undefined,
    );
    const onSaved = renderForm(request, { mode: 'edit', initial: makeElder({ elderId: 4 }) });
    expect((screen.getByLabelText('押金') as HTMLInputElement).value).toBe('1234.56');
    expect((screen.getByLabelText('年龄') as HTMLInputElement).disabled).toBe(true);
    type('联系电话', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe('联系电话格式不正确');
    expect(calls(request, 'PUT')[0]?.url).toBe('/test/elders/4');
    expect(calls(request, 'PUT')[0]?.data).toMatchObject({
      elderId: 4,
      deposit: 123456,
      phone: '13800138000',
    });
    expect((screen.getByLabelText('联系电话') as HTMLInputElement).value).toBe('13800138000');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits one section: shows and sends only its fields and the id', async () => {
    const request = fakeRequest((c) => (c.method === 'PUT' ? { elderId: 4 } : undefined));
    const onSaved = renderForm(request, {
      mode: 'edit',
      initial: makeElder({ elderId: 4 }),
      only: ['bedId', 'deposit', 'checkInDate', 'vip'],
    });
    expect(screen.queryByLabelText('姓名')).toBeNull();
    type('押金', '10');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls(request, 'PUT')[0]?.data).toEqual({
      elderId: 4,
      bedId: 7,
      deposit: 1000,
      checkInDate: '2024-03-01',
      vip: 0,
    });
  });

  it('keeps money to two decimals and lets a long lookup be narrowed by typing', async () => {
    const beds = Array.from({ length: 30 }, (_, i) => ({ bedId: i + 1, bedName: `${i + 1}号床` }));
    renderForm(fakeRequest((c) => (c.url === '/ifms/web-org/beds' ? { list: beds } : undefined)));
    type('押金', '12.5');
    fireEvent.blur(byLabel('押金'));
    expect((byLabel('押金') as HTMLInputElement).value).toBe('12.50');
    await waitFor(() => expect(within(byLabel('床位')).getAllByRole('option')).toHaveLength(31));
    type('床位', '12');
    fireEvent.change(screen.getByLabelText('筛选床位'), { target: { value: '2' } });
    const shown = within(byLabel('床位'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(shown).toEqual([
      '请选择',
      '2号床',
      '12号床',
      '20号床',
      '21号床',
      '22号床',
      '23号床',
      '24号床',
      '25号床',
      '26号床',
      '27号床',
      '28号床',
      '29号床',
    ]);
    expect((byLabel('床位') as HTMLSelectElement).value).toBe('12');
  });

  it('refuses an image of the wrong type before uploading it', async () => {
    const withPhoto: ResourceDef = {
      ...def,
      fields: [...def.fields, { name: 'photo', label: '照片', type: 'image' }],
    };
    const request = fakeRequest();
    renderWith(request, <ResourceForm def={withPhoto} mode="create" onSaved={() => undefined} />);
    const input = screen.getByLabelText('照片') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'a.exe', { type: 'application/octet-stream' })] },
    });
    expect(await screen.findByText('上传图片要求是 jpg/jpeg/png/gif/bmp/webp 格式')).toBeTruthy();
    expect(calls(request, 'POST')).toHaveLength(0);
  });
});

describe('the consultation form (issue #23)', () => {
  it('fills 性别, 出生日期 and 年龄 as soon as the ID number is valid, and starts in the department in use', async () => {
    const request = fakeRequest((config) =>
      config.url === '/ifms/web-org/depts'
        ? {
            list: [
              { deptId: 2, deptName: '护理一部' },
              { deptId: 3, deptName: '护理二部' },
            ],
          }
        : undefined,
    );
    render(
      // biome-ignore lint/suspicious/noExplicitAny: the fake stands for the generic Request<T>
      <AppProvider services={{ request: request as any, toast, dataDeptId: 3 }}>
        <ResourceForm def={consultationResource} mode="create" onSaved={() => undefined} />
      </AppProvider>,
    );
    await waitFor(() => expect((byLabel('所属部门') as HTMLSelectElement).value).toBe('3'));
    expect((byLabel('出生日期') as HTMLInputElement).value).toBe('');
    const born = '11010519450608002';
    const typeIn = (label: string, value: string) => fireEvent.change(byLabel(label), { target: { value } });
    typeIn('身份证号', born.slice(0, 16));
    expect((byLabel('出生日期') as HTMLInputElement).value).toBe('');
    typeIn('身份证号', born + idCardCheckChar(born));
    expect((byLabel('出生日期') as HTMLInputElement).value).toBe('1945-06-08');
    expect((byLabel('性别') as HTMLSelectElement).value).toBe('1');
    expect((byLabel('年龄') as HTMLInputElement).value).toBe(String(ageOn('1945-06-08', today())));
  });
});

describe('ResourceDetail', () => {
  it('shows formatted values per section and an 编辑 button for each', async () => {
    const onEditSection = vi.fn();
    renderWith(fakeRequest(), <ResourceDetail def={def} row={makeElder()} onEditSection={onEditSection} />);
    const stay = screen.getByRole('region', { name: '入住信息' });
    expect(within(stay).getByText('1号楼101-1床')).toBeTruthy();
    expect(within(stay).getByText('1,234.56')).toBeTruthy();
    expect(within(stay).getByText('否')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '基本信息' })).getByText('男')).toBeTruthy();
    fireEvent.click(within(stay).getByRole('button', { name: '编辑' }));
    expect(onEditSection).toHaveBeenCalledWith('stay', expect.objectContaining({ elderId: 1 }));
  });

  it('loads the row by id', async () => {
    const request = fakeRequest((c) =>
      c.url === '/test/elders/2' ? makeElder({ elderId: 2, elderName: '李四' }) : undefined,
    );
    renderWith(request, <ResourceDetail def={def} id={2} />);
    expect(await screen.findByText('李四')).toBeTruthy();
  });
});

function AuthorityProbe() {
  return <output>{JSON.stringify(useResourceAuthority(def))}</output>;
}
describe('useResourceAuthority', () => {
  it('follows the session authority codes', () => {
    act(() => authorityStore.set(['elder:view', 'elder:add']));
    const { container } = render(<AuthorityProbe />);
    expect(JSON.parse(container.textContent ?? '')).toEqual({
      canView: true,
      canCreate: true,
      canEdit: false,
      canRemove: false,
    });
    act(() => authorityStore.set(['elder:view', 'elder:edit', 'elder:del']));
    expect(JSON.parse(container.textContent ?? '')).toMatchObject({
      canCreate: false,
      canEdit: true,
      canRemove: true,
    });
  });
});

describe('defaults taken as a new record’s form opens, not when its page loaded', () => {
  it('openingDefaults reads the clock and the signed-in person at that moment', () => {
    const fields: FieldDef[] = [
      { name: 'measureTime', label: '测量时间', type: 'datetime', atOpen: 'now' },
      { name: 'day', label: '日期', type: 'date', atOpen: 'today' },
      { name: 'recorder', label: '测量人', type: 'text', atOpen: 'me' },
      { name: 'remark', label: '备注', type: 'text' },
    ];
    const at = new Date(2026, 11, 6, 8, 53, 7).getTime();
    expect(openingDefaults(fields, { now: at, me: '李秀英' })).toEqual({
      measureTime: '2026-12-06 08:53:07',
      day: '2026-12-06',
      recorder: '李秀英',
    });
    expect(openingDefaults(fields, { now: at, me: null })).not.toHaveProperty('recorder');
  });

  it('新增 calls createInitial as it opens the form, each time; 测量人 is the signed-in person', async () => {
    localStorage.setItem(
      'pims2.userInfo',
      JSON.stringify({ userId: 5, token: 'tok-5', empInfo: { empName: '李秀英' } }),
    );
    const withRecorder: ResourceDef = {
      ...def,
      fields: [...def.fields, { name: 'recorder', label: '测量人', type: 'text', atOpen: 'me' }],
    };
    let opened = 0;
    renderWith(
      fakeRequest(),
      <ResourceList
        def={withRecorder}
        routeName={ROUTE}
        canCreate
        createInitial={() => ({ remark: `第${++opened}次打开` })}
      />,
    );
    await screen.findByText('张三');
    expect(opened).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(byLabel('备注')).toHaveProperty('value', '第1次打开');
    expect(byLabel('测量人')).toHaveProperty('value', '李秀英');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByLabelText('测量人')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(byLabel('备注')).toHaveProperty('value', '第2次打开');
  });
});
