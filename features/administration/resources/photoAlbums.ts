import type { ResourceDef } from '../../../domain/resource.js';
import { PhotoAuthority as A, PhotoPaths as P } from '../api/photos.js';

/** 相册: a named album of a department; its cover and count are the server's. */
export const photoAlbumResource: ResourceDef = {
  name: 'photoAlbum',
  title: '相册',
  table: 'photoAlbum',
  idField: 'photoAlbumId',
  nameField: 'albumName',
  fields: [
    { name: 'albumName', label: '相册名称', type: 'text', required: true, unique: true, maxLength: 30 },
    { name: 'deptId', label: '所属部门', type: 'ref', ref: 'dept', required: true },
    { name: 'description', label: '相册描述', type: 'textarea', maxLength: 200, wide: true },
    { name: 'coverPhotoId', label: '封面照片', type: 'int', readOnly: true, hidden: true },
    { name: 'coverUrl', label: '封面', type: 'image', computed: true },
    { name: 'photoCount', label: '照片数', type: 'int', computed: true },
    { name: 'creatorName', label: '创建人', type: 'text', computed: true },
  ],
  columns: ['coverUrl', 'albumName', 'deptId', 'photoCount', 'description', 'creatorName', 'createTime'],
  filters: [
    { field: 'albumName', kind: 'like' },
    { field: 'deptId', kind: 'eq' },
  ],
  defaultSort: { field: 'photoAlbumId', order: 'desc' },
  sortable: ['albumName'],
  api: { list: P.albums, get: P.album, create: P.albums, update: P.albums, remove: P.album },
  authority: { view: A.photo, create: A.add, update: A.edit, remove: A.remove },
  deptScoped: true,
};

/** One photo of an album: its stored file (server/uploads.ts) and the name it was uploaded with. */
export const photoInfoResource: ResourceDef = {
  name: 'photoInfo',
  title: '照片',
  table: 'photoInfo',
  idField: 'photoId',
  nameField: 'sourceFileName',
  fields: [
    { name: 'photoAlbumId', label: '相册', type: 'int', required: true },
    { name: 'sourceFileName', label: '文件名', type: 'text', required: true, maxLength: 200 },
    { name: 'relPath', label: '存储位置', type: 'text', required: true, maxLength: 200 },
    { name: 'urlPath', label: '地址', type: 'text', required: true, maxLength: 200 },
    { name: 'fileSizeB', label: '大小', type: 'int', required: true },
  ],
  columns: ['sourceFileName', 'fileSizeB', 'createTime'],
  defaultSort: { field: 'photoAlbumId', order: 'desc' },
  api: {},
  authority: { view: A.photo },
};
