/**
 * The text of an uploaded file whatever Excel saved it as. Chinese Windows saves "CSV" in the
 * ANSI code page, GBK (936), not UTF-8; "CSV UTF-8" adds a byte-order mark; "Unicode text" is
 * UTF-16LE with one. Order: a BOM decides; bytes that are valid UTF-8 are UTF-8 (GBK text is
 * almost never valid UTF-8, so this does not misread it); anything else is GB18030, the superset
 * of GBK and GB2312, which decodes every byte sequence (malformed bytes become U+FFFD).
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bomLength: number } {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', bomLength: 0 };
  } catch {
    return { encoding: 'gb18030', bomLength: 0 };
  }
}

/** The file's text, its byte-order mark removed. */
export function decodeText(bytes: Uint8Array): string {
  const { encoding, bomLength } = detectEncoding(bytes);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes.subarray(bomLength));
}
