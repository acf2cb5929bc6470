import type { ImportResult } from '../../domain/api/oldman.js';
import { Header } from '../../domain/http.js';
import { clientKey, encodeUserId } from '../../src/api/client.js';
import { storedUser } from '../../src/session/effects.js';

/** Spec 001 §9: the elder profile batch import waits up to 300000 ms. */
export const IMPORT_TIMEOUT_MS = 300_000;

export type ImportMode = 'check' | 'all' | 'valid';

/**
 * Posts the file with XMLHttpRequest (fetch reports no upload progress) and the session headers;
 * `onProgress` gets 0…1 while the file goes up, then null while the server checks the rows.
 */
export function uploadImport(
  url: string,
  file: File,
  mode: ImportMode,
  onProgress: (fraction: number | null) => void,
): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    const user = storedUser();
    xhr.setRequestHeader(Header.clientKey, clientKey());
    if (user?.token) xhr.setRequestHeader(Header.token, user.token);
    if (user?.userId != null) xhr.setRequestHeader(Header.userId, encodeUserId(user.userId));
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.upload.onload = () => onProgress(null);
    xhr.onload = () => {
      type Answer = { code?: number; msg?: string; result?: ImportResult };
      let answer: Answer | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // not JSON: reported below
      }
      if (answer?.code === 0 && answer.result) resolve(answer.result);
      else reject({ code: answer?.code ?? xhr.status, message: answer?.msg ?? `导入失败#${xhr.status}` });
    };
    xhr.onerror = () => reject({ code: 0, message: '网络异常，导入未完成' });
    xhr.ontimeout = () => reject({ code: 0, message: '导入超时（300秒），请减少每次导入的条数' });
    const form = new FormData();
    // The mode goes before the file: the server reads the fields that precede the file part.
    form.append('mode', mode);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
