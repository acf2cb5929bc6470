import type { Statement } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { type OnConflictBuilder, sql } from 'kysely';
import { type AlarmRecord, CALL_UNANSWERED } from '../../domain/alarms.js';
import {
  type DeviceKind,
  LOCATION_OFFLINE_MS,
  positionPayload,
  type TelemetryKind,
  telemetry,
  type Vitals,
} from '../../domain/devices.js';
import { floorPlanGeoJson, pointInRing, type Ring } from '../../domain/floorPlan.js';
import { alarmSuppressedWhileOut } from '../../domain/resources/outing.js';
import { isElderOut } from '../../features/live/server/outingPresence.js';
import { alarmTransition } from '../../machines/alarmMachine.js';
import type { BrokerPeer } from '../broker/index.js';
import type { ClusterPeers } from '../cluster/ops.js';
import { readConfig } from '../config.js';
import { type Db, dialectOf, sqliteOf } from '../db/index.js';
import type { Database } from '../db/schema.js';
import type { PushHub } from '../push/hub.js';
import {
  type AlarmSubject,
  type Raise,
  raiseAlarm,
  raiseAlarmIn,
  type ScopedAlarm,
  storeTransition,
  toWire,
} from './alarms.js';
import {
  type Episodes,
  evaluateBattery,
  evaluatePosition,
  evaluateVitals,
  type Firing,
  type MattressRule,
  newEpisodes,
  offlineAlarmSource,
  type PntRule,
  type RailShape,
  ruleOfType,
} from './evaluate.js';

interface DeviceInfo extends AlarmSubject {
  deviceId: number;
  kind: DeviceKind;
  model: string;
}
interface DeviceState {
  online: boolean;
  lastSeen: number;
  battery: number | null;
  vitals: Vitals | null;
  position: { buildingId: number; floorNo: number; lng: number; lat: number; ts: number } | null;
  episodes: Episodes;
  dirty: boolean;
}
interface MinuteAggregate {
  deviceId: number;
  minute: number;
  oldmanId: number | null;
  samples: number;
  hrSum: number;
  hrMin: number;
  hrMax: number;
  brSum: number;
  brMin: number;
  brMax: number;
  inBed: number;
  movements: number;
}

/** A minute aggregate's columns, in the order the flush's prepared insert takes them. */
const MINUTE_COLUMNS = [
  'deviceId',
  'minute',
  'oldmanId',
  'samples',
  'hrSum',
  'hrMin',
  'hrMax',
  'brSum',
  'brMin',
  'brMax',
  'inBed',
  'movements',
] as const satisfies readonly (keyof MinuteAggregate)[];

/**
 * A minute already stored takes a flush's samples in. (SQLite's two-argument min and max are least
 * and greatest on PostgreSQL: server/db/postgres.ts.)
 */
const addUpMinute = (oc: OnConflictBuilder<Database, 'telemetryMinute'>) =>
  oc.columns(['deviceId', 'minute']).doUpdateSet({
    samples: sql`telemetryMinute.samples + excluded.samples`,
    hrSum: sql`telemetryMinute.hrSum + excluded.hrSum`,
    hrMin: sql`min(telemetryMinute.hrMin, excluded.hrMin)`,
    hrMax: sql`max(telemetryMinute.hrMax, excluded.hrMax)`,
    brSum: sql`telemetryMinute.brSum + excluded.brSum`,
    brMin: sql`min(telemetryMinute.brMin, excluded.brMin)`,
    brMax: sql`max(telemetryMinute.brMax, excluded.brMax)`,
    inBed: sql`telemetryMinute.inBed + excluded.inBed`,
    movements: sql`telemetryMinute.movements + excluded.movements`,
  });

const FLUSH_EVERY_MS = 2_000;
const OFFLINE_CHECK_MS = 10_000;
/**
 * How often unacknowledged alarms are checked for escalation, and waiting nurse calls for their alarm:
 * either comes at most this late (two indexed queries per organisation; 30 s let a due escalation wait
 * half a minute).
 */
const ESCALATE_CHECK_MS = 5_000;
/**
 * Who closes a call's alarm when the call is answered or cleared at the bed: nobody at a console, so no
 * user (0) — the 处理人 column says where it was answered.
 */
const AT_THE_BED = { userId: 0, userName: '床旁应答' } as const;

/**
 * The rules engine: validates every device message, keeps each device's live state in memory,
 * evaluates mattress and positioning rules, raises alarms (stored, then published), aggregates
 * vitals per minute and writes device state and aggregates in batches.
 */
export class RulesEngine {
  readonly devices = new Map<number, DeviceInfo>();
  readonly state = new Map<number, DeviceState>();
  private mattressRules = new Map<number, MattressRule[]>();
  private pntRules = new Map<number, PntRule[]>();
  private rails = new Map<number, Map<number, RailShape>>();
  /** Floor plans by buildingId * 1000 + floorNo: where on a floor a position is, in words. */
  private plans = new Map<
    number,
    { buildingName: string; floorNo: number; areas: { name: string; ring: Ring }[] }
  >();
  private minutes = new Map<string, MinuteAggregate>();
  /** Alarm writes run one after another so a re-trigger never races its own insert. */
  private alarmQueue: Promise<unknown> = Promise.resolve();
  private timers: ReturnType<typeof setInterval>[] = [];
  /** Set by stop(): the broker may still pass messages on while the server closes; they are dropped. */
  private stopped = false;
  /** Messages accepted, rejected and alarms raised since start (the ingest benchmark reads them). */
  readonly counters = { accepted: 0, rejected: 0, alarms: 0, suppressed: 0 };
  /** Called once per new alarm record, after it is stored and published (voice notification). */
  onAlarmCreated: ((record: AlarmRecord) => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly hub: PushHub,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    /** The other server nodes: a change one node's routes made is read again by every engine. */
    private readonly peers: ClusterPeers | null = null,
  ) {
    peers?.onOp((op) => {
      if (op.op === 'reload')
        this.read().catch((error: unknown) => this.log.error({ err: error }, 'rules reload failed'));
    });
  }

  async start() {
    await this.read();
    this.timers.push(
      setInterval(() => void this.flush(), FLUSH_EVERY_MS),
      setInterval(() => void this.checkOffline(), OFFLINE_CHECK_MS),
      setInterval(() => void this.tick(), ESCALATE_CHECK_MS),
    );
    for (const t of this.timers) t.unref();
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.alarmQueue;
    await this.flush();
  }

  /** Reads devices, rules and rails again, here and on every other node; routes call it after changing them. */
  async reload() {
    this.peers?.send({ op: 'reload' });
    await this.read();
  }

  private async read() {
    const devices = await this.db
      .selectFrom('device')
      .leftJoin('oldman', 'oldman.oldmanId', 'device.oldmanId')
      .leftJoin('bed', 'bed.bedId', 'device.bedId')
      .leftJoin('room', 'room.roomId', 'bed.roomId')
      .leftJoin('floor', 'floor.floorId', 'room.floorId')
      .select([
        'device.deviceId',
        'device.orgId',
        'device.deptId',
        'device.deviceCode',
        'device.deviceName',
        'device.kind',
        'device.model',
        'device.oldmanId',
        'device.online',
        'device.lastSeen',
        'device.battery',
        'oldman.oldmanName',
        'device.bedId',
        'bed.bedName',
        'room.roomName',
        'floor.buildingId',
        'floor.floorNo',
      ])
      .execute();
    this.devices.clear();
    for (const d of devices) {
      this.devices.set(d.deviceId, {
        orgId: d.orgId,
        deptId: d.deptId,
        deviceId: d.deviceId,
        deviceCode: d.deviceCode,
        deviceName: d.deviceName,
        kind: d.kind as DeviceKind,
        model: d.model,
        oldmanId: d.oldmanId,
        oldmanName: d.oldmanName ?? null,
        bedId: d.bedId,
        bedName: d.bedName ?? null,
        roomName: d.roomName ?? null,
        buildingId: d.buildingId ?? null,
        floorNo: d.floorNo ?? null,
      });
      if (!this.state.has(d.deviceId))
        this.state.set(d.deviceId, {
          online: d.online === 1,
          lastSeen: d.lastSeen ?? 0,
          battery: d.battery,
          vitals: null,
          position: null,
          episodes: newEpisodes(),
          dirty: false,
        });
    }
    await this.loadPlans();
    const mattress = await this.db.selectFrom('mattressAlarmRule').selectAll().execute();
    this.mattressRules = groupBy(mattress, (r) => r.orgId);
    const pnt = await this.db.selectFrom('pntAlarmRule').selectAll().execute();
    this.pntRules = groupBy(pnt, (r) => r.orgId);
    const rails = await this.db.selectFrom('rail').selectAll().execute();
    this.rails = new Map();
    for (const r of rails) {
      const map = this.rails.get(r.orgId) ?? new Map<number, RailShape>();
      map.set(r.railId, { ...r, ring: JSON.parse(r.polygon) as Ring });
      this.rails.set(r.orgId, map);
    }
  }

  /** Entry point for every message a device publishes (topic already authorised by the broker). */
  handle(topic: string, payload: Buffer, peer: BrokerPeer & { kind: 'device' }) {
    if (this.stopped) return;
    const device = this.devices.get(peer.deviceId);
    const state = this.state.get(peer.deviceId);
    if (!device || !state) return void this.counters.rejected++;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString());
    } catch {
      return void this.counters.rejected++;
    }
    // org/{orgId}/position/{deviceId} or org/{orgId}/device/{deviceId}/{kind} (the broker checked which)
    if (topic.startsWith('position/', topic.indexOf('/', 4) + 1)) return this.onPosition(device, state, json);
    const kind = topic.slice(topic.lastIndexOf('/') + 1) as TelemetryKind;
    const schema = Object.hasOwn(telemetry, kind) ? telemetry[kind] : undefined;
    if (!schema) return void this.counters.rejected++;
    const parsed = schema.safeParse(json);
    if (!parsed.success) return void this.counters.rejected++;
    this.counters.accepted++;
    this.seen(device, state);
    const at = this.now();
    const local = new Date(at);
    switch (kind) {
      case 'vitals':
        return this.onVitals(device, state, parsed.data as Vitals, at, local);
      case 'status': {
        const { online } = parsed.data as { online: boolean };
        state.online = online;
        state.dirty = true;
        if (!online)
          this.pnt(
            device,
            'communicationOffline',
            '设备通讯离线',
            at,
            local,
            undefined,
            offlineAlarmSource(device.kind),
          );
        return;
      }
      case 'battery': {
        const { level } = parsed.data as { level: number };
        state.battery = level;
        state.dirty = true;
        this.fire(
          device,
          'pnt',
          evaluateBattery(this.pntRules.get(device.orgId) ?? [], state.episodes, level, at),
          at,
          state,
        );
        return;
      }
      case 'event': {
        const { event } = parsed.data as { event: 'sos' | 'tamper' | 'maintenance' };
        const type = event === 'sos' ? 'sos' : event === 'tamper' ? 'tamperAlarm' : 'maintenanceAlarm';
        const text =
          event === 'sos' ? '长者按下 SOS 求助' : event === 'tamper' ? '手表被摘下' : '设备需要维护';
        this.pnt(device, type, text, at, local, state);
        return;
      }
      case 'call':
        return void this.enqueue(() =>
          this.onCall(device, parsed.data as { model: string; action: string }, at),
        );
    }
  }

  private seen(device: DeviceInfo, state: DeviceState) {
    state.lastSeen = this.now();
    state.dirty = true;
    if (!state.online) state.online = true;
    void device;
  }

  private onPosition(device: DeviceInfo, state: DeviceState, json: unknown) {
    const parsed = positionPayload.safeParse(json);
    if (!parsed.success) return void this.counters.rejected++;
    this.counters.accepted++;
    this.seen(device, state);
    const p = parsed.data;
    const at = this.now();
    state.position = { buildingId: p.buildingId, floorNo: p.floorNo, lng: p.lng, lat: p.lat, ts: p.ts };
    if (p.battery !== undefined) state.battery = p.battery;
    this.hub.position(device.orgId, device.deptId, { ...p, deviceId: device.deviceId });
    const firings = evaluatePosition(
      this.pntRules.get(device.orgId) ?? [],
      this.rails.get(device.orgId) ?? new Map(),
      state.episodes,
      p,
      at,
      new Date(at),
    );
    this.fire(device, 'pnt', firings, at, state);
  }

  private onVitals(device: DeviceInfo, state: DeviceState, vitals: Vitals, at: number, local: Date) {
    state.vitals = vitals;
    const minute = Math.floor(vitals.ts / 60_000);
    const key = `${device.deviceId}:${minute}`;
    const agg = this.minutes.get(key);
    const inBed = vitals.inBed === 1;
    if (!agg)
      this.minutes.set(key, {
        deviceId: device.deviceId,
        minute,
        oldmanId: device.oldmanId,
        samples: 1,
        hrSum: inBed ? vitals.heartRate : 0,
        hrMin: inBed ? vitals.heartRate : 999,
        hrMax: inBed ? vitals.heartRate : 0,
        brSum: inBed ? vitals.breathRate : 0,
        brMin: inBed ? vitals.breathRate : 999,
        brMax: inBed ? vitals.breathRate : 0,
        inBed: inBed ? 1 : 0,
        movements: vitals.movement,
      });
    else {
      agg.samples++;
      if (inBed) {
        agg.hrSum += vitals.heartRate;
        agg.hrMin = Math.min(agg.hrMin, vitals.heartRate);
        agg.hrMax = Math.max(agg.hrMax, vitals.heartRate);
        agg.brSum += vitals.breathRate;
        agg.brMin = Math.min(agg.brMin, vitals.breathRate);
        agg.brMax = Math.max(agg.brMax, vitals.breathRate);
        agg.inBed++;
      }
      agg.movements += vitals.movement;
    }
    const firings = evaluateVitals(
      this.mattressRules.get(device.orgId) ?? [],
      state.episodes,
      vitals,
      at,
      local,
    );
    this.fire(device, 'mattress', firings, at, state);
  }

  private async loadPlans() {
    const buildings = await this.db
      .selectFrom('building')
      .select(['buildingId', 'buildingName', 'mapX', 'mapY'])
      .execute();
    const rooms = await this.db
      .selectFrom('room')
      .innerJoin('floor', 'floor.floorId', 'room.floorId')
      .select(['room.roomId', 'room.roomName', 'room.planSlot', 'floor.buildingId', 'floor.floorNo'])
      .execute();
    this.plans.clear();
    for (const b of buildings) {
      const floors = new Set(rooms.filter((r) => r.buildingId === b.buildingId).map((r) => r.floorNo));
      for (const floorNo of floors) {
        const plan = floorPlanGeoJson(
          b,
          rooms.filter((r) => r.buildingId === b.buildingId && r.floorNo === floorNo),
        );
        // Rooms first, then the corridor: the first area holding the point names it.
        const areas = plan.features
          .filter((f) => f.properties.kind !== 'outline')
          .sort((x, y) => (x.properties.kind === 'room' ? 0 : 1) - (y.properties.kind === 'room' ? 0 : 1))
          .map((f) => ({ name: f.properties.name, ring: f.geometry.coordinates[0] ?? [] }));
        this.plans.set(b.buildingId * 1000 + floorNo, { buildingName: b.buildingName, floorNo, areas });
      }
    }
  }

  /** "1号楼 1层 1104" or "1号楼 1层 走廊": where a position is, for the alarm's location column. */
  placeOf(position: { buildingId: number; floorNo: number; lng: number; lat: number }): string | null {
    const plan = this.plans.get(position.buildingId * 1000 + position.floorNo);
    if (!plan) return null;
    const area = plan.areas.find((a) => pointInRing([position.lng, position.lat], a.ring));
    return `${plan.buildingName} ${plan.floorNo}层 ${area?.name ?? '楼外'}`;
  }

  private pnt(
    device: DeviceInfo,
    alarmType: string,
    content: string,
    at: number,
    local: Date,
    state?: DeviceState,
    source: Raise['source'] = 'pnt',
  ) {
    const rule = ruleOfType(this.pntRules.get(device.orgId) ?? [], alarmType, local);
    if (!rule) return;
    this.fire(device, source, [{ ruleId: rule.ruleId, alarmType, content }], at, state);
  }

  private fire(
    device: DeviceInfo,
    source: Raise['source'],
    firings: readonly Firing[],
    at: number,
    state?: DeviceState,
  ) {
    for (const f of firings) {
      const position = state?.position;
      const raise: Raise = {
        source,
        alarmType: f.alarmType,
        content: f.content,
        at,
        ruleId: f.ruleId,
        ...(position && source === 'pnt'
          ? {
              lng: position.lng,
              lat: position.lat,
              buildingId: position.buildingId,
              floorNo: position.floorNo,
              roomName: this.placeOf(position),
            }
          : {}),
      };
      this.enqueue(async () => {
        // An elder out of the home is not in bed nor inside the rails (docs/decisions.md "Outings").
        if (alarmSuppressedWhileOut(source, f.alarmType) && (await isElderOut(this.db, device.oldmanId))) {
          this.counters.suppressed++;
          return;
        }
        this.published(await raiseAlarm(this.db, device, raise));
      });
    }
  }

  private enqueue(work: () => Promise<unknown>) {
    if (this.stopped) return this.alarmQueue;
    this.alarmQueue = this.alarmQueue
      .then(work)
      .catch((error) => this.log.error({ err: error }, 'alarm write failed'));
    return this.alarmQueue;
  }

  /**
   * Nurse calls: a press opens a record on the call board; answer and clear close it (spec 000 §3 call
   * connect), and with it the alarm the call became if nobody answered in time (raiseCallAlarm).
   */
  private async onCall(device: DeviceInfo, call: { model: string; action: string }, at: number) {
    const open = await this.db
      .selectFrom('callRecord')
      .select(['callId', 'answerTime'])
      .where('deviceId', '=', device.deviceId)
      .where('clearTime', 'is', null)
      .orderBy('callId', 'desc')
      .executeTakeFirst();
    if (call.action === 'call') {
      // Pressing again while the call is still open re-rings it: one open call per button.
      if (open) return;
      const created = await this.db
        .insertInto('callRecord')
        .values({
          orgId: device.orgId,
          deptId: device.deptId,
          deviceId: device.deviceId,
          model: call.model,
          oldmanId: device.oldmanId,
          oldmanName: device.oldmanName,
          bedId: device.bedId,
          bedName: device.bedName,
          roomName: device.roomName,
          callTime: at,
          answerTime: null,
          clearTime: null,
          callStatus: 2,
          connect: null,
          dealType: null,
          realtime: 1,
          alarmRecordId: null,
        })
        .returning(['callId', 'callTime', 'model'])
        .executeTakeFirstOrThrow();
      // 0 seconds: the press is the alarm (the next pass would raise it too, up to 5 s later)
      const { callAlarmAfterSeconds } = await readConfig(this.db, device.orgId, 'alarmSetting');
      if (callAlarmAfterSeconds === 0) await this.raiseCallAlarm(device, created, at);
      return;
    }
    if (!open) return;
    const closed = await this.db
      .updateTable('callRecord')
      .set(
        call.action === 'answer'
          ? { answerTime: at, connect: 1, callStatus: 1 }
          : { clearTime: at, connect: 3, callStatus: open.answerTime === null ? 3 : 1, realtime: 0 },
      )
      .where('callId', '=', open.callId)
      // read as written: a pass of another node that raised the alarm meanwhile has named it here
      .returning('alarmRecordId')
      .executeTakeFirst();
    if (closed?.alarmRecordId) await this.releaseCallAlarm(closed.alarmRecordId, at);
  }

  /**
   * Raises the alarm of a call nobody answered, once per call: the call is claimed (its alarmRecordId
   * set) in the alarm's own transaction, and only while it still waits, so the passes of several nodes,
   * or a pass and the press with the setting at 0, raise it once, and never for a call answered meanwhile.
   */
  private async raiseCallAlarm(
    device: DeviceInfo,
    call: { callId: number; callTime: number; model: string },
    at: number,
  ) {
    const waited = Math.round((at - call.callTime) / 1000);
    const raise: Raise = {
      source: 'mattress',
      alarmType: CALL_UNANSWERED,
      content: `床旁呼叫 ${call.model} ${waited > 0 ? `等待 ${waited} 秒未应答` : '等待应答'}`,
      at,
    };
    const raised = await this.db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('callRecord')
        .set({ alarmRecordId: 0 })
        .where('callId', '=', call.callId)
        .where('alarmRecordId', 'is', null)
        .where('answerTime', 'is', null)
        .where('clearTime', 'is', null)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) === 0) return null;
      const result = await raiseAlarmIn(trx, device, raise);
      await trx
        .updateTable('callRecord')
        .set({ alarmRecordId: result.record.recordId })
        .where('callId', '=', call.callId)
        .execute();
      return result;
    });
    if (raised) this.published(raised);
  }

  /**
   * A call answered or cleared at the bed releases its alarm (the machine's 解除, "released at the
   * device"), so it leaves every console. An alarm an operator already closed stays as they left it:
   * the machine refuses the release.
   */
  private async releaseCallAlarm(recordId: number, at: number) {
    const row = await this.db
      .selectFrom('alarmRecord')
      .selectAll()
      .where('recordId', '=', recordId)
      .executeTakeFirst();
    if (!row) return;
    const result = alarmTransition(toWire(row), { type: 'alarm.release', ...AT_THE_BED, at });
    if (!result.ok) return;
    // an operator acting in the same instant wins: their change stands and is pushed by their route
    await this.storeAndPush(row, result.next);
  }

  /** A transition the machine allowed, stored if the record is still as read, and pushed when stored. */
  private async storeAndPush(
    row: Parameters<typeof storeTransition>[1],
    next: Parameters<typeof storeTransition>[2],
  ) {
    const updated = await storeTransition(this.db, row, next);
    if (updated) this.hub.alarm(toWire(updated), false);
  }

  /** A raised alarm, stored: counted, pushed, and announced by voice when it is new. */
  private published({ record, created }: { record: ScopedAlarm; created: boolean }) {
    this.counters.alarms++;
    this.hub.alarm(record, created);
    if (created) this.onAlarmCreated?.(record);
  }

  /**
   * The periodic pass, queued behind the alarm writes (a press and its answer are queued there too):
   * escalation, then the calls that waited too long. Tests call it with the injected clock moved on.
   */
  tick() {
    return this.enqueue(async () => {
      const at = this.now();
      const orgs = await this.db.selectFrom('org').select('orgId').execute();
      for (const { orgId } of orgs) {
        const setting = await readConfig(this.db, orgId, 'alarmSetting');
        await this.escalate(orgId, setting.escalateAfterMinutes, at);
        await this.alarmWaitingCalls(orgId, setting.callAlarmAfterSeconds, at);
      }
    });
  }

  /**
   * Unacknowledged alarms older than the organisation's escalateAfterMinutes are escalated; the
   * alarm machine decides whether the stored record may take the event.
   */
  private async escalate(orgId: number, escalateAfterMinutes: number, at: number) {
    const rows = await this.db
      .selectFrom('alarmRecord')
      .selectAll()
      .where('orgId', '=', orgId)
      .where('status', '=', 0)
      .where('escalated', '=', 0)
      .where('ackTime', 'is', null)
      .where('firstTime', '<=', at - escalateAfterMinutes * 60_000)
      .execute();
    for (const row of rows) {
      const result = alarmTransition(toWire(row), { type: 'alarm.escalate', at });
      if (result.ok) await this.storeAndPush(row, result.next);
    }
  }

  /** Calls still waiting, unanswered and uncleared, callAlarmAfterSeconds after the press become alarms. */
  private async alarmWaitingCalls(orgId: number, callAlarmAfterSeconds: number, at: number) {
    // the partial index call_waiting holds exactly these calls (server/db/migrations.ts 0025)
    const calls = await this.db
      .selectFrom('callRecord')
      .select(['callId', 'deviceId', 'callTime', 'model'])
      .where('orgId', '=', orgId)
      .where('answerTime', 'is', null)
      .where('clearTime', 'is', null)
      .where('alarmRecordId', 'is', null)
      .where('callTime', '<=', at - callAlarmAfterSeconds * 1000)
      .orderBy('callTime')
      .execute();
    for (const call of calls) {
      const device = this.devices.get(call.deviceId);
      if (device) await this.raiseCallAlarm(device, call, at);
    }
  }

  /** Watches and bands not heard from for LOCATION_OFFLINE_MS are offline and raise locationOffline. */
  private checkOffline() {
    const at = this.now();
    const local = new Date(at);
    for (const [deviceId, state] of this.state) {
      const device = this.devices.get(deviceId);
      if (!device || (device.kind !== 'watch' && device.kind !== 'band')) continue;
      const silent = state.lastSeen > 0 && at - state.lastSeen > LOCATION_OFFLINE_MS;
      if (silent && state.online) {
        state.online = false;
        state.dirty = true;
        this.pnt(
          device,
          'locationOffline',
          `超过 ${LOCATION_OFFLINE_MS / 1000} 秒未收到定位`,
          at,
          local,
          state,
        );
      }
    }
  }

  private mergeMinute(m: MinuteAggregate) {
    const key = `${m.deviceId}:${m.minute}`;
    const current = this.minutes.get(key);
    if (current) mergeInto(current, m);
    else this.minutes.set(key, m);
  }

  private statements: {
    device: Statement;
    deviceWithPosition: Statement;
    minute: Statement;
  } | null = null;

  /**
   * The flush's three statements, compiled by Kysely and prepared once: a flush writes a few hundred
   * rows every two seconds while thousands of messages a second arrive, and compiling each row's query
   * again cost more than writing it. Parameters go in the order of the columns given here.
   */
  private flushStatements() {
    if (this.statements) return this.statements;
    const sqlite = sqliteOf(this.db);
    const prepare = (q: { compile(): { sql: string } }) => sqlite.prepare(q.compile().sql);
    const state = { online: 0, lastSeen: 0, battery: 0 };
    const place = { buildingId: 0, floorNo: 0, lng: 0, lat: 0 };
    const byId = (set: Record<string, number>) =>
      this.db.updateTable('device').set(set).where('deviceId', '=', 0);
    const sample = Object.fromEntries(MINUTE_COLUMNS.map((c) => [c, 0])) as unknown as MinuteAggregate;
    this.statements = {
      device: prepare(byId(state)),
      deviceWithPosition: prepare(byId({ ...state, ...place })),
      minute: prepare(this.db.insertInto('telemetryMinute').values(sample).onConflict(addUpMinute)),
    };
    return this.statements;
  }

  /** The flush's writes on PostgreSQL: one transaction of the pool (a connection of its own). */
  private async writePostgres(dirty: [number, DeviceState][], minutes: MinuteAggregate[]) {
    await this.db.transaction().execute(async (trx) => {
      for (const [deviceId, s] of dirty) {
        const place = s.position && {
          buildingId: s.position.buildingId,
          floorNo: s.position.floorNo,
          lng: s.position.lng,
          lat: s.position.lat,
        };
        await trx
          .updateTable('device')
          .set({ online: s.online ? 1 : 0, lastSeen: s.lastSeen || null, battery: s.battery, ...place })
          .where('deviceId', '=', deviceId)
          .execute();
      }
      if (minutes.length)
        await trx
          .insertInto('telemetryMinute')
          .values(minutes.map((m) => Object.fromEntries(MINUTE_COLUMNS.map((c) => [c, m[c]])) as never))
          .onConflict(addUpMinute)
          .execute();
    });
  }

  /**
   * The flush's writes on SQLite: one synchronous transaction, a few milliseconds that never hold
   * the connection across event-loop turns (an interactive transaction here delayed alarms by seconds).
   */
  private async writeSqlite(dirty: [number, DeviceState][], minutes: MinuteAggregate[]) {
    const sqlite = sqliteOf(this.db);
    // Kysely's interactive transactions use the same connection: never write into one of theirs.
    while (sqlite.inTransaction) await new Promise((r) => setImmediate(r));
    const write = this.flushStatements();
    sqlite.transaction(() => {
      for (const [deviceId, s] of dirty) {
        const state = [s.online ? 1 : 0, s.lastSeen || null, s.battery];
        if (s.position) {
          const { buildingId, floorNo, lng, lat } = s.position;
          write.deviceWithPosition.run(...state, buildingId, floorNo, lng, lat, deviceId);
        } else write.device.run(...state, deviceId);
      }
      for (const m of minutes) write.minute.run(...MINUTE_COLUMNS.map((c) => m[c]));
    })();
  }

  /** Writes changed device state and the minute aggregates in one transaction. */
  async flush() {
    const dirty = [...this.state].filter(([, s]) => s.dirty);
    const minutes = [...this.minutes.values()];
    if (dirty.length === 0 && minutes.length === 0) return;
    for (const [, s] of dirty) s.dirty = false;
    this.minutes.clear();
    try {
      if (dialectOf(this.db) === 'postgres') await this.writePostgres(dirty, minutes);
      else await this.writeSqlite(dirty, minutes);
    } catch (error) {
      // Nothing is lost: put the aggregates back so the next flush writes them.
      for (const m of minutes) this.mergeMinute(m);
      for (const [, s] of dirty) s.dirty = true;
      this.log.error({ err: error }, 'telemetry flush failed');
    }
  }
}

function mergeInto(into: MinuteAggregate, m: MinuteAggregate) {
  into.samples += m.samples;
  into.hrSum += m.hrSum;
  into.hrMin = Math.min(into.hrMin, m.hrMin);
  into.hrMax = Math.max(into.hrMax, m.hrMax);
  into.brSum += m.brSum;
  into.brMin = Math.min(into.brMin, m.brMin);
  into.brMax = Math.max(into.brMax, m.brMax);
  into.inBed += m.inBed;
  into.movements += m.movements;
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
