import { attachmentName, saveBlob, sessionHeaders } from '../api/transfer.js';

export { attachmentName } from '../api/transfer.js';

/**
 * Fetches an export (a file, not the JSON envelope the API client reads) with the session's
 * headers and saves it through an object URL. A JSON answer is a refusal: its message is thrown.
 */
export async function downloadExport(url: string, fallbackName: string, doFetch: typeof fetch = fetch) {
  const response = await doFetch(url, { headers: sessionHeaders() });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const answer = (await response.json().catch(() => null)) as { msg?: string; message?: string } | null;
    throw { code: response.status, message: answer?.msg ?? answer?.message ?? `导出失败#${response.status}` };
  }
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition'), fallbackName));
}
