/**
 * The resource list with 10,000 elder rows from a fake API client. `mount` times mounting to rows on
 * screen (marks `list-mount` at its start, as the rows arrive and at its end); `scroll` then moves the table 400 px a frame, marking each step (performance.mark
 * `list-step`) so the driver can add up the main thread's work per step from a trace, and gives the
 * frame intervals and React's render time per commit (Profiler).
 */
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/table/lib/css/table.css';
import { HotkeysProvider } from '@blueprintjs/core';
import { Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { oldmanResource } from '../../../domain/resources/oldman.js';
import { AppProvider } from '../../../src/app/AppContext.js';
import type { Request } from '../../../src/app/request.js';
import { ResourceList } from '../../../src/resource/index.js';
import { installChineseLabels } from '../../../src/ui/chineseLabels.js';

const N = 10_000;
/** Scroll steps of 400 px: 36,000 px of the 320,000 the rows are tall. */
const STEPS = 90;
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
  if (config.url === oldmanResource.api.list) {
    // the rows arrive: what follows is drawing them (the mark splits mounting in two)
    performance.mark('list-mount');
    return { list: rows, total: N, pageNum: 1, pageSize: N } as T;
  }
  return { list: [], total: 0, pageNum: 1, pageSize: 0 } as T;
};

const frame = () => new Promise<number>((r) => requestAnimationFrame(r));

/** React's render time of each commit (ms), as the Profiler reports it. */
const commits: number[] = [];

async function mount() {
  // as in the console: the observer that renames Blueprint's English labels watches the page
  installChineseLabels();
  performance.mark('list-mount');
  const t0 = performance.now();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <HotkeysProvider>
      <AppProvider services={{ request, toast: () => undefined }}>
        <Profiler id="list" onRender={(_id, _phase, actual) => commits.push(actual)}>
          <ResourceList def={oldmanResource} routeName="/bench/list" />
        </Profiler>
      </AppProvider>
    </HotkeysProvider>,
  );
  while (!document.querySelector('[data-testid^="row-"]')) await frame();
  await frame();
  performance.mark('list-mount');
  return { firstRender: performance.now() - t0, mountRender: commits.reduce((a, b) => a + b, 0) };
}

async function scroll() {
  const body = document.querySelector(
    '.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container',
  ) as HTMLElement;
  // settle: what mounting left to do (observers, the rail's first measure) is not a scroll step
  for (let i = 0; i < 10; i++) await frame();
  commits.length = 0;
  const frames: number[] = [];
  let last = await frame();
  for (let i = 0; i < STEPS; i++) {
    performance.mark('list-step');
    body.scrollTop += 400;
    const now = await frame();
    frames.push(now - last);
    last = now;
  }
  performance.mark('list-step');
  return {
    frames,
    commits: [...commits],
    rowsInDom: document.querySelectorAll('[data-testid^="row-"]').length,
    scrolledTo: body.scrollTop,
  };
}

(window as unknown as { __bench: unknown }).__bench = { mount, scroll };
