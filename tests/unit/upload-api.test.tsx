// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadApis, UploadPaths, uploadApiOf } from '../../domain/api/uploads.js';
import { type ModuleDef, registryProblems } from '../../domain/module.js';
import type { ResourceDef } from '../../domain/resource.js';
import { modules } from '../../features/modules.js';
import { AppProvider } from '../../src/app/AppContext.js';
import type { RequestConfig } from '../../src/app/request.js';
import { ImageUpload } from '../../src/resource/ImageUpload.js';

afterEach(cleanup);

describe('upload API names (spec 000 §5)', () => {
  it('common, homecare and scale post to their routes and read their answer’s address', () => {
    expect(uploadApiOf('common')).toEqual({ ok: true, url: UploadPaths.image, pathField: 'imagePath' });
    expect(uploadApiOf('homecare')).toEqual({
      ok: true,
      url: UploadPaths.homecare,
      pathField: 'fileRelateUrl',
    });
    expect(uploadApiOf('scale')).toEqual({ ok: true, url: UploadPaths.scale, pathField: 'urlPath' });
  });

  it.each(['oss', 'Common', '', 'toString', '__proto__', 'constructor'])(
    '%j is an unknown upload API',
    (name) => {
      const api = uploadApiOf(name);
      expect(api.ok).toBe(false);
      expect(api).toMatchObject({
        message: expect.stringMatching(/^未知的上传接口：.+，应为 common、homecare、scale 之一$/),
      });
    },
  );

  it('a module whose image field names an unknown upload API is refused with the registry', () => {
    const photo: ResourceDef = {
      name: 'testPhoto',
      title: '测试照片',
      table: 'test_photo',
      idField: 'photoId',
      nameField: 'title',
      fields: [
        { name: 'title', label: '标题', type: 'text' },
        { name: 'picture', label: '照片', type: 'image', uploadApi: 'oss' },
      ],
      columns: ['title'],
      defaultSort: { field: 'photoId', order: 'desc' },
      api: { list: '/test/photos' },
      authority: { view: 'test:photo' },
    };
    const bad: ModuleDef = { name: 'testPhotos', resources: [photo], items: [] };
    expect(registryProblems([...modules, bad])).toEqual([
      'testPhoto.picture: 未知的上传接口：oss，应为 common、homecare、scale 之一',
    ]);
    expect(registryProblems(modules)).toEqual([]);
  });
});

describe('ImageUpload', () => {
  const upload = (api: string | undefined) => {
    const calls: RequestConfig[] = [];
    const request = vi.fn(async (config: RequestConfig) => {
      calls.push(config);
      const answers: Record<string, unknown> = {
        [UploadApis.common.url]: { imagePath: '/files/images/a.png', imageBase64: '' },
        [UploadApis.homecare.url]: { fileRelateUrl: '/files/homecare/a.png' },
      };
      return answers[config.url];
    });
    const onChange = vi.fn();
    const onError = vi.fn();
    render(
      // biome-ignore lint/suspicious/noExplicitAny: the fake stands for the typed request of the app
      <AppProvider services={{ request: request as any, toast: { show: () => '' } as never }}>
        <ImageUpload id="pic" label="照片" value="" api={api} onChange={onChange} onError={onError} />
      </AppProvider>,
    );
    const input = document.getElementById('pic') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    return { calls, onChange, onError };
  };

  it('posts to the API it names and keeps the address that API answers', async () => {
    const home = upload('homecare');
    await waitFor(() => expect(home.onChange).toHaveBeenCalledWith('/files/homecare/a.png'));
    expect(home.calls.map((c) => c.url)).toEqual([UploadPaths.homecare]);
    cleanup();
    const common = upload(undefined);
    await waitFor(() => expect(common.onChange).toHaveBeenCalledWith('/files/images/a.png'));
    expect(common.calls.map((c) => c.url)).toEqual([UploadPaths.image]);
    expect(screen.getByRole('button', { name: '上传图片' })).toBeTruthy();
  });

  it('an unknown API is refused with its error and nothing is posted', () => {
    const bad = upload('oss');
    expect(bad.onError).toHaveBeenCalledWith('未知的上传接口：oss，应为 common、homecare、scale 之一');
    expect(bad.calls).toEqual([]);
    expect(bad.onChange).not.toHaveBeenCalled();
  });
});
