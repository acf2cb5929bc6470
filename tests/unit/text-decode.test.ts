import { describe, expect, it } from 'vitest';
import { decodeText, detectEncoding } from '../../domain/text/decode.js';
import { parseCsv } from '../../server/resources/export.js';
import { gbkBytes } from '../support/gbk.js';

const hex = (s: string) => new Uint8Array(Buffer.from(s.replace(/\s/g, ''), 'hex'));

describe('decodeText: what Chinese Excel saves', () => {
  it('reads GBK bytes written out by hand (张三,男,护理)', () => {
    // 张 D5C5 三 C8FD 男 C4D0 护 BBA4 理 C0ED, from the GB2312/GBK code table
    const bytes = hex('d5c5 c8fd 2c c4d0 2c bba4 c0ed 0d0a');
    expect(detectEncoding(bytes)).toEqual({ encoding: 'gb18030', bomLength: 0 });
    expect(decodeText(bytes)).toBe('张三,男,护理\r\n');
  });

  it('the test encoder gives the code table bytes', () => {
    expect(gbkBytes('张三男护理').toString('hex')).toBe('d5c5c8fdc4d0bba4c0ed');
    expect(gbkBytes('姓名*,A1').toString('hex')).toBe('d0d5c3fb2a2c4131');
  });

  it('reads a whole GBK CSV with quoted cells and rare characters of GBK (not GB2312)', () => {
    const text = '姓名,所属部门,备注\r\n"欧阳珺",护理一部,"喜欢喝茶,怕冷"\r\n褚镕,护理二部,\r\n';
    const bytes = gbkBytes(text);
    expect(detectEncoding(bytes).encoding).toBe('gb18030');
    expect(parseCsv(decodeText(bytes))).toEqual([
      ['姓名', '所属部门', '备注'],
      ['欧阳珺', '护理一部', '喜欢喝茶,怕冷'],
      ['褚镕', '护理二部', ''],
    ]);
  });

  it('reads UTF-8 with and without a byte-order mark, the mark removed', () => {
    const plain = new TextEncoder().encode('姓名\n张三');
    expect(detectEncoding(plain)).toEqual({ encoding: 'utf-8', bomLength: 0 });
    expect(decodeText(plain)).toBe('姓名\n张三');
    const marked = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(detectEncoding(marked)).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(decodeText(marked)).toBe('姓名\n张三');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf]))).toBe('');
    expect(decodeText(new Uint8Array())).toBe('');
  });

  it('reads UTF-16 (Excel "Unicode text") by its byte-order mark, little or big endian', () => {
    const le = hex('fffe 2d4e 2d00 205f 0900');
    expect(detectEncoding(le)).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(decodeText(le)).toBe('中-张\t');
    expect(decodeText(hex('feff 4e2d 002d 5f20'))).toBe('中-张');
  });

  it('plain ASCII is UTF-8; bytes that are neither UTF-8 nor GBK decode without throwing', () => {
    expect(decodeText(hex('4142 2c31'))).toBe('AB,1');
    // a lone lead byte at the end, and FF (never a GBK byte): replacement characters, never garbage of another kind
    const broken = hex('d5c5 ff d5');
    expect(detectEncoding(broken).encoding).toBe('gb18030');
    expect(decodeText(broken)).toMatch(/^张\uFFFD+$/);
  });
});
