import { z } from 'zod';

/**
 * The pages run under a Content-Security-Policy without 'unsafe-eval' (server/http/securityHeaders.ts):
 * zod must neither compile its object parsers with `new Function` nor probe whether it may (the
 * browser reports even a caught attempt as a violation). Every page's entry imports this first,
 * before any schema is built.
 */
z.config({ jitless: true });
