import { describe, expect, it } from 'vitest';
import { crudAuthority, restApi } from '../../domain/resource.js';

describe('a resource written once: restApi and crudAuthority', () => {
  it('gives the spec usual REST shape from its base path', () => {
    expect(restApi('/pims/web-org/tools')).toEqual({
      list: '/pims/web-org/tools',
      get: '/pims/web-org/tools/:id',
      create: '/pims/web-org/tools',
      update: '/pims/web-org/tools',
      remove: '/pims/web-org/tools/:id',
    });
    expect(restApi('/x/a', { get: false, remove: 'ids' })).toEqual({
      list: '/x/a',
      create: '/x/a',
      update: '/x/a',
      remove: '/x/a/:ids',
    });
    expect(restApi('/x/a', { create: false, update: false, remove: false })).toEqual({
      list: '/x/a',
      get: '/x/a/:id',
    });
  });

  it('gives a list screen and its 新增/编辑/删除 buttons their codes', () => {
    expect(crudAuthority('tools')).toEqual({
      view: 'tools',
      create: 'tools:add',
      update: 'tools:edit',
      remove: 'tools:delete',
    });
  });
});
