import { z } from 'zod';

/**
 * 相册 (spec 001 §7 "Photos", /pims/web-pi/photo/album): albums, their photos, the cover, a
 * multi-file upload and a zip download (docs/decisions.md "Administration: photo albums").
 */
const ALBUM = '/pims/web-pi/photo/album';
export const PhotoPaths = {
  albums: ALBUM,
  album: `${ALBUM}/:id`,
  /** PUT: the album's cover; DELETE: photos of the album (with their files). */
  photoInfo: `${ALBUM}/photoInfo`,
  /** GET: the photos of one album (the detail screen's grid). */
  photos: `${ALBUM}/photoInfo/list`,
  upload: `${ALBUM}/uploadPhotoFiles`,
  download: `${ALBUM}/downloadPhoto`,
} as const;

export const PhotoAuthority = {
  photo: 'administration:photo',
  add: 'administration:photo:add',
  edit: 'administration:photo:edit',
  remove: 'administration:photo:delete',
  upload: 'administration:photo:upload',
  removePhoto: 'administration:photo:deletePhoto',
  download: 'administration:photo:download',
} as const;

/** Spec 001 §9: upload, download and delete of photos wait up to 300000 ms. */
export const PHOTO_TIMEOUT_MS = 300_000;

/** What one upload request takes: images only, each at most 10 MB, at most 20 files. */
export const PhotoLimits = {
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'],
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 20,
} as const;

export const photoRow = z.object({
  photoId: z.number().int(),
  photoAlbumId: z.number().int(),
  sourceFileName: z.string(),
  urlPath: z.string(),
  fileSizeB: z.number().int(),
  createTime: z.string(),
});
export type Photo = z.infer<typeof photoRow>;

export const photosQuery = z.object({
  photoAlbumId: z.coerce.number({ error: '请选择相册' }).int().positive('请选择相册'),
});
export const photosAnswer = z.array(photoRow);

/** Ids in a body or query: an array, or comma-separated text (what the client sends in a query). */
const photoIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z
    .array(z.coerce.number().int().positive('照片编号无效'), { error: '请选择照片' })
    .min(1, '请选择照片')
    .max(500, '一次最多选择500张照片'),
);

export const coverBody = z.object({
  photoAlbumId: z.coerce.number({ error: '请选择相册' }).int().positive('请选择相册'),
  photoId: z.coerce.number({ error: '请选择照片' }).int().positive('请选择照片'),
});
export const removePhotosQuery = z.object({
  photoAlbumId: z.coerce.number({ error: '请选择相册' }).int().positive('请选择相册'),
  photoIds,
});
export const removePhotosAnswer = z.object({ deleted: z.number().int() });

/** No photoIds: the whole album. */
export const downloadBody = z.object({
  photoAlbumId: z.coerce.number({ error: '请选择相册' }).int().positive('请选择相册'),
  photoIds: photoIds.optional(),
});

/** The fields of the upload form (before its files). */
export const uploadFields = z.object({
  photoAlbumId: z.coerce.number({ error: '请选择相册' }).int().positive('请选择相册'),
});
export const uploadAnswer = z.object({ photos: photosAnswer });
