/**
 * TRUST_PROXY (issue #20): which proxies' X-Forwarded-For Fastify believes, so that behind a TLS
 * proxy the login limit and the operation log see each user's address, not the proxy's. Unset or
 * "false": none (the connection's address is the client's). "true": any (only when nothing can reach
 * the server but the proxy). A number: that many hops. Otherwise a comma-separated list of
 * addresses and CIDR ranges of the proxies.
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
