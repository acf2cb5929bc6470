import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  Popover,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import type { BedInfo, LegendItem, RoomInfo } from '../../domain/api/residence.js';
import { LiveAuthority } from '../../domain/resources/oldman.js';
import { BedMapStatus, MapType } from '../../domain/resources/residence.js';
import type { ResidenceEventType } from '../../machines/residenceMachine.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { useBuildings, useLegend, useRooms } from './api.js';
import { LegendDialog } from './LegendDialog.js';
import { StatusDialog } from './StatusDialog.js';
import './residence.css';

const legendOf = (legend: LegendItem[], type: number) =>
  new Map(legend.filter((l) => l.type === type).map((l) => [l.statusId, l]));

/** What a free bed offers when clicked: 预订 it for an elder, or 办理入住 into it at once. */
const FREE_BED_EVENTS: { type: ResidenceEventType; text: string; icon: 'time' | 'log-in' }[] = [
  { type: 'RESERVE', text: '预订', icon: 'time' },
  { type: 'CHECK_IN', text: '办理入住', icon: 'log-in' },
];

function BedTile({
  bed,
  legend,
  onAct,
}: {
  bed: BedInfo;
  legend: Map<number, LegendItem>;
  onAct?(type: ResidenceEventType): void;
}) {
  const item = legend.get(bed.mapStatus);
  const free = bed.mapStatus === BedMapStatus.free;
  const text = bed.oldmanName ?? item?.statusName ?? '';
  const style = { background: item?.color ?? '#8F99A8' };
  const content = (
    <>
      <span className="bed-name">{bed.bedName}</span>
      <span className="bed-who">{text}</span>
      {bed.away && (
        <span className="bed-away" data-testid="bed-away">
          外出中
        </span>
      )}
    </>
  );
  const props = {
    'data-testid': 'map-bed',
    'data-bed-id': bed.bedId,
    'data-status': bed.mapStatus,
    title: `${bed.bedName} ${item?.statusName ?? ''}${bed.away ? ' 外出中' : ''}`,
  };
  return free && onAct ? (
    <Popover
      className="map-bed-slot"
      placement="bottom"
      content={
        <Menu aria-label={`${bed.bedName}可办理`}>
          {FREE_BED_EVENTS.map((e) => (
            <MenuItem key={e.type} icon={e.icon} text={e.text} onClick={() => onAct(e.type)} />
          ))}
        </Menu>
      }
    >
      <button type="button" className="map-bed map-bed-free" style={style} {...props}>
        {content}
      </button>
    </Popover>
  ) : (
    <div className="map-bed" style={style} {...props}>
      {content}
    </div>
  );
}

function RoomCard({
  room,
  beds,
  rooms,
  onAct,
}: {
  room: RoomInfo;
  beds: Map<number, LegendItem>;
  rooms: Map<number, LegendItem>;
  onAct?(bed: BedInfo, type: ResidenceEventType): void;
}) {
  return (
    <Card
      className="map-room"
      style={{ background: rooms.get(room.mapStatus)?.color }}
      data-testid="map-room"
    >
      <div className="map-room-head">
        <b>{room.roomName}</b>
        <span className="muted">
          {room.roomType} · {room.deptName}
        </span>
      </div>
      <div className="map-beds">
        {room.beds.map((bed) => (
          <BedTile key={bed.bedId} bed={bed} legend={beds} onAct={onAct && ((type) => onAct(bed, type))} />
        ))}
      </div>
    </Card>
  );
}

/** /home/bedInfo 床位状态图: rooms per floor, beds coloured by the organisation's legend. */
export function BedMap() {
  const { data: buildings, error } = useBuildings();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const [floorId, setFloorId] = useState<number | null>(null);
  const legend = useLegend();
  const rooms = useRooms({ buildingId: buildingId ?? undefined }, buildingId !== null);
  const [checkIn, setCheckIn] = useState<{
    bed: BedInfo;
    room: RoomInfo;
    type: ResidenceEventType;
  } | null>(null);
  const [editing, setEditing] = useState(false);
  const mayCheckIn = useAuthority(LiveAuthority.liveCheckIn);
  const mayConfigure = useAuthority(LiveAuthority.bedInfo);
  usePageRefresh(() => {
    rooms.reload();
    legend.reload();
  });
  useEffect(() => {
    if (buildingId === null && buildings[0]) setBuildingId(buildings[0].buildingId);
  }, [buildings, buildingId]);
  const building = buildings.find((b) => b.buildingId === buildingId);
  const bedLegend = useMemo(() => legendOf(legend.data, MapType.bed), [legend.data]);
  const roomLegend = useMemo(() => legendOf(legend.data, MapType.room), [legend.data]);
  const floors = (building?.floors ?? []).filter((f) => floorId === null || f.floorId === floorId);
  const counts = new Map<number, number>();
  for (const bed of rooms.data.flatMap((r) => r.beds))
    counts.set(bed.mapStatus, (counts.get(bed.mapStatus) ?? 0) + 1);

  if (error) return <Callout intent={Intent.DANGER}>{error}</Callout>;
  return (
    <div className="page bed-map" data-testid="page-bedInfo">
      <div className="filter-bar">
        <ButtonGroup>
          {buildings.map((b) => (
            <Button
              key={b.buildingId}
              text={b.buildingName}
              active={b.buildingId === buildingId}
              onClick={() => {
                setBuildingId(b.buildingId);
                setFloorId(null);
              }}
            />
          ))}
        </ButtonGroup>
        <ButtonGroup>
          <Button text="全部楼层" active={floorId === null} onClick={() => setFloorId(null)} />
          {(building?.floors ?? []).map((f) => (
            <Button
              key={f.floorId}
              text={f.floorName}
              active={f.floorId === floorId}
              onClick={() => setFloorId(f.floorId)}
            />
          ))}
        </ButtonGroup>
        <div className="map-legend" data-testid="map-legend">
          {[...bedLegend.values()].map((l) => (
            <span key={l.statusId} className="map-legend-item">
              <i style={{ background: l.color }} />
              {l.statusName} {counts.get(l.statusId) ?? 0}
            </span>
          ))}
        </div>
        {mayConfigure && <Button icon="settings" text="图例设置" onClick={() => setEditing(true)} />}
      </div>
      {rooms.error && <Callout intent={Intent.DANGER}>{rooms.error}</Callout>}
      {buildings.length === 0 && <NonIdealState icon="office" title="暂无可查看的房间" />}
      {floors.map((f) => {
        const ofFloor = rooms.data.filter((r) => r.floorId === f.floorId);
        if (!ofFloor.length) return null;
        return (
          <section key={f.floorId} className="map-floor" data-testid="map-floor">
            <h3>
              {building?.buildingName} {f.floorName}
            </h3>
            <div className="map-rooms">
              {ofFloor.map((room) => (
                <RoomCard
                  key={room.roomId}
                  room={room}
                  beds={bedLegend}
                  rooms={roomLegend}
                  onAct={mayCheckIn ? (bed, type) => setCheckIn({ bed, room, type }) : undefined}
                />
              ))}
            </div>
          </section>
        );
      })}
      {checkIn && (
        <StatusDialog
          elder={null}
          type={checkIn.type}
          bedId={checkIn.bed.bedId}
          bedLabel={`${checkIn.room.buildingName}${checkIn.room.floorName}${checkIn.room.roomName}-${checkIn.bed.bedName}`}
          onClose={() => setCheckIn(null)}
          onDone={() => {
            setCheckIn(null);
            rooms.reload();
          }}
        />
      )}
      {editing && (
        <LegendDialog
          legend={legend.data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            legend.reload();
          }}
        />
      )}
    </div>
  );
}
