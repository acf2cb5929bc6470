import { expect, type Page } from '@playwright/test';
import { Timing } from '../../../domain/http.js';
import { MQTT_PATH } from '../../../domain/topics.js';
import type { BrokerConnectionEvent } from '../../../machines/brokerConnectionMachine.js';
import {
  drop,
  expectConnecting,
  expectLight,
  expectNotStarted,
  expectSignedOut,
  latest,
  openAlarmConsole,
  type RoutedSocket,
  routeSockets,
  signOut,
  waiting,
} from './pushConnection.driver.js';

/**
 * The broker channel's driver for the generated path tests (`npm run paths -- brokerConnection
 * --shortest --without broker.offline,broker.end --format playwright`). The console's mqtt.js client
 * talks to the real broker of the server; its websocket goes through `page.routeWebSocket`, which plays
 * the network in between: it holds a new connection until the broker is to take it (已连接), holds the
 * broker's SUBACK until it is to be delivered (订阅已确认), or drops the connection (连接关闭). The
 * client's reconnect period runs on Playwright's clock, installed before the console loads. Each state
 * is read from the alarm console's 消息队列 light or the login page, and from the socket.
 *
 * mqtt.js tells of a lost connection in one go: `offline` (the first loss of a reconnect cycle), then
 * `close`, and 4 s later `reconnect`. So 连接关闭 here is a dropped connection, which the machine hears
 * as offline then close; 正在重连 is a dropped connection and the reconnect period passing.
 * Left out (`--without`), because the running console cannot meet them:
 * - broker.offline: never stays: `close` follows it at once, so 离线 cannot be seen.
 * - broker.end: mqtt.js ends only when the console ends the client, which 停止连接 does itself.
 */
export interface BrokerCtx {
  /** Broker sockets of the page, oldest first. */
  sockets: BrokerSocket[];
}

interface BrokerSocket extends RoutedSocket {
  /** The broker's frames from its SUBACK on, held back (until 订阅已确认). */
  held: Buffer[];
  holdSuback: boolean;
}

/** MQTT control packet types (the high nibble of the first byte). */
const SUBACK = 9;
const packetType = (frame: string | Buffer) => (typeof frame === 'string' ? -1 : (frame[0] ?? 0) >> 4);

export const driver = {
  async start(page: Page): Promise<BrokerCtx> {
    await page.clock.install();
    const sockets = await routeSockets<BrokerSocket>(
      page,
      MQTT_PATH,
      () => ({ held: [], holdSuback: false }),
      {
        fromPage: (socket, frame) => socket.server?.send(frame),
        fromServer: (socket, frame) => {
          // the broker writes a packet in pieces: from the SUBACK's first byte on, everything waits
          if (socket.holdSuback && (socket.held.length > 0 || packetType(frame) === SUBACK))
            socket.held.push(frame as Buffer);
          else socket.route.send(frame);
        },
      },
    );
    const ctx: BrokerCtx = { sockets };
    await page.goto('/login.html');
    return ctx;
  },

  async send(page: Page, ctx: BrokerCtx, event: BrokerConnectionEvent) {
    switch (event.type) {
      case 'broker.connect':
        await openAlarmConsole(page);
        return;
      case 'broker.stop':
        await signOut(page);
        return;
      case 'broker.connected': {
        // the broker takes the connection and answers CONNECT; the SUBACK waits on the way
        await expect.poll(() => waiting(ctx.sockets)).toBe(true);
        const socket = latest(ctx.sockets);
        socket.holdSuback = true;
        socket.accept();
        await expect.poll(() => socket.held.length).toBeGreaterThan(0);
        return;
      }
      case 'broker.subscribed': {
        const socket = latest(ctx.sockets);
        socket.holdSuback = false;
        for (const frame of socket.held.splice(0)) socket.route.send(frame);
        await expectLight(page, '消息队列', '已连接', true);
        return;
      }
      case 'broker.close':
        await expect.poll(() => ctx.sockets.length).toBeGreaterThan(0);
        drop(latest(ctx.sockets));
        await expectLight(page, '消息队列', '已断开', false);
        return;
      case 'broker.reconnecting': {
        await expect.poll(() => ctx.sockets.length).toBeGreaterThan(0);
        const dropped = latest(ctx.sockets);
        drop(dropped);
        await expectLight(page, '消息队列', '已断开', false);
        await page.clock.runFor(Timing.brokerReconnectPeriodMs);
        await expect.poll(() => ctx.sockets.at(-1) !== dropped).toBe(true);
        return;
      }
      default:
        throw new Error(`the driver does not cause ${event.type}`);
    }
  },

  async check(page: Page, ctx: BrokerCtx, state: unknown) {
    const value = typeof state === 'string' ? state : JSON.stringify(state);
    switch (value) {
      case 'idle':
        return expectNotStarted(page, ctx.sockets);
      case 'ended':
        return expectSignedOut(page);
      case 'connecting':
        return expectConnecting(page, '消息队列', ctx.sockets);
      case '{"connected":"subscribing"}':
        // connected, its subscriptions not yet acknowledged: not live yet
        await expectLight(page, '消息队列', '连接中', false);
        expect(packetType(latest(ctx.sockets).held[0] ?? '')).toBe(SUBACK);
        return;
      case '{"connected":"live"}':
        await expectLight(page, '消息队列', '已连接', true);
        expect(latest(ctx.sockets).closed).toBe(false);
        return;
      case 'reconnecting':
        await expectLight(page, '消息队列', '重连中', false);
        return;
      case 'closed':
        await expectLight(page, '消息队列', '已断开', false);
        expect(latest(ctx.sockets).closed).toBe(true);
        return;
      default:
        throw new Error(`the driver does not check ${value}`);
    }
  },
};
