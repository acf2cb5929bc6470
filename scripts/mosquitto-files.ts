// Writes the ACL and password file for an external Mosquitto (MQTT_URL):
//   npx tsx scripts/mosquitto-files.ts <folder>   (uses DATA_DIR, default ./data; MQTT_USERNAME, MQTT_PASSWORD)
// <folder>/eldercare.acl: the server user and one block per device in the database.
// <folder>/eldercare.passwd: the server user and the simulated devices (their secrets are in DATA_DIR);
// add real devices with `mosquitto_passwd -b <folder>/eldercare.passwd <device code> <secret>`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { mosquittoAcl, mosquittoPasswordLine } from '../server/broker/mosquitto.js';
import { openDatabase } from '../server/db/index.js';
import { SIMULATOR_DEVICES_FILE, type SimulatedDevice } from '../server/db/seedRealtime.js';

const folder = process.argv[2];
const serverUser = process.env.MQTT_USERNAME;
const serverPassword = process.env.MQTT_PASSWORD;
if (!folder || !serverUser || !serverPassword) {
  console.error('用法: MQTT_USERNAME=… MQTT_PASSWORD=… npx tsx scripts/mosquitto-files.ts <目录>');
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const dbFile = join(dataDir, 'eldercare.sqlite');
if (!existsSync(dbFile)) {
  console.error(`没有数据库: ${dbFile}（先启动一次服务器）`);
  process.exit(1);
}
const db = await openDatabase(dbFile);
const devices = await db.selectFrom('device').select(['deviceCode', 'orgId', 'deviceId']).execute();
await db.destroy();

const simFile = join(dataDir, SIMULATOR_DEVICES_FILE);
const simulated = existsSync(simFile) ? (JSON.parse(readFileSync(simFile, 'utf8')) as SimulatedDevice[]) : [];
const passwd = [
  mosquittoPasswordLine(serverUser, serverPassword),
  ...simulated.map((d) => mosquittoPasswordLine(d.deviceCode, d.secret)),
];

mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, 'eldercare.acl'), mosquittoAcl(devices, serverUser));
writeFileSync(join(folder, 'eldercare.passwd'), `${passwd.join('\n')}\n`, { mode: 0o640 });
console.log(
  `${join(folder, 'eldercare.acl')}: ${devices.length} 台设备; ${join(folder, 'eldercare.passwd')}: ${passwd.length} 个用户`,
);
