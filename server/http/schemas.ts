import { z } from 'zod';
import { fileAnswer } from './route.js';

/** A record id in a path: digits only, else 编号无效 (no record is read for a malformed one). */
export const recordId = z
  .string()
  .regex(/^\d{1,12}$/, '编号无效')
  .transform(Number);

/** `…/:id` */
export const idParams = z.object({ id: recordId });

/** Path parameters that are all record ids: `idsOf('oldmanId', 'templateId')`. */
export const idsOf = <K extends string>(...names: [K, ...K[]]) =>
  z.object(Object.fromEntries(names.map((n) => [n, recordId])) as Record<K, typeof recordId>);

/** A call that takes no query parameters (unknown ones are ignored). */
export const noQuery = z.object({});

/** A call whose body carries nothing (unknown fields are ignored). */
export const noBody = z.object({});

/** An answer without a result: `{ code: 0, msg: '成功', result: null }`. */
export const noResult = z.null();

/** A multipart/form-data upload: the file (and its fields) are read from the stream by the handler. */
export const uploadBody = z.object({}).meta({ description: 'multipart/form-data：file 与其字段' });

/** A spreadsheet the handler sends (an import template, an export). */
export const tableFile = fileAnswer(
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
);

/** A print view (a contract, a document) the handler sends. */
export const printPage = fileAnswer('text/html');
