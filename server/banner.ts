import { DemoAccounts } from './db/seed.js';

/**
 * What `npm start` prints once listening: the address, the database and the demo accounts by name.
 * Passwords stay in the README, never in a log that a service manager keeps (issue #20).
 */
export function startBanner(o: {
  ms: number;
  host: string;
  port: number;
  databaseFile: string;
  /** The external broker, already without credentials. */
  externalBroker?: string | undefined;
  /** A demo installation lists its accounts; a real home (SEED_DEMO=off) has none to list. */
  demo?: boolean;
}): string {
  const lines = [
    '',
    `智慧养老平台已启动 (${o.ms} ms): http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${o.port}/`,
    `数据目录: ${o.databaseFile}`,
    ...(o.externalBroker ? [`设备 MQTT: 外部代理 ${o.externalBroker}（控制台仍连本服务 /mqtt）`] : []),
    ...((o.demo ?? true)
      ? [
          '演示账号（密码见 README.md）:',
          ...Object.values(DemoAccounts).map((a) => `  ${a.loginName.padEnd(10)} ${a.note}`),
        ]
      : ['正式机构（SEED_DEMO=off）：没有演示账号、演示长者和模拟设备']),
    '按 Ctrl-C 停止。',
    '',
  ];
  return lines.join('\n');
}
