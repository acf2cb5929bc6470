import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import type { Db } from '../../db/index.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { discardUpload, receiveUpload, type StoredUpload, type UploadRule } from '../../uploads.js';

const IMAGE: UploadRule = {
  label: '头像图片',
  folder: 'images',
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  maxBytes: 10 * 1024 * 1024,
};
const VIDEO: UploadRule = {
  label: '视频',
  folder: 'videos',
  extensions: ['mp4', 'webm'],
  maxBytes: 200 * 1024 * 1024,
};
const DOCUMENT: UploadRule = {
  label: '文件',
  folder: 'documents',
  extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'txt', 'jpg', 'jpeg', 'png'],
  maxBytes: 20 * 1024 * 1024,
};
const PACKAGE: UploadRule = {
  label: '安装包',
  folder: 'packages',
  extensions: ['apk', 'zip', 'bin', 'hex'],
  maxBytes: 200 * 1024 * 1024,
};
const BASE64_LIMIT = 200 * 1024;

async function record(db: Db, orgId: number, file: StoredUpload) {
  await db
    .insertInto('storedFile')
    .values({
      orgId,
      fileName: file.fileName,
      sourceFileName: file.sourceFileName,
      relPath: file.relPath,
      mime: file.mime,
      fileSizeB: file.fileSizeB,
      createdAt: new Date().toISOString(),
    })
    .execute();
}

/** Upload calls of spec 000 §7 "Uploads". Each stores the file, then records it; a failed record removes the file. */
export function uploadRoutes(): AnyRoute[] {
  const upload = (
    url: string,
    rule: UploadRule,
    fields: z.ZodType,
    answer: (file: StoredUpload) => Promise<unknown> | unknown,
  ) =>
    route({
      method: 'POST',
      url,
      auth: 'session',
      log: { type: 'UPLOAD', name: '上传文件' },
      async handler({ db, user, req, services, describe }) {
        const { file } = await receiveUpload(req, services.dataDir, rule, fields);
        try {
          await record(db, user.orgId, file);
          describe(`上传文件：${file.sourceFileName}`);
          return await answer(file);
        } catch (error) {
          await discardUpload(file);
          throw error;
        }
      },
    });
  return [
    upload(
      '/pims/web-org/common/upload',
      IMAGE,
      z.object({ picRoute: z.coerce.number().int().min(1).max(6).default(1) }),
      async (f) => ({
        imagePath: f.urlPath,
        imageBase64:
          f.fileSizeB <= BASE64_LIMIT
            ? `data:${f.mime};base64,${(await readFile(f.absolutePath)).toString('base64')}`
            : '',
      }),
    ),
    upload('/pims/web-org/common/video/upload', VIDEO, z.object({}), (f) => ({
      urlPath: f.urlPath,
      fileName: f.fileName,
      sourceFileName: f.sourceFileName,
      fileSizeB: f.fileSizeB,
    })),
    upload('/pims/web-pi/file/stream', DOCUMENT, z.object({}), (f) => ({
      urlPath: f.urlPath,
      fileName: f.fileName,
      sourceFileName: f.sourceFileName,
      fileSizeB: f.fileSizeB,
    })),
    upload('/bmms/web-bm/file/scale', DOCUMENT, z.object({ sizeCut: z.string().max(8).optional() }), (f) => ({
      fileName: f.fileName,
      fileSizeB: f.fileSizeB,
      sourceFileName: f.sourceFileName,
      urlPath: f.urlPath,
    })),
    upload(
      '/homecare/web-api/upload/single',
      DOCUMENT,
      z.object({ type: z.string().max(32).optional() }),
      (f) => ({ fileRelateUrl: f.urlPath }),
    ),
    route({
      method: 'POST',
      url: '/tdms/web-td/device/package',
      auth: Authority.installPackageAdd,
      log: { type: 'ADD', name: '新增安装包' },
      async handler({ db, user, req, services, describe }) {
        const { file, fields } = await receiveUpload(
          req,
          services.dataDir,
          PACKAGE,
          z.object({
            packageName: z.string().trim().min(1, '请输入安装包名称').max(64),
            version: z.string().trim().min(1, '请输入版本号').max(32),
            deviceType: z.string().trim().min(1, '请选择设备类型').max(32),
            remark: z.string().max(200).default(''),
          }),
        );
        try {
          const { packageId } = await db
            .insertInto('installPackage')
            .values({
              orgId: user.orgId,
              ...fields,
              fileName: file.sourceFileName,
              urlPath: file.urlPath,
              fileSizeB: file.fileSizeB,
              createTime: nowStamp(),
            })
            .returning('packageId')
            .executeTakeFirstOrThrow();
          describe(`新增安装包：${fields.packageName} ${fields.version}`);
          return { packageId };
        } catch (error) {
          await discardUpload(file);
          throw error;
        }
      },
    }),
    route({
      method: 'DELETE',
      url: '/tdms/web-td/device/package/:packageId',
      auth: Authority.installPackageDelete,
      params: z.object({ packageId: z.coerce.number().int().positive() }),
      log: { type: 'DELETE', name: '删除安装包' },
      async handler({ db, user, params, services, describe, afterCommit }) {
        const row = await db
          .selectFrom('installPackage')
          .selectAll()
          .where('packageId', '=', params.packageId)
          .where('orgId', '=', user.orgId)
          .executeTakeFirst();
        if (!row) throw new ApiFailure(Code.notFound, '安装包不存在');
        await db.deleteFrom('installPackage').where('packageId', '=', params.packageId).execute();
        describe(`删除安装包：${row.packageName}`);
        const rel = row.urlPath.replace(/^\/files\//, '');
        afterCommit(() =>
          discardUpload({ absolutePath: `${services.dataDir}/files/${rel}` } as StoredUpload),
        );
        return null;
      },
    }),
  ];
}
