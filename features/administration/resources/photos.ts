import { type MenuNode, screen } from '../../../domain/module.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { PhotoAuthority as A } from '../api/photos.js';
import { photoAlbumResource, photoInfoResource } from './photoAlbums.js';

/** The photo albums of 行政管理 (spec 001 §2 photo, photoDetail; §7 "Photos"). */
export const photoResources: readonly ResourceDef[] = [photoAlbumResource, photoInfoResource];
export const photoItems: readonly MenuNode[] = [
  screen(S.photo, '相册', {
    code: A.photo,
    view: 'photos.Albums',
    buttons: [
      { code: A.add, menuName: '新增相册' },
      { code: A.edit, menuName: '编辑相册' },
      { code: A.remove, menuName: '删除相册' },
      { code: A.upload, menuName: '上传照片' },
      { code: A.removePhoto, menuName: '删除照片' },
      { code: A.download, menuName: '下载照片' },
    ],
  }),
  screen(S.photoDetail, '相册详情', { tab: false, view: 'photos.AlbumDetail', authority: A.photo }),
];
