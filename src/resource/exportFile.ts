import { attachmentName, saveBlob, sessionHeaders } from '../api/transfer.js';

export { attachmentName } from '../api/transfer.js';

/** How far a download has come: bytes in, of the declared length, and the rows the file holds. */
export interface ExportProgress {
  received: number;
  /** Content-Length; null when the answer did not declare it (a compressing proxy). */
  total: number | null;
  /** The server's X-Export-Rows: data rows in the file; null from an older server. */
  rows: number | null;
}

export interface DownloadOptions {
  /** Before the first byte: null (the server is still making the file); then each chunk's progress. */
  onProgress?(progress: ExportProgress | null): void;
  /** Aborts the request; nothing is saved. */
  signal?: AbortSignal;
  doFetch?: typeof fetch;
}

const count = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Fetches an export (a file, not the JSON envelope the API client reads) with the session's
 * headers, reading it chunk by chunk to report progress, and saves it through an object URL only
 * once every declared byte has arrived: a cancelled, failed or cut-short download saves nothing.
 * A JSON answer is a refusal: its message is thrown.
 */
export async function downloadExport(url: string, fallbackName: string, options: DownloadOptions = {}) {
  const { onProgress, signal, doFetch = fetch } = options;
  onProgress?.(null);
  const response = await doFetch(url, { headers: sessionHeaders(), signal });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const answer = (await response.json().catch(() => null)) as { msg?: string; message?: string } | null;
    throw { code: response.status, message: answer?.msg ?? answer?.message ?? `导出失败#${response.status}` };
  }
  // a compressed answer's Content-Length counts the compressed bytes, not the ones read here
  const total = response.headers.get('content-encoding')
    ? null
    : count(response.headers.get('content-length'));
  const rows = count(response.headers.get('x-export-rows'));
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    onProgress?.({ received, total, rows });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.({ received, total, rows });
    }
  } else {
    const whole = new Uint8Array(await response.arrayBuffer());
    chunks.push(whole);
    received = whole.byteLength;
  }
  if (total !== null && received !== total)
    throw { code: 0, message: `导出未完成：只收到 ${received} / ${total} 字节，文件未保存` };
  const name = attachmentName(response.headers.get('content-disposition'), fallbackName);
  saveBlob(new Blob(chunks, { type }), name);
}
