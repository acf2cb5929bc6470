import type { FastifyInstance } from 'fastify';

/**
 * Control characters (but tab and line breaks) and bidirectional overrides, embeddings and isolates
 * (U+202A–U+202E, U+2066–U+2069): nothing a person types into a form, and a way to make a stored
 * name read differently from what it is ("\u202Egnp.exe" shows as "exe.png"). Issue #20.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export const cleanText = (text: string): string => text.replace(UNWANTED, '');

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) return value.map((v) => clean(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[cleanText(k)] = clean(v, depth + 1);
  return out;
}

/** Every JSON or form body, query and path parameter is cleaned before any route reads it. */
export function installTextHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && !req.isMultipart()) req.body = clean(req.body);
    req.query = clean(req.query);
    req.params = clean(req.params);
  });
}
