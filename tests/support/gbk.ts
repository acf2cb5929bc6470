/**
 * GBK bytes of a text, for tests of files saved by Chinese Excel (Node has no GBK encoder): the
 * reverse of the platform's GB18030 decoder over GBK's two-byte range (lead 81–FE, trail 40–FE
 * except 7F); ASCII stays one byte. tests/unit/text-decode.test.ts pins known bytes (张 = D5C5).
 */
let table: Map<string, number[]> | undefined;

function gbkTable() {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gb18030');
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const ch = decoder.decode(new Uint8Array([lead, trail]));
      if (ch.length === 1 && ch !== '\uFFFD' && !table.has(ch)) table.set(ch, [lead, trail]);
    }
  return table;
}

export function gbkBytes(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x80) out.push(code);
    else {
      const pair = gbkTable().get(ch);
      if (!pair) throw new Error(`“${ch}”不在 GBK 中`);
      out.push(...pair);
    }
  }
  return Buffer.from(out);
}
