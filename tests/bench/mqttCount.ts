/**
 * The subscriber of the bare-Mosquitto ingest run (tests/bench/realtime.ts), in its own process as the
 * server is in ours: `tsx tests/bench/mqttCount.ts <url> <total>` subscribes to every organisation's
 * topics at QoS 0, prints `ready` once subscribed, then `done <received> <epoch ms of the last>` when
 * `total` messages have arrived or nothing has for 3 s.
 */
import mqtt from 'mqtt';

const [url, totalText] = process.argv.slice(2);
const total = Number(totalText);
if (!url || !Number.isInteger(total) || total <= 0) throw new Error('usage: mqttCount <url> <total>');

/** The broker was started beside this process: try until it listens. */
async function connect(): Promise<mqtt.MqttClient> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await mqtt.connectAsync(url as string, { clientId: 'bench-counter', reconnectPeriod: 0 });
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
const client = await connect();
let received = 0;
let last = 0;
const finish = () => {
  process.stdout.write(`done ${received} ${last}\n`);
  void client.endAsync().then(() => process.exit(0));
};
let idle: ReturnType<typeof setTimeout> | null = null;
client.on('message', () => {
  received++;
  last = Date.now();
  if (received >= total) finish();
  else if (received % 1_000 === 1) {
    if (idle) clearTimeout(idle);
    idle = setTimeout(finish, 3_000);
  }
});
await client.subscribeAsync('org/#', { qos: 0 });
process.stdout.write('ready\n');
