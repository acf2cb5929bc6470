import { describe, expect, it } from 'vitest';
import { articleImageMessage, isArticleImageSrc } from './api.js';
import { refusedImages, sanitizeArticle } from './server/sanitize.js';

describe('article images (issue #42 point 2)', () => {
  it('keeps the file store’s own addresses and https, nothing else', () => {
    expect(isArticleImageSrc('/files/images/Ab_3-x.png')).toBe(true);
    expect(isArticleImageSrc('https://www.nhc.gov.cn/a.png')).toBe(true);
    for (const src of [
      'data:image/png;base64,AAAA',
      'blob:http://h/1',
      'http://a/b.png',
      'x',
      '',
      '/files/../x',
    ])
      expect(isArticleImageSrc(src), src).toBe(false);
  });
  it('names what would be lost: inline (pasted) images apart from unusable addresses', () => {
    expect(articleImageMessage(['data:image/png;base64,AA', 'blob:x'])).toBe(
      '正文中有2张图片尚未上传（粘贴的内嵌图片），请删除后重新粘贴或用“图片”按钮插入',
    );
    expect(articleImageMessage(['http://a/b.png'])).toBe(
      '正文中有1张图片的地址不可用，图片须为本平台上传的图片或 https 地址',
    );
  });
  it('finds every image the sanitiser would drop, before it drops them', () => {
    const html =
      '<p>a<img src="/files/images/a.png"></p><img src="data:image/png;base64,AA"><img src="x" onerror="1">';
    expect(refusedImages(html)).toEqual(['data:image/png;base64,AA', 'x']);
    expect(refusedImages('<p><img src="/files/images/a.png"><img src="https://a.org/b.png"></p>')).toEqual(
      [],
    );
    expect(sanitizeArticle('<img src="/files/images/a.png" onerror="1">')).toBe(
      '<img src="/files/images/a.png" />',
    );
  });
});
