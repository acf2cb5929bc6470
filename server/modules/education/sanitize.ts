import sanitizeHtml from 'sanitize-html';

/** An image the article may show: from our own file store, or any https address. */
const allowedImage = (src: string) => /^\/files\/[\w./-]+$/.test(src) || /^https:\/\/[^\s"'<>]+$/i.test(src);

const OPTIONS: sanitizeHtml.IOptions = {
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
  // an image from anywhere else (http:, data:, another path of this server) is dropped whole
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
