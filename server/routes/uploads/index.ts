import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { packageParams, packageSaved } from '../../../domain/api/settings.js';
import { PackagePaths } from '../../../domain/api/settingsPaths.js';
import {
  homecareFileAnswer,
  homecareForm,
  imageAnswer,
  imageForm,
  packageForm,
  plainForm,
  scaleForm,
  storedFileAnswer,
  UploadPaths,
  type uploadForm,
} from '../../../domain/api/uploads.js';
import { nowStamp } from '../../../domain/clock.js';
import { Code } from '../../../domain/codes.js';
import { Authority } from '../../../domain/menus.js';
import { GovernmentPaths } from '../../../features/government/api.js';
import type { Db } from '../../db/index.js';
import { ApiFailure } from '../../http/failure.js';
import { type AnyRoute, route } from '../../http/route.js';
import { noResult } from '../../http/schemas.js';
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
/** Photos of an inspection's problems and their rectification (spec 001 §7 "Government inspection"). */
const INSPECTION_PHOTO: UploadRule = { ...IMAGE, label: '照片', folder: 'inspections' };
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
    form: ReturnType<typeof uploadForm>,
    response: z.ZodType,
    answer: (file: StoredUpload) => Promise<unknown> | unknown,
  ) =>
    route({
      method: 'POST',
      url,
      auth: 'session',
      body: form.body,
      response,
      log: { type: 'UPLOAD', name: '上传文件' },
      async handler({ db, user, req, services, describe }) {
        const { file } = await receiveUpload(req, services.dataDir, rule, form.fields);
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
  const stored = (f: StoredUpload) => ({
    urlPath: f.urlPath,
    fileName: f.fileName,
    sourceFileName: f.sourceFileName,
    fileSizeB: f.fileSizeB,
  });
  return [
    upload(UploadPaths.image, IMAGE, imageForm, imageAnswer, async (f) => ({
      imagePath: f.urlPath,
      imageBase64:
        f.fileSizeB <= BASE64_LIMIT
          ? `data:${f.mime};base64,${(await readFile(f.absolutePath)).toString('base64')}`
          : '',
    })),
    upload(UploadPaths.video, VIDEO, plainForm, storedFileAnswer, stored),
    upload(UploadPaths.document, DOCUMENT, plainForm, storedFileAnswer, stored),
    upload(UploadPaths.scale, DOCUMENT, scaleForm, storedFileAnswer, stored),
    upload(GovernmentPaths.file, INSPECTION_PHOTO, plainForm, storedFileAnswer, stored),
    upload(UploadPaths.homecare, DOCUMENT, homecareForm, homecareFileAnswer, (f) => ({
      fileRelateUrl: f.urlPath,
    })),
    route({
      method: 'POST',
      url: PackagePaths.list,
      auth: Authority.installPackageAdd,
      body: packageForm.body,
      response: packageSaved,
      log: { type: 'ADD', name: '新增安装包' },
      async handler({ db, user, req, services, describe }) {
        const { file, fields } = await receiveUpload(req, services.dataDir, PACKAGE, packageForm.fields);
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
      url: PackagePaths.one,
      auth: Authority.installPackageDelete,
      params: packageParams,
      response: noResult,
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
