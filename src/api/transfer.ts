import { Header } from '../../domain/http.js';
import { storedUser } from '../session/effects.js';
import { clientKey, encodeUserId } from './client.js';

/** A refused or failed transfer: the server's code and Chinese message. */
export interface TransferError {
  code: number;
  message: string;
}

export interface TransferOptions {
  /** Milliseconds before the transfer is given up (spec 001 §9: uploads and downloads of photos 300000). */
  timeout: number;
  /** 0…1 while bytes move; null while the other side works (the server checking the files). */
  onProgress?(fraction: number | null): void;
  /** What a timed-out transfer says. */
  timeoutText: string;
}

/** The headers every call of the signed-in console carries (spec 000 §7 "General"). */
export function sessionHeaders(): Record<string, string> {
  const user = storedUser();
  const headers: Record<string, string> = { [Header.clientKey]: clientKey() };
  if (user?.token) headers[Header.token] = user.token;
  if (user?.userId != null) headers[Header.userId] = encodeUserId(user.userId);
  return headers;
}

/**
 * Posts a multipart form with XMLHttpRequest (fetch reports no upload progress) and the session's
 * headers, and answers the envelope's result; a refusal rejects with the server's code and message.
 */
export function postWithProgress<T>(url: string, form: FormData, options: TransferOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = options.timeout;
    for (const [name, value] of Object.entries(sessionHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => options.onProgress?.(e.lengthComputable ? e.loaded / e.total : null);
    xhr.upload.onload = () => options.onProgress?.(null);
    xhr.onload = () => {
      type Answer = { code?: number; msg?: string; result?: T };
      let answer: Answer | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Answer;
      } catch {
        // not JSON: reported below
      }
      if (answer?.code === 0) resolve(answer.result as T);
      else reject({ code: answer?.code ?? xhr.status, message: answer?.msg ?? `上传失败#${xhr.status}` });
    };
    xhr.onerror = () => reject({ code: 0, message: '网络异常，上传未完成' });
    xhr.ontimeout = () => reject({ code: 408, message: options.timeoutText });
    xhr.send(form);
  });
}

/** Saves bytes under a name through an object URL (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** `filename*=UTF-8''…` (RFC 6266) first, then a plain `filename="…"`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * POSTs JSON and saves the file the server answers (a zip), reporting progress from its length;
 * a JSON answer is a refusal and rejects with its message.
 */
export async function downloadPosted(
  url: string,
  body: unknown,
  fallbackName: string,
  options: TransferOptions,
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { ...sessionHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const answer = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
      throw { code: answer?.code ?? response.status, message: answer?.msg ?? `下载失败#${response.status}` };
    }
    const total = Number(response.headers.get('content-length')) || 0;
    const parts: Uint8Array[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    if (reader)
      for (let step = await reader.read(); !step.done; step = await reader.read()) {
        parts.push(step.value);
        received += step.value.length;
        options.onProgress?.(total ? received / total : null);
      }
    saveBlob(
      new Blob(parts as BlobPart[], { type }),
      attachmentName(response.headers.get('content-disposition'), fallbackName),
    );
  } catch (error) {
    if (controller.signal.aborted) throw { code: 408, message: options.timeoutText };
    if ((error as TransferError).message) throw error;
    throw { code: 0, message: '网络异常，下载未完成' };
  } finally {
    clearTimeout(timer);
  }
}
