// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BedMapStatus, ResidencePaths } from '../../../domain/resources/residence.js';
import type { RoomInfo } from '../../../features/live/api/residence.js';
import { BedPicker } from '../../../features/live/residence/BedPicker.js';
import { AppProvider } from '../../../src/app/AppContext.js';
import type { Request } from '../../../src/app/request.js';

const room = (roomId: number, buildingId: number, floorId: number, beds: [number, number][]): RoomInfo => ({
  roomId,
  roomName: `${roomId}`,
  roomType: '双人间',
  deptId: 1,
  deptName: '护理一部',
  floorId,
  floorName: `${floorId}层`,
  floorNo: floorId,
  buildingId,
  buildingName: `${buildingId}号楼`,
  mapStatus: 0,
  beds: beds.map(([bedId, mapStatus]) => ({
    bedId,
    bedName: `${bedId}床`,
    bedStatus: 1,
    mapStatus,
    oldmanId: null,
    oldmanName: null,
    oldmanStatus: null,
    sex: null,
    away: false,
    bedType: null,
    price: null,
    monthlyPrice: null,
  })),
});
const rooms = [
  room(101, 1, 11, [
    [1, BedMapStatus.free],
    [2, BedMapStatus.living],
  ]),
  room(201, 2, 21, [[3, BedMapStatus.reserved]]),
  room(202, 2, 22, [[4, BedMapStatus.free]]),
];

function Controlled({
  value,
  ownBedId,
  changes,
}: {
  value: number | null;
  ownBedId: number | null;
  changes: (number | null)[];
}) {
  const [bedId, setBedId] = useState(value);
  return (
    <BedPicker
      value={bedId}
      ownBedId={ownBedId}
      onChange={(next) => {
        changes.push(next);
        setBedId(next);
      }}
    />
  );
}

/** The rooms answer is held until `answer()`: the picker is seen before and after it. */
function mount(value: number | null, ownBedId: number | null = null) {
  let answer: () => void = () => undefined;
  // the request is generic in its answer; this stand-in only ever answers the rooms list
  const request = ((config: { url: string }) => {
    if (config.url !== ResidencePaths.bedInfos) throw new Error(`unexpected ${config.url}`);
    return new Promise<RoomInfo[]>((resolve) => {
      answer = () => resolve(rooms);
    });
  }) as unknown as Request;
  const changes: (number | null)[] = [];
  render(
    <AppProvider services={{ request, toast: () => undefined }}>
      <Controlled value={value} ownBedId={ownBedId} changes={changes} />
    </AppProvider>,
  );
  return { changes, answer: () => act(async () => answer()) };
}

const select = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLSelectElement;
const pick = (label: string, value: number) =>
  fireEvent.change(select(label), { target: { value: String(value) } });
const options = (label: string) => [...select(label).options].slice(1).map((o) => o.text);

afterEach(cleanup);

describe('BedPicker: 楼栋 → 楼层 → 房间 → 床位', () => {
  it('offers only free beds (and the elder’s own reserved one), one level after the other', async () => {
    const { changes, answer } = mount(null, 3);
    expect(select('楼层').disabled).toBe(true);
    await answer();
    expect(options('楼栋')).toEqual(['1号楼', '2号楼']);
    pick('楼栋', 2);
    expect(select('楼层').disabled).toBe(false);
    expect(options('楼层')).toEqual(['21层', '22层']);
    pick('楼层', 21);
    pick('房间', 201);
    expect(options('床位')).toEqual(['3床（已预订）']);
    pick('床位', 3);
    expect(changes.at(-1)).toBe(3);
  });

  it('stands on the preset bed once the rooms are known, and a later pick of another building holds', async () => {
    const { changes, answer } = mount(1);
    await answer();
    expect([select('楼栋').value, select('楼层').value, select('房间').value, select('床位').value]).toEqual([
      '1',
      '11',
      '101',
      '1',
    ]);
    pick('楼栋', 2);
    expect(changes.at(-1)).toBe(null);
    expect(select('楼栋').value).toBe('2');
    expect(select('楼层').disabled).toBe(false);
    pick('楼层', 22);
    pick('房间', 202);
    pick('床位', 4);
    expect(changes.at(-1)).toBe(4);
    expect(select('楼栋').value).toBe('2');
  });

  it('a preset bed taken meanwhile is not offered: the selects start empty', async () => {
    const { answer } = mount(2);
    await answer();
    expect(select('楼栋').value).toBe('');
    expect(select('楼层').disabled).toBe(true);
  });
});
