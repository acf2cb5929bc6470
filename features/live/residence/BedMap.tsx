import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  NonIdealState,
  Popover,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { LiveAuthority } from '../../../domain/resources/oldman.js';
import { BedMapStatus, MapType } from '../../../domain/resources/residence.js';
import { LiveScreens } from '../../../domain/screens.js';
import { type ResidenceEventType, residenceEvents } from '../../../machines/residenceMachine.js';
import { usePageRefresh } from '../../../src/app/usePageRefresh.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { navigate } from '../../../src/router/hash.js';
import { inkOf } from '../../../src/util/theme.js';
import type { BedInfo, LegendItem, RoomInfo } from '../api/residence.js';
import { bedOffer } from './bedOffer.js';
import { LegendDialog } from './LegendDialog.js';
import { useBuildings, useLegend, useRooms } from './queries.js';
import { StatusDialog } from './StatusDialog.js';
import './residence.css';

const legendOf = (legend: LegendItem[], type: number) =>
  new Map(legend.filter((l) => l.type === type).map((l) => [l.statusId, l]));

/** What a free bed offers when clicked: 预订 it for an elder, or 办理入住 into it at once. */
const FREE_BED_EVENTS: { type: ResidenceEventType; text: string; icon: 'time' | 'log-in' }[] = [
  { type: 'RESERVE', text: residenceEvents.RESERVE.label, icon: 'time' },
  { type: 'CHECK_IN', text: residenceEvents.CHECK_IN.label, icon: 'log-in' },
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
  // the legend's colour darkened just enough for the tile's white text (its free green is 3.2:1)
  const style = { background: inkOf(item?.color ?? '#8F99A8') };
  const offer = free ? bedOffer(bed) : '';
  const content = (
    <>
      <span className="bed-name">{bed.bedName}</span>
      <span className="bed-who">{text}</span>
      {offer && (
        <span className="bed-offer" data-testid="bed-offer">
          {offer}
        </span>
      )}
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
    title: `${bed.bedName} ${item?.statusName ?? ''}${bed.oldmanName ? ` ${bed.oldmanName}` : ''}${bed.away ? ' 外出中' : ''}${offer ? ` ${offer}` : ''}`,
  };
  if (free && onAct)
    return (
      <Popover
        className="map-bed-slot"
        placement="bottom"
        content={
          <Menu aria-label={`${bed.bedName}可办理`}>
            {offer && <MenuDivider title={`${bed.bedName}：${offer}`} />}
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
    );
  // a reserved, trial or lived-in bed opens its resident's archive
  const oldmanId = bed.oldmanId;
  if (oldmanId !== null)
    return (
      <button
        type="button"
        className="map-bed map-bed-held"
        style={style}
        {...props}
        aria-label={`${bed.bedName} ${item?.statusName ?? ''} ${bed.oldmanName ?? ''}：查看长者档案`}
        onClick={() => navigate(`${LiveScreens.archiveDetail}?oldmanId=${oldmanId}`)}
      >
        {content}
      </button>
    );
  return (
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
  /** The legend entry the map is narrowed to (只看空闲 is the free one); null: every bed. */
  const [only, setOnly] = useState<number | null>(null);
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
  // opens on the first building with a free bed (a booking starts there), else the first
  useEffect(() => {
    const first = buildings.find((b) => b.freeBeds > 0) ?? buildings[0];
    if (buildingId === null && first) setBuildingId(first.buildingId);
  }, [buildings, buildingId]);
  const building = buildings.find((b) => b.buildingId === buildingId);
  const bedLegend = useMemo(() => legendOf(legend.data, MapType.bed), [legend.data]);
  const roomLegend = useMemo(() => legendOf(legend.data, MapType.room), [legend.data]);
  const floors = (building?.floors ?? []).filter((f) => floorId === null || f.floorId === floorId);
  const counts = new Map<number, number>();
  for (const bed of rooms.data.flatMap((r) => r.beds))
    counts.set(bed.mapStatus, (counts.get(bed.mapStatus) ?? 0) + 1);
  // narrowed: each room keeps the beds of that status; rooms left without any are not drawn
  const shown = useMemo(
    () =>
      only === null
        ? rooms.data
        : rooms.data
            .map((r) => ({ ...r, beds: r.beds.filter((b) => b.mapStatus === only) }))
            .filter((r) => r.beds.length > 0),
    [rooms.data, only],
  );
  const onlyName = only === null ? '' : (bedLegend.get(only)?.statusName ?? '');

  if (error) return <Callout intent={Intent.DANGER}>{error}</Callout>;
  return (
    <div className="page bed-map" data-testid="page-bedInfo">
      <div className="filter-bar">
        <ButtonGroup>
          {buildings.map((b) => (
            <Button
              key={b.buildingId}
              active={b.buildingId === buildingId}
              data-testid="map-building"
              aria-label={`${b.buildingName}，空闲床位 ${b.freeBeds} 张`}
              onClick={() => {
                setBuildingId(b.buildingId);
                setFloorId(null);
              }}
            >
              {b.buildingName}{' '}
              <Tag
                minimal
                round
                intent={b.freeBeds ? Intent.SUCCESS : Intent.NONE}
                data-testid="building-free"
              >
                空 {b.freeBeds}
              </Tag>
            </Button>
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
        <Switch
          className="map-free-only"
          label="只看空闲"
          checked={only === BedMapStatus.free}
          onChange={(e) => setOnly(e.currentTarget.checked ? BedMapStatus.free : null)}
        />
        <fieldset className="map-legend" data-testid="map-legend" aria-label="按床位状态筛选">
          {[...bedLegend.values()].map((l) => (
            <button
              type="button"
              key={l.statusId}
              className="map-legend-item"
              aria-pressed={only === l.statusId}
              title={only === l.statusId ? '再点一次显示全部床位' : `只看${l.statusName}`}
              onClick={() => setOnly(only === l.statusId ? null : l.statusId)}
            >
              <i style={{ background: inkOf(l.color) }} />
              {l.statusName} {counts.get(l.statusId) ?? 0}
            </button>
          ))}
        </fieldset>
        {mayConfigure && <Button icon="settings" text="图例设置" onClick={() => setEditing(true)} />}
      </div>
      {rooms.error && <Callout intent={Intent.DANGER}>{rooms.error}</Callout>}
      {buildings.length === 0 && <NonIdealState icon="office" title="暂无可查看的房间" />}
      {only !== null && rooms.data.length > 0 && shown.length === 0 && (
        <NonIdealState
          icon="search"
          title={`${building?.buildingName ?? ''}没有${onlyName}的床位`}
          description={
            only === BedMapStatus.free && buildings.some((b) => b.freeBeds > 0)
              ? `有空闲床位的楼栋：${buildings
                  .filter((b) => b.freeBeds > 0)
                  .map((b) => `${b.buildingName}（${b.freeBeds}）`)
                  .join('、')}`
              : undefined
          }
        />
      )}
      {floors.map((f) => {
        const ofFloor = shown.filter((r) => r.floorId === f.floorId);
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
          bedLabel={`${checkIn.room.buildingName}${checkIn.room.floorName}${checkIn.room.roomName}-${checkIn.bed.bedName}${bedOffer(checkIn.bed) ? `（${bedOffer(checkIn.bed)}）` : ''}`}
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
