import { Header } from '../../domain/http.js';
import { clientKey, encodeUserId } from '../api/client.js';
import { storedUser } from '../session/effects.js';

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
 * Fetches an export (a file, not the JSON envelope the API client reads) with the session's
 * headers and saves it through an object URL. A JSON answer is a refusal: its message is thrown.
 */
export async function downloadExport(url: string, fallbackName: string, doFetch: typeof fetch = fetch) {
  const user = storedUser();
  const headers: Record<string, string> = { [Header.clientKey]: clientKey() };
  if (user?.token) headers[Header.token] = user.token;
  if (user?.userId != null) headers[Header.userId] = encodeUserId(user.userId);
  const response = await doFetch(url, { headers });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const answer = (await response.json().catch(() => null)) as { msg?: string; message?: string } | null;
    throw { code: response.status, message: answer?.msg ?? answer?.message ?? `导出失败#${response.status}` };
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = attachmentName(response.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
