import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code } from '../domain/codes.js';
import { ApiFailure } from './http/failure.js';
import { cleanText } from './http/sanitize.js';

/**
 * File kinds we accept, by extension: the first bytes each must start with (null: any) and the
 * content type it is stored and served as (never the type the client declared).
 */
const KINDS: Record<string, { mime: string; magic: number[][] | null }> = {
  jpg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  png: { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47]] },
  gif: { mime: 'image/gif', magic: [[0x47, 0x49, 0x46, 0x38]] },
  bmp: { mime: 'image/bmp', magic: [[0x42, 0x4d]] },
  webp: { mime: 'image/webp', magic: [[0x52, 0x49, 0x46, 0x46]] },
  pdf: { mime: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46]] },
  zip: { mime: 'application/zip', magic: [[0x50, 0x4b, 0x03, 0x04]] },
  apk: { mime: 'application/vnd.android.package-archive', magic: [[0x50, 0x4b, 0x03, 0x04]] },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: [[0x50, 0x4b, 0x03, 0x04]],
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: [[0x50, 0x4b, 0x03, 0x04]],
  },
  doc: { mime: 'application/msword', magic: [[0xd0, 0xcf, 0x11, 0xe0]] },
  xls: { mime: 'application/vnd.ms-excel', magic: [[0xd0, 0xcf, 0x11, 0xe0]] },
  mp4: { mime: 'video/mp4', magic: null },
  webm: { mime: 'video/webm', magic: [[0x1a, 0x45, 0xdf, 0xa3]] },
  bin: { mime: 'application/octet-stream', magic: null },
  hex: { mime: 'application/octet-stream', magic: null },
  csv: { mime: 'text/csv; charset=utf-8', magic: null },
  txt: { mime: 'text/plain; charset=utf-8', magic: null },
};

/** The content type a stored file is served as, from its extension; unknown kinds are plain bytes. */
export const contentTypeOf = (path: string): string =>
  KINDS[extname(path).slice(1).toLowerCase()]?.mime ?? 'application/octet-stream';

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
  /** From the extension whose first bytes were checked, not the client's declared type. */
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
  const kept = await keepPart(part.file, part.filename, ext, dir, rule);
  try {
    return { file: await settle(kept), fields: parsed.data };
  } catch (error) {
    await rm(kept.temp, { force: true });
    throw error;
  }
}

/** A file part written to a temporary name and checked (size, emptiness, first bytes). */
interface KeptPart {
  temp: string;
  file: StoredUpload;
}

/** Writes one part under a temporary name and checks it; a refused part leaves nothing on disk. */
async function keepPart(
  stream: Readable & { truncated?: boolean },
  sourceName: string,
  ext: string,
  dir: string,
  rule: UploadRule,
): Promise<KeptPart> {
  const fileName = `${Date.now()}${randomBytes(8).toString('hex')}.${ext}`;
  const temp = join(dir, `.${fileName}.part`);
  try {
    await pipeline(stream, createWriteStream(temp));
    if (stream.truncated)
      throw new ApiFailure(Code.uploadRejected, `上传${rule.label}大小不能超过 ${mb(rule.maxBytes)}MB`);
    const head = Buffer.alloc(8);
    const handle = await open(temp, 'r');
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    const { size } = await handle.stat();
    await handle.close();
    if (size === 0) throw new ApiFailure(Code.uploadRejected, '上传文件为空');
    const signatures = KINDS[ext]?.magic;
    if (
      signatures &&
      !signatures.some((sig) => bytesRead >= sig.length && sig.every((b, i) => head[i] === b))
    ) {
      throw new ApiFailure(Code.uploadRejected, '文件内容与扩展名不符');
    }
    const relPath = `${rule.folder}/${fileName}`;
    const file: StoredUpload = {
      fileName,
      sourceFileName: cleanText(sourceName),
      relPath,
      urlPath: `/files/${relPath}`,
      fileSizeB: size,
      mime: contentTypeOf(fileName),
      absolutePath: join(dir, fileName),
    };
    return { temp, file };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Gives a checked part its final name. */
async function settle(kept: KeptPart): Promise<StoredUpload> {
  await rename(kept.temp, kept.file.absolutePath);
  return kept.file;
}

/**
 * Reads a multipart request of several files (its fields first): all of them are stored or none.
 * Each file is checked as `receiveUpload` checks one; the first refused file refuses the request
 * with its name in the message, and every file written so far is removed.
 */
export async function receiveUploads<S extends z.ZodType>(
  req: FastifyRequest,
  dataDir: string,
  rule: UploadRule,
  fields: S,
  maxFiles: number,
  /** Checks the fields before the first file is written (the album exists and is the user's). */
  accept: (fields: z.output<S>) => Promise<void> = async () => {},
): Promise<{ files: StoredUpload[]; fields: z.output<S> }> {
  if (!req.isMultipart()) throw new ApiFailure(Code.uploadRejected, '请以 multipart/form-data 上传文件');
  const dir = join(dataDir, 'files', rule.folder);
  await mkdir(dir, { recursive: true });
  const values: Record<string, unknown> = {};
  let parsed: z.output<S> | undefined;
  const kept: KeptPart[] = [];
  try {
    for await (const part of req.parts({ limits: { fileSize: rule.maxBytes, files: maxFiles + 1 } })) {
      if (part.type === 'field') {
        values[part.fieldname] = part.value;
        continue;
      }
      if (parsed === undefined) {
        const result = fields.safeParse(values);
        if (!result.success) {
          part.file.resume();
          throw result.error;
        }
        parsed = result.data;
        try {
          await accept(result.data);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      const name = cleanText(part.filename);
      if (kept.length >= maxFiles) {
        part.file.resume();
        throw new ApiFailure(Code.uploadRejected, `一次最多上传${maxFiles}个文件`);
      }
      const ext = extname(part.filename).slice(1).toLowerCase();
      if (!rule.extensions.includes(ext)) {
        part.file.resume();
        throw new ApiFailure(
          Code.uploadRejected,
          `“${name}”：上传${rule.label}要求是 ${rule.extensions.join('/')} 格式`,
        );
      }
      try {
        kept.push(await keepPart(part.file, part.filename, ext, dir, rule));
      } catch (error) {
        if (error instanceof ApiFailure) throw new ApiFailure(error.code, `“${name}”：${error.message}`);
        throw error;
      }
    }
    if (!kept.length) throw new ApiFailure(Code.uploadRejected, '请选择要上传的文件');
    if (parsed === undefined) throw new ApiFailure(Code.uploadRejected, '请选择要上传的文件');
    const files: StoredUpload[] = [];
    for (const k of kept) files.push(await settle(k));
    return { files, fields: parsed };
  } catch (error) {
    await Promise.all(
      kept.flatMap((k) => [rm(k.temp, { force: true }), rm(k.file.absolutePath, { force: true })]),
    );
    throw error;
  }
}

/** Removes a stored file when the database write that should record it failed. */
export const discardUpload = (file: StoredUpload) => rm(file.absolutePath, { force: true });
