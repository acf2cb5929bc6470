/**
 * Browsers send Origin on websocket upgrades; it must be this server (tools without Origin are let
 * in to authenticate). Used by /push and /mqtt.
 */
export function sameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
