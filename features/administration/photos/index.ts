import { type ViewLoaders, view } from '../../../src/router/views.js';

/** 行政管理 › 相册 (features/administration/resources/photos.ts): the albums and one album's photos. */
export const photoViews: ViewLoaders = {
  'photos.Albums': view(() => import('./Albums.js'), 'Albums'),
  'photos.AlbumDetail': view(() => import('./AlbumDetail.js'), 'AlbumDetail'),
};
