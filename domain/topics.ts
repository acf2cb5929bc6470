/** MQTT topics (docs/architecture.md, "Real-time conventions"). */
export const MQTT_PATH = '/mqtt';
export const CONSOLE_MQTT_USER = 'console';
export const orgTopicPrefix = (orgId: number) => `org/${orgId}/`;
export const Topic = {
  alarm: (orgId: number) => `org/${orgId}/alarm`,
  position: (orgId: number, deviceId: string | number) => `org/${orgId}/position/${deviceId}`,
  device: (orgId: number, deviceId: string | number, kind: string) =>
    `org/${orgId}/device/${deviceId}/${kind}`,
} as const;
