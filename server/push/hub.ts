import type { WebSocket } from 'ws';
import type { AlarmRecord } from '../../domain/alarms.js';
import { AlarmStatus } from '../../domain/alarms.js';
import { satisfies } from '../../domain/authorityExpr.js';
import type { Position } from '../../domain/devices.js';
import { Authority } from '../../domain/menus.js';
import type { DashboardChangeKind } from '../../domain/push.js';
import { POSITION_FRAMES_PER_SECOND, PushCloseCode, type ServerPushMessage } from '../../domain/push.js';
import { Topic } from '../../domain/topics.js';
import { DashboardAuthority } from '../../features/dashboard/api.js';
import type { SessionUser } from '../auth/tokens.js';
import type { Bridge } from '../broker/index.js';
import type { ClusterOp, ClusterPeers } from '../cluster/ops.js';
import { holdsDept } from '../http/deptScope.js';
import { DashboardPulse } from './dashboardPulse.js';

export interface PushClient {
  socket: WebSocket;
  token: string;
  user: SessionUser;
  wantsPositions: boolean;
  /** Latest position per device since the last frame sent to this client. */
  pendingPositions: Map<number, Position>;
}

/** A websocket that has this much unsent data gets no new position frame until it drains. */
const MAX_BUFFERED_BYTES = 1 << 20;

const authorityOf = (record: Pick<AlarmRecord, 'source'>) =>
  record.source === 'pnt' ? Authority.iotLocateAlarm : Authority.iotAlarm;

/**
 * Fan-out of real-time events: alarm changes go to the broker topic of the organisation and to every
 * push client allowed to see them (authority and data department); positions are coalesced per client
 * and sent at most POSITION_FRAMES_PER_SECOND times a second. With several server nodes (`peers`),
 * every fan-out is also sent to the other nodes, whose hubs deliver it to their own clients.
 */
export class PushHub {
  readonly clients = new Set<PushClient>();
  private frameTimer: ReturnType<typeof setInterval> | undefined;
  /** Positions heard here since the last frame, for the other nodes (sent as one message a frame). */
  private peerPositions: Extract<ClusterOp, { op: 'positions' }>['items'] = [];
  private readonly pulse = new DashboardPulse((orgId, depts, message) => {
    const text = JSON.stringify(message);
    for (const client of this.clients)
      if ([...depts].some((d) => PushHub.maySee(client.user, orgId, d, DashboardAuthority.view)))
        client.socket.send(text);
  });

  constructor(
    private readonly bridge: Bridge | null,
    private readonly peers: ClusterPeers | null = null,
  ) {
    peers?.onOp((op) => this.fromPeer(op));
  }

  /** What another node fanned out, delivered to this node's clients (and never sent on again). */
  private fromPeer(op: ClusterOp) {
    switch (op.op) {
      case 'alarm':
        return this.deliverAlarm(op.record, op.created);
      case 'dashboard':
        return this.pulse.touch(op.orgId, op.deptId, op.kind);
      case 'notice':
        return this.deliverNotice(op.orgId, op.message);
      case 'toUser':
        return this.deliverToUser(op.orgId, op.userId, op.message);
      case 'toAuthority':
        return this.deliverToAuthority(op.orgId, op.authority, op.message);
      case 'toDepartment':
        return this.deliverToDepartment(op.orgId, op.deptId, op.authority, op.message);
      case 'positions':
        for (const item of op.items) this.deliverPosition(item.orgId, item.deptId, item.position);
        return;
      case 'endSession':
        return this.closeSession(op.tokenHash, op.code);
      case 'reload':
        return;
    }
  }

  start() {
    this.frameTimer ??= setInterval(() => this.flushPositions(), 1000 / POSITION_FRAMES_PER_SECOND);
    this.frameTimer.unref?.();
  }
  stop() {
    clearInterval(this.frameTimer);
    this.frameTimer = undefined;
    this.pulse.stop();
    for (const client of this.clients) client.socket.close(1001, 'server stopping');
    this.clients.clear();
  }

  add(client: PushClient) {
    this.clients.add(client);
  }
  remove(client: PushClient) {
    this.clients.delete(client);
  }

  /** Whether a signed-in user may hear about something of a department (an authority expression). */
  static maySee(user: SessionUser, orgId: number, deptId: number, authority: string): boolean {
    return (
      user.orgId === orgId &&
      !user.mustChangePassword &&
      satisfies(user.authority, authority) &&
      holdsDept(user, deptId)
    );
  }

  /** Whether a signed-in user may receive this record. */
  static mayReceive(user: SessionUser, record: AlarmRecord & { deptId: number }): boolean {
    return PushHub.maySee(user, record.orgId, record.deptId, authorityOf(record));
  }

  alarm(record: AlarmRecord & { deptId: number }, created: boolean) {
    const { deptId: _deptId, ...wire } = record;
    // (the other nodes' consoles on /mqtt hear this from the shared broker: server/broker/external.ts)
    this.bridge?.publish(Topic.alarm(record.orgId), JSON.stringify(wire), { qos: 1 });
    this.peers?.send({ op: 'alarm', record, created });
    this.deliverAlarm(record, created);
  }

  private deliverAlarm(record: AlarmRecord & { deptId: number }, created: boolean) {
    const { deptId: _deptId, ...wire } = record;
    const text = JSON.stringify({ type: created ? 'alarm.created' : 'alarm.updated', data: wire });
    for (const client of this.clients) if (PushHub.mayReceive(client.user, record)) client.socket.send(text);
    // an alarm opened or closed moves the dashboard; another reading of an open one does not
    if (created || record.status !== AlarmStatus.unhandled)
      this.dashboard(record.orgId, record.deptId, 'alarm');
  }

  /** Something the dashboard counts changed in a department (debounced, see DashboardPulse). */
  dashboard(orgId: number, deptId: number, kind: DashboardChangeKind) {
    this.peers?.send({ op: 'dashboard', orgId, deptId, kind });
    this.pulse.touch(orgId, deptId, kind);
  }

  /** A notice or reminder for everyone of an organisation signed in now (not a user without any role). */
  notice(orgId: number, message: Extract<ServerPushMessage, { type: 'notice' | 'remind' }>) {
    this.peers?.send({ op: 'notice', orgId, message });
    this.deliverNotice(orgId, message);
  }

  private deliverNotice(orgId: number, message: ServerPushMessage) {
    const text = JSON.stringify(message);
    for (const client of this.clients)
      if (client.user.orgId === orgId && client.user.authority.size > 0) client.socket.send(text);
  }

  /** A message for every open console of one user (the bell of each tab and window). */
  toUser(orgId: number, userId: number, message: ServerPushMessage) {
    this.peers?.send({ op: 'toUser', orgId, userId, message });
    this.deliverToUser(orgId, userId, message);
  }

  private deliverToUser(orgId: number, userId: number, message: ServerPushMessage) {
    const text = JSON.stringify(message);
    for (const client of this.clients)
      if (client.user.orgId === orgId && client.user.userId === userId) client.socket.send(text);
  }

  /** A message for the users of an organisation who hold an authority (公告管理's read receipts). */
  toAuthority(orgId: number, authority: string, message: ServerPushMessage) {
    this.peers?.send({ op: 'toAuthority', orgId, authority, message });
    this.deliverToAuthority(orgId, authority, message);
  }

  private deliverToAuthority(orgId: number, authority: string, message: ServerPushMessage) {
    const text = JSON.stringify(message);
    for (const client of this.clients)
      if (client.user.orgId === orgId && satisfies(client.user.authority, authority))
        client.socket.send(text);
  }

  /** A message about one department's data, for the users who may see it (see maySee). */
  toDepartment(orgId: number, deptId: number, authority: string, message: ServerPushMessage) {
    this.peers?.send({ op: 'toDepartment', orgId, deptId, authority, message });
    this.deliverToDepartment(orgId, deptId, authority, message);
  }

  private deliverToDepartment(orgId: number, deptId: number, authority: string, message: ServerPushMessage) {
    const text = JSON.stringify(message);
    for (const client of this.clients)
      if (PushHub.maySee(client.user, orgId, deptId, authority)) client.socket.send(text);
  }

  position(orgId: number, deptId: number, position: Position) {
    if (this.peers) this.peerPositions.push({ orgId, deptId, position });
    this.deliverPosition(orgId, deptId, position);
  }

  private deliverPosition(orgId: number, deptId: number, position: Position) {
    for (const client of this.clients)
      if (client.wantsPositions && client.user.orgId === orgId && holdsDept(client.user, deptId))
        client.pendingPositions.set(position.deviceId, position);
  }

  send(client: PushClient, message: ServerPushMessage) {
    client.socket.send(JSON.stringify(message));
  }

  /** Closes every socket of a session that ended (signed in elsewhere, key info changed, expired). */
  endSession(tokenHash: string, code: number) {
    this.peers?.send({ op: 'endSession', tokenHash, code });
    this.closeSession(tokenHash, code);
  }

  private closeSession(tokenHash: string, code: number) {
    for (const client of this.clients) {
      if (client.user.tokenHash !== tokenHash) continue;
      this.send(client, { type: 'login.expired', data: { code } });
      client.socket.close(PushCloseCode.loginExpired, 'login expired');
      this.clients.delete(client);
    }
  }

  private flushPositions() {
    if (this.peers && this.peerPositions.length) {
      this.peers.send({ op: 'positions', items: this.peerPositions });
      this.peerPositions = [];
    }
    for (const client of this.clients) {
      if (client.pendingPositions.size === 0 || client.socket.bufferedAmount > MAX_BUFFERED_BYTES) continue;
      const data = [...client.pendingPositions.values()];
      client.pendingPositions.clear();
      this.send(client, { type: 'positions', data });
    }
  }
}
