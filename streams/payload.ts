const utf8 = new TextDecoder();

/**
 * Parses a websocket frame or an MQTT payload as JSON. Anything that is not JSON comes back as
 * `undefined`, which every schema rejects, so callers drop it without a separate error path.
 */
export function parseJson(payload: string | ArrayBuffer | ArrayBufferView): unknown {
  const text = typeof payload === 'string' ? payload : utf8.decode(payload);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** MQTT topic filter matching (`+` one level, `#` the rest, including the parent level itself). */
export function topicMatches(filter: string, topic: string): boolean {
  const wanted = filter.split('/');
  const levels = topic.split('/');
  for (const [i, level] of wanted.entries()) {
    if (level === '#') return true;
    if (i >= levels.length) return false;
    if (level !== '+' && level !== levels[i]) return false;
  }
  return wanted.length === levels.length;
}
