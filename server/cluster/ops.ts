import { z } from 'zod';
import { alarmRecord } from '../../domain/alarms.js';
import { positionPayload } from '../../domain/devices.js';
import { DashboardChange, serverPushMessage } from '../../domain/push.js';

/**
 * What one server node tells the others (issue #21 "Several nodes"), over the shared broker on
 * CLUSTER_TOPIC: whatever its push hub fans out, so every node's consoles hear it, and "the devices
 * or rules changed" so every rules engine reads them again. Each message is validated as any other
 * input from outside.
 */
const id = z.number().int().positive();
const scoped = { orgId: id };
export const clusterOp = z.discriminatedUnion('op', [
  z.object({ op: z.literal('alarm'), record: alarmRecord.extend({ deptId: id }), created: z.boolean() }),
  z.object({ op: z.literal('dashboard'), ...scoped, deptId: id, kind: DashboardChange }),
  z.object({
    op: z.literal('notice'),
    ...scoped,
    message: serverPushMessage.refine((m) => m.type === 'notice' || m.type === 'remind'),
  }),
  z.object({ op: z.literal('toUser'), ...scoped, userId: id, message: serverPushMessage }),
  z.object({
    op: z.literal('toAuthority'),
    ...scoped,
    authority: z.string().max(2000),
    message: serverPushMessage,
  }),
  z.object({
    op: z.literal('toDepartment'),
    ...scoped,
    deptId: id,
    authority: z.string().max(2000),
    message: serverPushMessage,
  }),
  /** Positions of a frame, batched (a node sends at most POSITION_FRAMES_PER_SECOND of these a second). */
  z.object({
    op: z.literal('positions'),
    items: z
      .array(
        z.object({ ...scoped, deptId: id, position: positionPayload.extend({ deviceId: z.number().int() }) }),
      )
      .max(100_000),
  }),
  z.object({ op: z.literal('endSession'), tokenHash: z.string().min(1).max(200), code: z.number().int() }),
  /** Devices, rules, rails or floor plans changed: every rules engine reads them again. */
  z.object({ op: z.literal('reload') }),
]);
export type ClusterOp = z.infer<typeof clusterOp>;

/** A message between nodes: who sent it (a node never acts twice on its own) and what. */
export const clusterEnvelope = z.object({
  from: z.string().min(1).max(100),
  ops: z.array(clusterOp).max(10_000),
});

/** The broker topic of a cluster's node-to-node messages. */
export const clusterTopic = (group: string) => `cluster/${group}/ops`;

/** A cluster group name: also a topic level and a shared subscription's group, so no wildcards or slashes. */
export const CLUSTER_GROUP = /^[A-Za-z0-9_-]{1,64}$/;

/** How the push hub and the rules engine reach the other nodes. */
export interface ClusterPeers {
  readonly nodeId: string;
  send(op: ClusterOp): void;
  onOp(handler: (op: ClusterOp) => void): void;
}
