import type { z } from 'zod';
import type { ConfigEntries, ConfigKey } from '../../../domain/configEntries.js';
import { readConfig, writeConfig } from '../../config.js';
import { type AnyRoute, type RouteAuth, route } from '../../http/route.js';
import { noQuery, noResult } from '../../http/schemas.js';

/** A stored configuration entry as a GET and a PUT (or POST) on one path. */
export function configResource<K extends ConfigKey>(o: {
  key: K;
  url: string;
  read: RouteAuth;
  write: RouteAuth;
  body: z.ZodType<ConfigEntries[K]>;
  /** The entry as the GET answers it. */
  answer: z.ZodType;
  name: string;
  method?: 'PUT' | 'POST';
}): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: o.url,
      auth: o.read,
      summary: o.name.replace(/^修改/, ''),
      query: noQuery,
      response: o.answer,
      handler: ({ db, user }) => readConfig(db, user?.orgId ?? 0, o.key),
    }),
    route({
      method: o.method ?? 'PUT',
      url: o.url,
      auth: o.write,
      body: o.body,
      response: noResult,
      log: { type: 'UPDATE', name: o.name },
      handler: ({ db, user, body }) => writeConfig(db, user?.orgId ?? 0, o.key, body as ConfigEntries[K]),
    }),
  ];
}
