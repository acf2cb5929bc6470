// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../domain/codes.js';
import { BedMapStatus, ResidencePaths } from '../../domain/resources/residence.js';
import type { RoomInfo } from '../../features/live/api/residence.js';
import { BedPicker } from '../../features/live/residence/BedPicker.js';
import { createApiClient } from '../../src/api/client.js';
import { AppProvider } from '../../src/app/AppContext.js';
import {
  type DataChange,
  noteDataChanged,
  onDataChanged,
  watchOutsideChanges,
} from '../../src/app/dataChanges.js';
import type { Request } from '../../src/app/request.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { forgetDictionaries, loadDict } from '../../src/dict/dictionaries.js';
import { PageContext, type PageInfo } from '../../src/router/page.js';

/** Issue #36 point 7, stale views: what a change affects reads its data again. */

afterEach(cleanup);
beforeEach(() => window.sessionStorage.clear());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

describe('API client: which answers change the data', () => {
  const client = (answer: () => Response) => {
    const changes: string[] = [];
    const c = createApiClient({
      getToken: () => 'tok',
      getUserId: () => 7,
      fetch: (() => Promise.resolve(answer())) as typeof fetch,
      onDataChanged: (change) => changes.push(change),
    });
    return { ...c, changes };
  };

  it('a write that succeeded is saved; a read is nothing', async () => {
    const c = client(() => json({ code: Code.ok, result: {} }));
    await c.request({ url: '/a' });
    expect(c.changes).toEqual([]);
    await c.request({ url: '/a', method: 'POST', data: {} });
    await c.request({ url: '/a/1', method: 'PUT', data: {} });
    await c.request({ url: '/a/1', method: 'DELETE' });
    expect(c.changes).toEqual(['saved', 'saved', 'saved']);
  });

  it('a write refused as 数据冲突 (该床位已有长者入住) says the data shown was stale; other refusals do not', async () => {
    const conflict = client(() => json({ code: Code.conflict, msg: '该床位已有长者入住' }));
    await expect(
      conflict.request({ url: '/b', method: 'PUT', data: {}, silent: true }),
    ).rejects.toMatchObject({
      message: '该床位已有长者入住',
    });
    await expect(conflict.request({ url: '/b', silent: true })).rejects.toBeTruthy();
    expect(conflict.changes).toEqual(['refused']);
    const other = client(() => json({ code: Code.invalidInput, msg: '参数错误' }));
    await expect(other.request({ url: '/b', method: 'PUT', data: {}, silent: true })).rejects.toBeTruthy();
    expect(other.changes).toEqual([]);
  });
});

describe('the dropdown cache follows changes', () => {
  it('pickers asking at once share one request; a change drops the cache and an answer from before it', async () => {
    let calls = 0;
    let answer: (rows: unknown[]) => void = () => undefined;
    const request = (() => {
      calls++;
      return new Promise((resolve) => {
        answer = resolve;
      });
    }) as unknown as Request;
    const a = loadDict('room', request);
    const b = loadDict('room', request);
    expect(calls).toBe(1);
    // a room added meanwhile: the answer on its way may not know it
    noteDataChanged('saved');
    answer([{ roomId: 1, roomName: '1101', buildingName: '1号楼', floorName: '1层' }]);
    expect(await a).toEqual([{ value: 1, label: '1号楼1层1101' }]);
    expect(await b).toEqual(await a);
    expect(window.sessionStorage.length).toBe(0);
    // so the next picker asks again, and that answer is kept
    const c = loadDict('room', request);
    expect(calls).toBe(2);
    answer([]);
    await c;
    await loadDict('room', request);
    expect(calls).toBe(2);
    forgetDictionaries();
    void loadDict('room', request);
    expect(calls).toBe(3);
  });
});

function Screen({ onReload }: { onReload(): void }) {
  usePageRefresh(onReload);
  return null;
}

/** A dialog holding the bed its picker chose; each choice is noted in `chosen`. */
function Dialog({ chosen }: { chosen: (number | null)[] }) {
  const [bedId, setBedId] = useState<number | null>(null);
  return (
    <BedPicker
      value={bedId}
      onChange={(next) => {
        chosen.push(next);
        setBedId(next);
      }}
    />
  );
}

describe('usePageRefresh follows changes', () => {
  const page = (active: boolean): PageInfo => ({
    key: '/home/bedInfo',
    path: '/home/bedInfo',
    query: {},
    menuId: null,
    screen: null,
    title: '床位状态图',
    active,
  });
  const mount = (active: boolean) => {
    const reloads: number[] = [];
    const view = (on: boolean) => (
      <PageContext.Provider value={page(on)}>
        <Screen onReload={() => reloads.push(1)} />
      </PageContext.Provider>
    );
    const r = render(view(active));
    return { reloads, show: (on: boolean) => r.rerender(view(on)) };
  };

  it('a page kept in a hidden tab reloads once when shown again after changes, not before', () => {
    const { reloads, show } = mount(false);
    act(() => {
      noteDataChanged('saved');
      noteDataChanged('saved');
    });
    expect(reloads).toHaveLength(0);
    show(true);
    expect(reloads).toHaveLength(1);
    show(false);
    show(true);
    expect(reloads).toHaveLength(1);
  });

  it('the page on screen reloads when the console comes back or a write was refused, not after its own saves', () => {
    const { reloads } = mount(true);
    act(() => noteDataChanged('saved'));
    expect(reloads).toHaveLength(0);
    act(() => noteDataChanged('refused'));
    act(() => noteDataChanged('outside'));
    expect(reloads).toHaveLength(2);
  });
});

describe('coming back to the console', () => {
  it('focus after the window was left counts once as an outside change', () => {
    const seen: DataChange[] = [];
    const stop = onDataChanged((c) => seen.push(c));
    const unwatch = watchOutsideChanges(window);
    window.dispatchEvent(new Event('focus'));
    expect(seen).toEqual([]);
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('focus'));
    expect(seen).toEqual(['outside']);
    window.dispatchEvent(new CustomEvent('pims:reconnect'));
    expect(seen).toEqual(['outside', 'outside']);
    unwatch();
    stop();
  });
});

describe('BedPicker after a change', () => {
  const room = (beds: [number, number][]): RoomInfo =>
    ({
      roomId: 101,
      roomName: '101',
      roomType: '单人间',
      deptId: 1,
      deptName: '护理一部',
      floorId: 11,
      floorName: '1层',
      floorNo: 1,
      buildingId: 1,
      buildingName: '1号楼',
      mapStatus: 0,
      beds: beds.map(([bedId, mapStatus]) => ({ bedId, bedName: `${bedId}床`, mapStatus, away: false })),
    }) as unknown as RoomInfo;

  it('reads the rooms again: the bed taken meanwhile is offered no more and no longer chosen', async () => {
    let answer = [room([[1, BedMapStatus.free]])];
    const request = ((config: { url: string }) => {
      if (config.url !== ResidencePaths.bedInfos) throw new Error(`unexpected ${config.url}`);
      return Promise.resolve(answer);
    }) as unknown as Request;
    const chosen: (number | null)[] = [];
    render(
      <AppProvider services={{ request, toast: () => undefined }}>
        <Dialog chosen={chosen} />
      </AppProvider>,
    );
    const select = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;
    await screen.findByRole('option', { name: '1号楼' });
    fireEvent.change(select('楼栋'), { target: { value: '1' } });
    fireEvent.change(select('楼层'), { target: { value: '11' } });
    expect(screen.getByRole('option', { name: '101（单人间，空1床）' })).toBeTruthy();
    fireEvent.change(select('房间'), { target: { value: '101' } });
    fireEvent.change(select('床位'), { target: { value: '1' } });
    expect(chosen.at(-1)).toBe(1);

    // another console took the bed; this one's check-in is refused
    answer = [room([[1, BedMapStatus.living]])];
    await act(async () => noteDataChanged('refused'));
    expect(screen.queryByRole('option', { name: '1号楼' })).toBeNull();
    expect(screen.queryByRole('option', { name: /空1床/ })).toBeNull();
    expect(chosen.at(-1)).toBe(null);
    expect(select('楼栋').value).toBe('');
  });
});
