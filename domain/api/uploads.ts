import { z } from 'zod';
import { packageFields } from './settings.js';

/** Spec 000 §7 "Uploads": multipart/form-data posts of one `file` with a few fields. */
export const UploadPaths = {
  /** Images (picRoute: 1 organisation … 6 safety check); answers imagePath and a small imageBase64. */
  image: '/pims/web-org/common/upload',
  video: '/pims/web-org/common/video/upload',
  /** Documents of an elder's archive. */
  document: '/pims/web-pi/file/stream',
  scale: '/bmms/web-bm/file/scale',
  homecare: '/homecare/web-api/upload/single',
} as const;

/**
 * Spec 000 §5: an upload component names the API it posts to — common, homecare or scale — and
 * reads the stored file's address from that API's answer.
 */
export const UploadApis = {
  common: { url: UploadPaths.image, pathField: 'imagePath' },
  homecare: { url: UploadPaths.homecare, pathField: 'fileRelateUrl' },
  scale: { url: UploadPaths.scale, pathField: 'urlPath' },
} as const;
export type UploadApiName = keyof typeof UploadApis;

/** The unknown-upload-api error: a component named an API that is none of the three. */
export const unknownUploadApiMessage = (name: string) =>
  `未知的上传接口：${name || '（空）'}，应为 ${Object.keys(UploadApis).join('、')} 之一`;

/** The upload API of a name, or an error naming the unknown one (spec 000 §5). */
export function uploadApiOf(
  name: string,
): { ok: true; url: string; pathField: string } | { ok: false; message: string } {
  return Object.hasOwn(UploadApis, name)
    ? { ok: true, ...UploadApis[name as UploadApiName] }
    : { ok: false, message: unknownUploadApiMessage(name) };
}

/**
 * The form fields a multipart upload carries besides its `file`. Fastify does not parse a multipart
 * body, so the route checks nothing here (the body it sees is empty); the upload reads the fields
 * with this schema itself (server/uploads.ts receiveUpload), and the API page documents them.
 */
export const uploadForm = <S extends z.ZodObject>(fields: S) => ({
  fields,
  body: z.object({}).meta({
    description: `multipart/form-data：file（文件）${Object.keys(fields.shape)
      .map((k) => `、${k}`)
      .join('')}`,
  }),
});

export const imageForm = uploadForm(z.object({ picRoute: z.coerce.number().int().min(1).max(6).default(1) }));
export const plainForm = uploadForm(z.object({}));
export const scaleForm = uploadForm(z.object({ sizeCut: z.string().max(8).optional() }));
export const homecareForm = uploadForm(z.object({ type: z.string().max(32).optional() }));
export const packageForm = uploadForm(packageFields);

export const imageAnswer = z.object({
  imagePath: z.string(),
  /** A data: URL for images up to 200 KB, else ''. */
  imageBase64: z.string(),
});
export const storedFileAnswer = z.object({
  urlPath: z.string(),
  fileName: z.string(),
  sourceFileName: z.string(),
  fileSizeB: z.number().int(),
});
export const homecareFileAnswer = z.object({ fileRelateUrl: z.string() });
