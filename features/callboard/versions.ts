import { pathWith } from '../../domain/api/path.js';
import { VersionPaths } from '../../domain/api/settingsPaths.js';
import type { Request } from '../../src/app/request.js';

/** Spec 000 §7 "Startup and config": a version note (the list is versionRecordResource's). */
export interface VersionRecord {
  recordId: number;
  version: string;
  content: string;
  publishTime: string;
  /** 1 when the signed-in user has read it (list only). */
  isRead?: number;
}

/** The first line of a note, cut to `max` characters, for its row in the list. */
export function contentPreview(content: string, max = 60): string {
  const first = content.trim().split(/\r?\n/)[0] ?? '';
  return first.length > max ? `${first.slice(0, max)}…` : first;
}

export const publishDate = (iso: string) =>
  Number.isNaN(Date.parse(iso)) ? iso : new Date(iso).toLocaleDateString('zh-CN');

/**
 * The note to pop up after sign-in, or null: isShow names the newest unread note, then
 * isShow/{recordId} says whether it pops up for this user (features/system/server/misc.ts).
 */
export async function noticeToShow(request: Request): Promise<VersionRecord | null> {
  const newest = await request<{ isShow: boolean; record: VersionRecord | null }>({
    url: VersionPaths.newest,
    silent: true,
  });
  if (!newest.isShow || !newest.record) return null;
  const pops = await request<boolean>({
    url: pathWith(VersionPaths.popsUp, { recordId: newest.record.recordId }),
    silent: true,
  });
  return pops ? newest.record : null;
}

/** Marks a note read for the signed-in user. */
export const markRead = (request: Request, recordId: number) =>
  request<null>({ url: pathWith(VersionPaths.read, { recordId }), method: 'PUT', silent: true });
