import { describe, expect, it } from 'vitest';
import { makeAlarm, makeRow, makeVitals, NOW } from './fixtures.js';
import { elderOfQuery, monitorKinds } from './kinds.js';
import {
  byPlace,
  currentText,
  dayValueText,
  filterRows,
  noPlaceFilter,
  placeOptions,
  placeText,
  rowState,
  timeOfDay,
} from './rows.js';

describe('monitor row state', () => {
  it('is the alarm of the monitor’s own vital on this mattress, whatever the reading says', () => {
    const heart = makeAlarm({ alarmType: monitorKinds[1].alarmType, alarmTypeName: '心率报警' });
    const state = rowState(1, makeRow(), [heart], NOW);
    expect(state).toMatchObject({ status: 'alarm', text: '心率报警', alarm: heart });
    // Another vital's alarm, another mattress or a positioning alarm leaves the heart-rate row alone.
    expect(rowState(2, makeRow(), [heart], NOW).status).toBe('normal');
    expect(rowState(1, makeRow({ deviceId: 2 }), [heart], NOW).status).toBe('normal');
    expect(rowState(1, makeRow(), [makeAlarm({ source: 'pnt', alarmType: '4' })], NOW).status).toBe('normal');
  });

  it('tells offline, no data, interrupted data and out of bed apart', () => {
    const text = (kind: 1 | 3, over: Parameters<typeof makeRow>[0]) =>
      rowState(kind, makeRow(over), [], NOW).text;
    expect(text(1, { online: 0 })).toBe('离线');
    expect(text(1, { vitals: null })).toBe('暂无数据');
    expect(text(1, { vitals: makeVitals({ ts: NOW - 61_000 }) })).toBe('数据中断');
    expect(text(1, { vitals: makeVitals({ inBed: 0 }) })).toBe('离床');
    expect(text(1, {})).toBe('正常');
    expect(text(3, {})).toBe('在床');
  });
});

describe('monitor readings', () => {
  it('shows the current value of each kind, none for a rate while out of bed', () => {
    const v = makeVitals({ heartRate: 68, breathRate: 15, movement: 3 });
    expect([1, 2, 3, 4].map((k) => currentText(k as 1 | 2 | 3 | 4, v))).toEqual([
      '68 次/分',
      '15 次/分',
      '在床',
      '3 次',
    ]);
    const away = makeVitals({ inBed: 0, heartRate: 0, breathRate: 0 });
    expect([1, 2, 3].map((k) => currentText(k as 1 | 2 | 3, away))).toEqual(['—', '—', '离床']);
    expect(currentText(1, null)).toBe('—');
  });

  it('shows the 24-hour figure as an average, an in-bed share or a count', () => {
    expect(dayValueText(1, 71.4)).toBe('71 次/分');
    expect(dayValueText(2, 15.6)).toBe('16 次/分');
    expect(dayValueText(3, 0.923)).toBe('92%');
    expect(dayValueText(4, 318)).toBe('318 次');
    expect(dayValueText(3, null)).toBe('—');
  });

  it('formats the place and the time of day', () => {
    expect(placeText(makeRow())).toBe('1号楼 2层 201室 1床');
    expect(placeText(makeRow({ buildingName: null, floorName: null, roomName: null, bedName: null }))).toBe(
      '—',
    );
    expect(timeOfDay(new Date(2026, 2, 14, 9, 5, 7).getTime())).toBe('09:05:07');
  });
});

describe('monitor filters and order', () => {
  const rows = [
    makeRow({
      deviceId: 3,
      buildingId: 2,
      buildingName: '2号楼',
      floorNo: 1,
      floorName: '1层',
      roomName: '101室',
    }),
    makeRow({ deviceId: 2, roomName: '210室', oldmanName: '李桂英' }),
    makeRow({ deviceId: 1, roomName: '202室', bedName: '2床', oldmanName: '王德明' }),
    makeRow({ deviceId: 4, roomName: '202室', bedName: '1床', oldmanName: '赵淑珍' }),
  ];

  it('orders by building, floor, room and bed, numbers as numbers', () => {
    expect([...rows].sort(byPlace).map((r) => r.deviceId)).toEqual([4, 1, 2, 3]);
  });

  it('filters by building, floor and a part of the name, room or bed', () => {
    const ids = (filter: Partial<typeof noPlaceFilter>) =>
      filterRows(rows, { ...noPlaceFilter, ...filter }).map((r) => r.deviceId);
    expect(ids({})).toEqual([3, 2, 1, 4]);
    expect(ids({ buildingId: '2' })).toEqual([3]);
    expect(ids({ buildingId: '1', floorNo: '2' })).toEqual([2, 1, 4]);
    expect(ids({ text: '桂英' })).toEqual([2]);
    expect(ids({ text: ' 202 ' })).toEqual([1, 4]);
  });

  it('offers the buildings and floors that have mattresses', () => {
    expect(placeOptions([...rows, makeRow({ buildingId: 1, floorNo: 1, floorName: '1层' })])).toEqual([
      {
        buildingId: 1,
        buildingName: '1号楼',
        floors: [
          { floorNo: 1, floorName: '1层' },
          { floorNo: 2, floorName: '2层' },
        ],
      },
      { buildingId: 2, buildingName: '2号楼', floors: [{ floorNo: 1, floorName: '1层' }] },
    ]);
  });

  it('reads the elder of a personal view from the address', () => {
    expect(elderOfQuery({ oldmanId: '12' })).toBe(12);
    const bad: Record<string, string>[] = [
      {},
      { oldmanId: '' },
      { oldmanId: 'x' },
      { oldmanId: '-1' },
      { oldmanId: '1.5' },
    ];
    for (const query of bad) expect(elderOfQuery(query)).toBeNull();
  });
});
