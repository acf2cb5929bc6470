import { createHash } from 'node:crypto';

/**
 * MQTT client ids are bound to who signed in (issue #20, docs/architecture.md rule 5): the broker hands a
 * session to whoever connects with its id, so an id anyone can guess would let them knock its owner
 * off. A device uses its device code, or its code and `#<n>` for a second connection of the same
 * device (a tester beside the simulator; device codes hold no '#'). A console uses the id the server
 * issued for its session token (`mqttClientId` in the user info), optionally followed by `-<tab>` so
 * that the console and the wall open in two tabs of one session do not take each other's place.
 */
const CONSOLE_PREFIX = 'console-';
const TAB_SUFFIX = /^-[A-Za-z0-9]{1,16}$/;
const SECOND_CONNECTION = /^[A-Za-z0-9]{1,16}$/;

/** The console client id of a session: derived from the token, so only its holder can present it. */
export function consoleClientId(token: string): string {
  const tag = createHash('sha256').update(`mqtt-client-id:${token}`).digest('base64url').slice(0, 22);
  return `${CONSOLE_PREFIX}${tag.replace(/[-_]/g, '0')}`;
}

export function consoleMayUse(clientId: string, token: string): boolean {
  const issued = consoleClientId(token);
  if (clientId === issued) return true;
  return clientId.startsWith(issued) && TAB_SUFFIX.test(clientId.slice(issued.length));
}

export function deviceMayUse(clientId: string, deviceCode: string): boolean {
  if (clientId === deviceCode) return true;
  return (
    clientId.startsWith(`${deviceCode}#`) && SECOND_CONNECTION.test(clientId.slice(deviceCode.length + 1))
  );
}
