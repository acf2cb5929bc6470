import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { PRINT_SCRIPT } from './printPage.js';

/** A blob: print view inherits the console's policy: its one script is allowed by hash, nothing else inline. */
const printScript = `'sha256-${createHash('sha256').update(PRINT_SCRIPT).digest('base64')}'`;

/**
 * Security headers on every answer (issue #20), @fastify/helmet with a policy the console, the
 * map's workers and the wall pass: scripts only from this server (the built pages have no inline
 * script), styles also inline (Blueprint and the theme set style attributes), images also data: and
 * blob: (watermark, picture code, map), workers also blob: (maplibre creates its worker from a blob),
 * framed only by this site, no plugins. Over plain HTTP nothing is upgraded (homes run the console on
 * their LAN address); HSTS is sent, and browsers heed it only over HTTPS. Print views set their own
 * policy as well.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", printScript],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  });
}
