/** dist-server/main.js (its absolute path), built first when missing or older than a source. */
export function ensureBuiltServer(): string;
