import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { BedMapStatus } from '../../../domain/resources/residence.js';
import type { RoomInfo } from '../api/residence.js';
import { bedOffer } from './bedOffer.js';
import { useRooms } from './queries.js';

/** A bed the elder may take: free, or the one already reserved for them. */
const selectable = (bedId: number, mapStatus: number, own: number | null) =>
  mapStatus === BedMapStatus.free || bedId === own;

interface Choice {
  buildingId: number | '';
  floorId: number | '';
  roomId: number | '';
}

function choiceOf(rooms: RoomInfo[], bedId: number | null): Choice {
  const room = rooms.find((r) => r.beds.some((b) => b.bedId === bedId));
  return room
    ? { buildingId: room.buildingId, floorId: room.floorId, roomId: room.roomId }
    : { buildingId: '', floorId: '', roomId: '' };
}

/** The choice as far as it is still offered (each level among the rooms with free beds). */
function stillOffered(rooms: RoomInfo[], c: Choice): Choice {
  const building = rooms.some((r) => r.buildingId === c.buildingId) ? c.buildingId : '';
  const floor = rooms.some((r) => r.buildingId === building && r.floorId === c.floorId) ? c.floorId : '';
  const room = rooms.some((r) => r.floorId === floor && r.roomId === c.roomId) ? c.roomId : '';
  return { buildingId: building, floorId: floor, roomId: room };
}

const unique = <T, K>(items: T[], key: (t: T) => K) => [...new Map(items.map((i) => [key(i), i])).values()];

/**
 * 楼栋 → 楼层 → 房间 → 床位, offering only free beds (and the elder's reserved one), from
 * GET buildings/bedInfos. The server checks again; the database index is the last word.
 */
export function BedPicker({
  value,
  onChange,
  ownBedId = null,
}: {
  value: number | null;
  onChange(bedId: number | null): void;
  ownBedId?: number | null;
}) {
  const { data: all, error } = useRooms();
  const rooms = useMemo(
    () =>
      all
        .map((r) => ({ ...r, beds: r.beds.filter((b) => selectable(b.bedId, b.mapStatus, ownBedId)) }))
        .filter((r) => r.beds.length > 0),
    [all, ownBedId],
  );
  // until the user picks, the selects stand on the preset bed (derived, not copied by an effect: an
  // effect from the render before a pick could run after it and undo the pick)
  const [picked, setPicked] = useState<Choice | null>(null);
  // the rooms follow the data (a bed taken meanwhile, a refusal: src/app/dataChanges.ts): a pick
  // whose room, floor or building has no free bed left falls back to 请选择
  const choice = stillOffered(rooms, picked ?? choiceOf(rooms, value));
  const offered = rooms.some((r) => r.beds.some((b) => b.bedId === value));
  useEffect(() => {
    // the chosen bed is no longer free: it is not sent again
    if (value !== null && all.length > 0 && !offered) onChange(null);
  }, [value, all, offered, onChange]);
  const buildings = unique(rooms, (r) => r.buildingId);
  const floors = unique(
    rooms.filter((r) => r.buildingId === choice.buildingId),
    (r) => r.floorId,
  );
  const roomsOfFloor = rooms.filter((r) => r.floorId === choice.floorId);
  const beds = rooms.find((r) => r.roomId === choice.roomId)?.beds ?? [];
  const pick = (next: Choice) => {
    setPicked(next);
    onChange(null);
  };
  const num = (v: string) => (v === '' ? '' : Number(v));

  return (
    <div className="bed-picker" data-testid="bed-picker">
      <FormGroup label="楼栋" labelFor="bed-building" inline>
        <HTMLSelect
          id="bed-building"
          value={choice.buildingId}
          onChange={(e) => pick({ buildingId: num(e.currentTarget.value), floorId: '', roomId: '' })}
        >
          <option value="">请选择楼栋</option>
          {buildings.map((r) => (
            <option key={r.buildingId} value={r.buildingId}>
              {r.buildingName}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="楼层" labelFor="bed-floor" inline>
        <HTMLSelect
          id="bed-floor"
          value={choice.floorId}
          disabled={choice.buildingId === ''}
          onChange={(e) => pick({ ...choice, floorId: num(e.currentTarget.value), roomId: '' })}
        >
          <option value="">请选择楼层</option>
          {floors.map((r) => (
            <option key={r.floorId} value={r.floorId}>
              {r.floorName}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="房间" labelFor="bed-room" inline>
        <HTMLSelect
          id="bed-room"
          value={choice.roomId}
          disabled={choice.floorId === ''}
          onChange={(e) => pick({ ...choice, roomId: num(e.currentTarget.value) })}
        >
          <option value="">请选择房间</option>
          {roomsOfFloor.map((r) => (
            <option key={r.roomId} value={r.roomId}>
              {r.roomName}（{r.roomType}，空{r.beds.length}床）
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="床位" labelFor="bed-bed" inline>
        <HTMLSelect
          id="bed-bed"
          value={value ?? ''}
          disabled={choice.roomId === ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
        >
          <option value="">请选择床位</option>
          {beds.map((b) => (
            <option key={b.bedId} value={b.bedId}>
              {b.bedName}
              {b.bedId === ownBedId ? '（已预订）' : ''}
              {bedOffer(b) ? `（${bedOffer(b)}）` : ''}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {!error && all.length > 0 && rooms.length === 0 && <p className="muted">当前没有空闲床位</p>}
      {error && <p className="bp6-text-danger">{error}</p>}
    </div>
  );
}
