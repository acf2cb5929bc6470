import { z } from 'zod';

/** Push channel messages (ARCHITECTURE "Real-time conventions"). */
export const PUSH_PATH = '/push';
export const PushCloseCode = { unauthorized: 4401, loginExpired: 4011, signedInElsewhere: 4012 } as const;

export const clientPushMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('heartbeat'), data: z.unknown().optional() }),
]);
export type ClientPushMessage = z.infer<typeof clientPushMessage>;

export type ServerPushMessage =
  | { type: 'auth.ok' }
  | { type: 'heartbeat'; data: { ts: number } }
  | { type: 'login.expired'; data: { code: number } }
  | { type: 'notice'; data: { noticeId: number; title: string } }
  | { type: 'remind'; data: { remindId: number; title: string } };
