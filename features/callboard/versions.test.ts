import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../src/app/request.js';
import { contentPreview, noticeToShow, type VersionRecord } from './versions.js';

const note = (recordId: number, isRead = 0): VersionRecord => ({
  recordId,
  version: `V1.${recordId}.0`,
  content: '新增：个人信息\n修复：若干问题',
  publishTime: '2026-11-01T08:00:00.000Z',
  isRead,
});

/** A request that answers by URL and records what was asked. */
function fakeRequest(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const request = async <T>(config: RequestConfig): Promise<T> => {
    asked.push(`${config.method ?? 'GET'} ${config.url}`);
    if (!(config.url in answers)) throw new Error(`unexpected ${config.url}`);
    return answers[config.url] as T;
  };
  return { request, asked };
}

describe('version list', () => {
  it('previews the first line, cut to length', () => {
    expect(contentPreview(note(1).content)).toBe('新增：个人信息');
    expect(contentPreview('一'.repeat(70), 60)).toBe(`${'一'.repeat(60)}…`);
  });
});

describe('version notice after sign-in', () => {
  it('shows the newest unread note when the server says it pops up', async () => {
    const { request, asked } = fakeRequest({
      '/pims/web-org/versionRecord/isShow': { isShow: true, record: note(4) },
      '/pims/web-org/versionRecord/isShow/4': true,
    });
    expect(await noticeToShow(request)).toMatchObject({ recordId: 4 });
    expect(asked).toEqual([
      'GET /pims/web-org/versionRecord/isShow',
      'GET /pims/web-org/versionRecord/isShow/4',
    ]);
  });
  it('shows nothing when all is read or the note does not pop up for this user', async () => {
    const read = fakeRequest({ '/pims/web-org/versionRecord/isShow': { isShow: false, record: note(4) } });
    expect(await noticeToShow(read.request)).toBeNull();
    expect(read.asked).toHaveLength(1);
    const old = fakeRequest({
      '/pims/web-org/versionRecord/isShow': { isShow: true, record: note(1) },
      '/pims/web-org/versionRecord/isShow/1': false,
    });
    expect(await noticeToShow(old.request)).toBeNull();
  });
});
