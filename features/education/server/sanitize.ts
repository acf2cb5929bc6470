import { createRequire } from 'node:module';
import type sanitize from 'sanitize-html';
import { isArticleImageSrc as allowedImage } from '../api.js';

/**
 * sanitize-html, required at the first article written (a CommonJS package, so synchronously): it and
 * its HTML and CSS parsers are a twentieth of a second of every server start otherwise (issue #43
 * point 4, cold start).
 */
let loaded: typeof sanitize | null = null;
function sanitizeHtml(html: string, options: sanitize.IOptions): string {
  loaded ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitize;
  return loaded(html, options);
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'div',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // an image from anywhere else (http:, data:, another path of this server) is dropped whole; the
  // hooks refuse an article with one first (refusedImages), so nothing is dropped without a word
  exclusiveFilter: (frame) => frame.tag === 'img' && !allowedImage(String(frame.attribs.src ?? '')),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/**
 * An article's HTML as it is stored and shown (docs/decisions.md "Education"): formatting tags
 * only — no script, style, iframe or form, no event-handler or style attribute, no javascript: or
 * data: URL; links open apart; images only from the file store or https.
 */
export const sanitizeArticle = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Every <img> src as written, before any filtering (data:, blob: and http: kept to be named). */
const IMAGES_ONLY: sanitize.IOptions = {
  allowedTags: ['img'],
  allowedAttributes: { img: ['src'] },
  allowedSchemes: ['http', 'https', 'data', 'blob', 'mailto', 'ftp', 'file', 'javascript'],
  allowedSchemesByTag: {},
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
};

/**
 * The images of an article's HTML that the sanitiser would drop (issue #42 point 2): a pasted image
 * still inline (data:, blob:), an http: or foreign address. An article with one is refused with
 * articleImageMessage rather than stored without it.
 */
export function refusedImages(html: string): string[] {
  const srcs: string[] = [];
  sanitizeHtml(html, {
    ...IMAGES_ONLY,
    exclusiveFilter: (frame) => {
      if (frame.tag === 'img') srcs.push(String(frame.attribs.src ?? ''));
      return false;
    },
  });
  return srcs.filter((src) => !allowedImage(src));
}
