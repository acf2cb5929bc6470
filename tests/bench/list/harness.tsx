/**
 * The resource list with 10,000 elder rows from a fake API client: time from mounting to rows on
 * screen, then frame times while the table scrolls through them.
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/table/lib/css/table.css';
import { HotkeysProvider } from '@blueprintjs/core';
import { createRoot } from 'react-dom/client';
import { oldmanResource } from '../../../domain/resources/oldman.js';
import { AppProvider } from '../../../src/app/AppContext.js';
import type { Request } from '../../../src/app/request.js';
import { ResourceList } from '../../../src/resource/index.js';
import { installChineseLabels } from '../../../src/ui/chineseLabels.js';

const N = 10_000;
const rows = Array.from({ length: N }, (_, i) => ({
  oldmanId: N - i,
  oldmanName: `长者${N - i}`,
  sex: i % 2,
  birthday: `19${30 + (i % 30)}-0${(i % 9) + 1}-1${i % 9}`,
  oldmanIdcard: `3301061940010${String(i).padStart(5, '0')}`,
  phone: '13800000000',
  deptId: 2,
  deptName: '护理一部',
  nursingLevel: '半护理',
  oldmanStatus: [1, 4, 2, 3][i % 4],
  bedId: i,
  bedName: `1号楼1层${100 + (i % 50)}-${(i % 4) + 1}床`,
  checkInDate: '2025-03-01',
  createTime: '2025-03-01 08:00:00',
}));

const request: Request = async <T,>(config: { url: string }) => {
  if (config.url === oldmanResource.api.list) return { list: rows, total: N, pageNum: 1, pageSize: N } as T;
  return { list: [], total: 0, pageNum: 1, pageSize: 0 } as T;
};

const frame = () => new Promise<number>((r) => requestAnimationFrame(r));

async function run() {
  // as in the console: the observer that renames Blueprint's English labels watches the page
  installChineseLabels();
  const t0 = performance.now();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <HotkeysProvider>
      <AppProvider services={{ request, toast: () => undefined }}>
        <ResourceList def={oldmanResource} routeName="/bench/list" />
      </AppProvider>
    </HotkeysProvider>,
  );
  while (!document.querySelector('[data-testid^="row-"]')) await frame();
  await frame();
  const firstRender = performance.now() - t0;
  const body = document.querySelector(
    '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
  ) as HTMLElement;
  const frames: number[] = [];
  let last = await frame();
  const start = last;
  while (last - start < 3000) {
    body.scrollTop += 400;
    const now = await frame();
    frames.push(now - last);
    last = now;
  }
  return {
    firstRender,
    frames,
    rowsInDom: document.querySelectorAll('[data-testid^="row-"]').length,
    scrolledTo: body.scrollTop,
  };
}

(window as unknown as { __bench: { run: typeof run } }).__bench = { run };
