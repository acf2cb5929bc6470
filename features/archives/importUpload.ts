import type { ImportResult } from '../../domain/api/oldman.js';
import { postWithProgress } from '../../src/api/transfer.js';

/** Spec 001 §9: the elder profile batch import waits up to 300000 ms. */
export const IMPORT_TIMEOUT_MS = 300_000;

export type ImportMode = 'check' | 'all' | 'valid';

/**
 * Posts the file with its upload progress (src/api/transfer.ts): `onProgress` gets 0…1 while the file goes up, then null while the server checks the rows.
 */
export function uploadImport(
  url: string,
  file: File,
  mode: ImportMode,
  onProgress: (fraction: number | null) => void,
): Promise<ImportResult> {
  const form = new FormData();
  // The mode goes before the file: the server reads the fields that precede the file part.
  form.append('mode', mode);
  form.append('file', file, file.name);
  return postWithProgress<ImportResult>(url, form, {
    timeout: IMPORT_TIMEOUT_MS,
    onProgress,
    timeoutText: '导入超时（300秒），请减少每次导入的条数',
  });
}
