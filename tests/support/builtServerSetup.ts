import { ensureBuiltServer } from '../../scripts/builtServer.mjs';

/**
 * vitest's global setup for the cluster proof: its nodes run the server as production does
 * (dist-server/), built once here before any node starts.
 */
export default function setup() {
  ensureBuiltServer();
}
