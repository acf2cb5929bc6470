import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Code } from '../../domain/codes.js';
import { authenticate, type SessionUser } from '../auth/tokens.js';
import type { Db } from '../db/index.js';
import type { Services } from '../services.js';
import { contentTypeOf } from '../uploads.js';
import { ApiFailure } from './failure.js';
import { tokenOf } from './route.js';

/**
 * Uploaded files (issue #20, docs/architecture.md rule 5): served only to signed-in users of the institution
 * that uploaded them, and for an elder's head image or attachment only to users of the elder's data
 * department. An <img> sends no token header, so sign-in also sets the token as an HttpOnly cookie
 * limited to /files/; the API itself never reads that cookie (no cross-site request can use it).
 * The login page's and the shell's branding (display settings) is public.
 */
export const FILE_COOKIE = 'pims2_files';
const FILES_PREFIX = '/files/';
/** folder/name.ext as receiveUpload writes them: nothing else is ever looked up. */
const STORED_NAME = /^[a-z]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;
const CACHE = 'private, max-age=600';
const ALBUM_PHOTOS = `${FILES_PREFIX}photos/`;
/** Shown in the page; anything else is a download, never a page of this site. */
const INLINE = /^(image\/(png|jpeg|gif|bmp|webp)|application\/pdf|video\/(mp4|webm))$/;

export function setFileCookie(req: FastifyRequest, reply: FastifyReply, token: string) {
  reply.header('set-cookie', fileCookie(req, encodeURIComponent(token)));
}
export function clearFileCookie(req: FastifyRequest, reply: FastifyReply) {
  reply.header('set-cookie', fileCookie(req, '', 0));
}
const fileCookie = (req: FastifyRequest, value: string, maxAge?: number) =>
  [
    `${FILE_COOKIE}=${value}`,
    `Path=${FILES_PREFIX}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(req.protocol === 'https' ? ['Secure'] : []),
    ...(maxAge === undefined ? [] : [`Max-Age=${maxAge}`]),
  ].join('; ');

function cookieToken(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === FILE_COOKIE) {
      try {
        return decodeURIComponent(value.join('=')) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function registerFiles(app: FastifyInstance, services: Services) {
  // Not an operation of the API document: a stored file's address is the urlPath its upload answered
  // (the document's description says so); a wildcard has no OpenAPI form.
  app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const relPath = (req.params as { '*'?: string })['*'] ?? '';
    if (!STORED_NAME.test(relPath)) throw new ApiFailure(Code.notFound, '文件不存在');
    const { db } = services;
    const stored = await db
      .selectFrom('storedFile')
      .select(['orgId', 'sourceFileName'])
      .where('relPath', '=', relPath)
      .executeTakeFirst();
    if (!stored) throw new ApiFailure(Code.notFound, '文件不存在');
    const url = `${FILES_PREFIX}${relPath}`;
    if (!(await isBranding(db, url))) {
      const user = await authenticate(db, tokenOf(req) ?? cookieToken(req), services.now());
      // Another institution's file is as absent as a file that never was.
      if (user.orgId !== stored.orgId) throw new ApiFailure(Code.notFound, '文件不存在');
      if (user.authority.size === 0) throw new ApiFailure(Code.noAuthority, '权限不足');
      await requireDepartmentOf(db, user, url);
    }
    const path = join(services.dataDir, 'files', relPath);
    const size = await stat(path).then(
      (s) => s.size,
      () => null,
    );
    if (size === null) throw new ApiFailure(Code.notFound, '文件不存在');
    const type = contentTypeOf(relPath);
    const disposition = INLINE.test(type) ? 'inline' : 'attachment';
    return reply
      .header('content-type', type)
      .header('content-length', size)
      .header(
        'content-disposition',
        `${disposition}; filename*=UTF-8''${encodeURIComponent(stored.sourceFileName)}`,
      )
      .header('cache-control', CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(path));
  });
}

/** Files named in an institution's display settings or login page: shown before sign-in. */
async function isBranding(db: Db, url: string): Promise<boolean> {
  const rows = await db
    .selectFrom('configEntry')
    .select(['configKey', 'value'])
    .where('configKey', 'in', ['iconConfig', 'preload'])
    .where('value', 'like', `%${url}%`)
    .execute();
  const fields = ['systemIcon', 'windowIcon', 'loginIcon', 'loginBackground'];
  return rows.some((row) => {
    const value = JSON.parse(row.value) as Record<string, unknown>;
    return fields.some((f) => value[f] === url);
  });
}

/** A file on an elder's record (head image, attachment) follows the elder's data department; an album photo its album's. */
async function requireDepartmentOf(db: Db, user: SessionUser, url: string) {
  const [heads, attachments, photos] = await Promise.all([
    db
      .selectFrom('oldman')
      .select('deptId')
      .where('orgId', '=', user.orgId)
      .where('headImage', '=', url)
      .execute(),
    db
      .selectFrom('oldmanFile')
      .innerJoin('oldman', 'oldman.oldmanId', 'oldmanFile.oldmanId')
      .select('oldman.deptId')
      .where('oldmanFile.orgId', '=', user.orgId)
      .where('oldmanFile.urlPath', '=', url)
      .execute(),
    // an album photo (stored under photos/) follows the album's department (docs/decisions.md "photo albums")
    url.startsWith(ALBUM_PHOTOS)
      ? sql<{ deptId: number }>`select a.deptId from photoInfo p
          join photoAlbum a on a.photoAlbumId = p.photoAlbumId where p.orgId = ${user.orgId} and p.urlPath = ${url}`
          .execute(db)
          .then((r) => r.rows)
      : [],
  ]);
  const depts = [...heads, ...attachments, ...photos].map((r) => r.deptId);
  if (depts.length && !depts.some((d) => user.dataDeptIds.includes(d)))
    throw new ApiFailure(Code.deptNotAllowed);
}
