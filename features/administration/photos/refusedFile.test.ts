import { describe, expect, it } from 'vitest';
import { PhotoLimits } from '../api/photos.js';
import { refusedFile } from './refusedFile.js';

describe('refusedFile (the console checks photos as the server does)', () => {
  it('passes images within the limits', () => {
    expect(
      refusedFile([
        { name: '合影.JPG', size: 2_000_000 },
        { name: 'b.webp', size: 10 },
      ]),
    ).toBeNull();
  });
  it('names the first file the server would refuse', () => {
    expect(
      refusedFile([
        { name: 'a.png', size: 1 },
        { name: '说明.txt', size: 1 },
      ]),
    ).toBe('“说明.txt”：上传照片要求是 jpg/jpeg/png/gif/webp/bmp 格式');
    expect(refusedFile([{ name: 'png', size: 1 }])).toContain('“png”');
    expect(refusedFile([{ name: '大.png', size: PhotoLimits.maxBytes + 1 }])).toBe(
      '“大.png”：上传照片大小不能超过 10MB',
    );
    expect(refusedFile([{ name: '空.png', size: 0 }])).toBe('“空.png”：上传文件为空');
    const many = Array.from({ length: PhotoLimits.maxFiles + 1 }, (_, i) => ({ name: `${i}.png`, size: 1 }));
    expect(refusedFile(many)).toBe(`一次最多上传${PhotoLimits.maxFiles}个文件`);
  });
});
