import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../domain/codes.js';
import { ApiFailure } from './http/failure.js';

/** File kinds we accept, by extension, with the first bytes each must start with (null: any). */
const MAGIC: Record<string, number[][] | null> = {
  jpg: [[0xff, 0xd8, 0xff]],
  jpeg: [[0xff, 0xd8, 0xff]],
  png: [[0x89, 0x50, 0x4e, 0x47]],
  gif: [[0x47, 0x49, 0x46, 0x38]],
  bmp: [[0x42, 0x4d]],
  webp: [[0x52, 0x49, 0x46, 0x46]],
  pdf: [[0x25, 0x50, 0x44, 0x46]],
  zip: [[0x50, 0x4b, 0x03, 0x04]],
  apk: [[0x50, 0x4b, 0x03, 0x04]],
  xlsx: [[0x50, 0x4b, 0x03, 0x04]],
  docx: [[0x50, 0x4b, 0x03, 0x04]],
  doc: [[0xd0, 0xcf, 0x11, 0xe0]],
  xls: [[0xd0, 0xcf, 0x11, 0xe0]],
  mp4: null,
  webm: [[0x1a, 0x45, 0xdf, 0xa3]],
  bin: null,
  hex: null,
  csv: null,
  txt: null,
};

export interface UploadRule {
  /** What the messages call the file (spec 000 §5: 上传头像图片要求是 {formats} 格式). */
  label: string;
  folder: string;
  extensions: string[];
  maxBytes: number;
}
export interface StoredUpload {
  fileName: string;
  sourceFileName: string;
  relPath: string;
  urlPath: string;
  fileSizeB: number;
  mime: string;
  absolutePath: string;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Reads one multipart file with its fields, checks the fields, the extension, the size and the
 * first bytes, and stores it under DATA_DIR/files/<folder>/ with a random name. A refused upload
 * leaves nothing on disk.
 */
export async function receiveUpload<S extends z.ZodType>(
  req: FastifyRequest,
  dataDir: string,
  rule: UploadRule,
  fields: S,
): Promise<{ file: StoredUpload; fields: z.output<S> }> {
  if (!req.isMultipart()) throw new ApiFailure(Code.uploadRejected, '请以 multipart/form-data 上传文件');
  const part = await req.file({ limits: { fileSize: rule.maxBytes } });
  if (!part) throw new ApiFailure(Code.uploadRejected, '请选择要上传的文件');
  const values = Object.fromEntries(
    Object.entries(part.fields)
      .filter(([name, f]) => name !== part.fieldname && f && typeof f === 'object' && 'value' in f)
      .map(([name, f]) => [name, (f as { value: unknown }).value]),
  );
  const ext = extname(part.filename).slice(1).toLowerCase();
  if (!rule.extensions.includes(ext)) {
    part.file.resume();
    throw new ApiFailure(Code.uploadRejected, `上传${rule.label}要求是 ${rule.extensions.join('/')} 格式`);
  }
  const parsed = fields.safeParse(values);
  if (!parsed.success) {
    part.file.resume();
    throw parsed.error;
  }
  const dir = join(dataDir, 'files', rule.folder);
  await mkdir(dir, { recursive: true });
  const fileName = `${Date.now()}${randomBytes(8).toString('hex')}.${ext}`;
  const temp = join(dir, `.${fileName}.part`);
  const finalPath = join(dir, fileName);
  try {
    await pipeline(part.file, createWriteStream(temp));
    if (part.file.truncated)
      throw new ApiFailure(Code.uploadRejected, `上传${rule.label}大小不能超过 ${mb(rule.maxBytes)}MB`);
    const head = Buffer.alloc(8);
    const handle = await open(temp, 'r');
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    const { size } = await handle.stat();
    await handle.close();
    if (size === 0) throw new ApiFailure(Code.uploadRejected, '上传文件为空');
    const signatures = MAGIC[ext];
    if (
      signatures &&
      !signatures.some((sig) => bytesRead >= sig.length && sig.every((b, i) => head[i] === b))
    ) {
      throw new ApiFailure(Code.uploadRejected, '文件内容与扩展名不符');
    }
    await rename(temp, finalPath);
    const relPath = `${rule.folder}/${fileName}`;
    return {
      file: {
        fileName,
        sourceFileName: part.filename,
        relPath,
        urlPath: `/files/${relPath}`,
        fileSizeB: size,
        mime: part.mimetype,
        absolutePath: finalPath,
      },
      fields: parsed.data,
    };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Removes a stored file when the database write that should record it failed. */
export const discardUpload = (file: StoredUpload) => rm(file.absolutePath, { force: true });
