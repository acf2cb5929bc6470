// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResourceDef } from '../../domain/resource.js';
import { downloadExport, type ExportProgress } from '../../src/resource/exportFile.js';
import type { Row } from '../../src/resource/format.js';
import type { Sort } from '../../src/resource/listQuery.js';
import { ResourceTable } from '../../src/resource/ResourceTable.js';
import { Pager } from '../../src/ui/Pager.js';
import { layOutTables } from '../support/tableLayout.js';

const def: ResourceDef = {
  name: 'keyElder',
  title: '长者',
  table: 'key_elder',
  idField: 'elderId',
  nameField: 'elderName',
  fields: [
    { name: 'elderName', label: '姓名', type: 'text' },
    { name: 'phone', label: '联系电话', type: 'phone' },
    { name: 'deposit', label: '押金', type: 'money' },
  ],
  columns: ['elderName', 'phone', 'deposit'],
  defaultSort: { field: 'elderName', order: 'asc' },
  api: { list: '/key/elders' },
  authority: { view: 'elder:view' },
};
const makeElder = (i: number): Row => ({
  elderId: i,
  elderName: `长者${i}`,
  phone: `139000000${String(i).padStart(2, '0')}`,
  deposit: i * 10_000, // fen
});
const ROWS = Array.from({ length: 30 }, (_, i) => makeElder(i + 1));

beforeAll(layOutTables);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The table as a list draws it: selection and sort kept by the caller. */
function Harness(props: { onOpen?(row: Row): void; onCopy?(text: string): void; onSort?(s: Sort): void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [sort, setSort] = useState<Sort>(def.defaultSort);
  return (
    <ResourceTable
      def={def}
      rows={ROWS}
      columns={def.columns}
      sort={sort}
      onSort={(s) => {
        setSort(s);
        props.onSort?.(s);
      }}
      selected={selected}
      onSelect={setSelected}
      actions={(row) => <button type="button">查看{String(row.elderName)}</button>}
      onOpen={props.onOpen}
      onCopy={props.onCopy}
    />
  );
}

const grid = () => screen.getByRole('grid', { name: '长者' });
const press = (key: string, mods: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(grid(), { key, ...mods });
/** The focused cell: the grid's active descendant. */
const focused = () => {
  const id = grid().getAttribute('aria-activedescendant') ?? '';
  return document.getElementById(id);
};

describe('the list table from the keyboard', () => {
  it('is one tab stop: the grid; its checkboxes and sort buttons are reached with the keys', () => {
    render(<Harness />);
    expect(grid().tabIndex).toBe(0);
    expect(grid().getAttribute('aria-rowcount')).toBe('31');
    expect(grid().getAttribute('aria-colcount')).toBe('4');
    const table = grid().parentElement as HTMLElement;
    const tabbable = [...table.querySelectorAll<HTMLElement>('input, button, [tabindex]')].filter(
      (el) => el.tabIndex >= 0,
    );
    expect(tabbable).toEqual([grid()]);
    expect(table.querySelectorAll('input[type="checkbox"]').length).toBeGreaterThan(10);
    // the 操作 buttons, beside the grid, keep their own tab stops
    expect(screen.getByRole('button', { name: '查看长者1' }).tabIndex).toBe(0);
  });

  it('moves the focused cell with the arrows, Home/End and PageDown, ringed and named in its row', () => {
    render(<Harness />);
    fireEvent.focus(grid());
    press('ArrowRight');
    expect(focused()?.textContent).toBe('长者1');
    expect(focused()?.getAttribute('role')).toBe('gridcell');
    expect(focused()?.className).toContain('resource-cell-focused');
    press('ArrowDown');
    press('ArrowRight');
    expect(focused()?.textContent).toBe('13900000002');
    press('End');
    expect(focused()?.textContent).toBe('200.00');
    press('Home');
    press('PageDown');
    expect(focused()?.querySelector('input')?.getAttribute('aria-label')).toBe('选择 长者12');
    // the focused cell's row owns it, at its place among all the page's rows
    const row = document.querySelector(`[role="row"][aria-owns~="${focused()?.id}"]`);
    expect(row?.getAttribute('aria-rowindex')).toBe('13');
  });

  it('opens the row with Enter, chooses it with Space, copies the cell as shown with Ctrl+C', () => {
    const onOpen = vi.fn();
    const onCopy = vi.fn();
    render(<Harness onOpen={onOpen} onCopy={onCopy} />);
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    expect(onOpen).toHaveBeenCalledWith(ROWS[2]);
    press(' ');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '选择 长者3' }).checked).toBe(true);
    expect(document.querySelector('[role="row"][aria-rowindex="4"]')?.getAttribute('aria-selected')).toBe(
      'true',
    );
    press('End');
    press('c', { ctrlKey: true });
    expect(onCopy).toHaveBeenCalledWith('300.00');
    press('c', { metaKey: true });
    expect(onCopy).toHaveBeenCalledTimes(2);
    press('c');
    expect(onCopy).toHaveBeenCalledTimes(2);
  });

  it('sorts from a header with Enter; Enter on a row of a list that opens nothing does nothing', () => {
    const onSort = vi.fn();
    render(<Harness onSort={onSort} />);
    press('ArrowUp');
    press('ArrowRight');
    expect(focused()?.getAttribute('role')).toBe('columnheader');
    press('Enter');
    expect(onSort).toHaveBeenCalledWith({ field: 'elderName', order: 'desc' });
    expect(focused()?.getAttribute('aria-sort')).toBe('descending');
    press('ArrowDown');
    expect(() => press('Enter')).not.toThrow();
  });
});

describe('跳至 a page', () => {
  const renderPager = (pageNum = 1) => {
    const onChange = vi.fn();
    render(<Pager total={95} pageNum={pageNum} pageSize={10} onChange={onChange} />);
    return onChange;
  };
  const jumpTo = (text: string, how: 'enter' | 'button' = 'enter') => {
    const input = screen.getByLabelText('跳至页码');
    fireEvent.change(input, { target: { value: text } });
    if (how === 'enter') fireEvent.keyDown(input, { key: 'Enter' });
    else fireEvent.click(screen.getByRole('button', { name: '跳转' }));
  };

  it('goes to the typed page with Enter or 跳转', () => {
    const onChange = renderPager();
    jumpTo('4');
    expect(onChange).toHaveBeenLastCalledWith(4);
    jumpTo(' 7 ', 'button');
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('clamps a page past either end and says so', () => {
    const onChange = renderPager(3);
    jumpTo('99');
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(screen.getByRole('status').textContent).toBe('共 10 页，已跳至第 10 页');
    jumpTo('0');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('refuses what is not a whole number and stays', () => {
    const onChange = renderPager(3);
    for (const bad of ['', 'abc', '2.5', '-1']) {
      jumpTo(bad);
      expect(screen.getByRole('status').textContent).toBe('请输入 1–10 的整数页码');
      expect(screen.getByLabelText('跳至页码').getAttribute('aria-invalid')).toBe('true');
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps 上一页, 下一页 and the page size', () => {
    const onChange = renderPager(3);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    fireEvent.change(screen.getByLabelText('每页条数'), { target: { value: '50' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
    expect(screen.getByText('3 / 10')).toBeTruthy();
  });
});

describe('an export download', () => {
  /** A CSV answer delivered in the given chunks, declaring `length` bytes. */
  const answer = (chunks: string[], length: number) =>
    new Response(
      new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
          c.close();
        },
      }),
      {
        headers: {
          'content-type': 'text/csv',
          'content-length': String(length),
          'x-export-rows': '2',
          'content-disposition': "attachment; filename*=UTF-8''%E9%95%BF%E8%80%85.csv",
        },
      },
    );
  const saved: string[] = [];
  const watchSaves = () => {
    saved.length = 0;
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  };

  it('reports making the file, then each chunk against the declared length, then saves it', async () => {
    watchSaves();
    const seen: (ExportProgress | null)[] = [];
    const doFetch = vi.fn(async () => answer(['姓名\r\n', '张三\r\n', '李四\r\n'], 24));
    await downloadExport('/x?export=csv', 'x.csv', { doFetch, onProgress: (p) => seen.push(p) });
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toEqual({ received: 24, total: 24, rows: 2 });
    expect(seen.filter((p) => p !== null).map((p) => p.received)).toEqual([0, 8, 16, 24]);
    expect(saved).toEqual(['长者.csv']);
  });

  it('saves nothing when the answer stops short of its length', async () => {
    watchSaves();
    const doFetch = vi.fn(async () => answer(['姓名\r\n'], 24));
    await expect(downloadExport('/x', 'x.csv', { doFetch })).rejects.toMatchObject({
      message: '导出未完成：只收到 8 / 24 字节，文件未保存',
    });
    expect(saved).toEqual([]);
  });

  it('saves nothing when cancelled', async () => {
    watchSaves();
    const controller = new AbortController();
    const doFetch = vi.fn(async (_url: string, init?: RequestInit) => {
      const stream = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('姓名\r\n'));
          init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/csv', 'content-length': '24' } });
    });
    const running = downloadExport('/x', 'x.csv', {
      doFetch: doFetch as typeof fetch,
      signal: controller.signal,
      onProgress: (p) => {
        if (p && p.received > 0) controller.abort();
      },
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(saved).toEqual([]);
  });
});
