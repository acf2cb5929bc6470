import { Header } from '../../domain/http.js';
import { clientKey, encodeUserId } from '../api/client.js';
import { storedUser } from '../session/effects.js';

/**
 * Opens a server-rendered print page (HTML with print CSS) in a new window. The window opens at
 * once (inside the click, so no popup blocker stops it) and receives the page fetched with the
 * session's headers; a JSON answer is a refusal whose message is thrown.
 */
export async function openPrintView(url: string, doFetch: typeof fetch = fetch) {
  const win = window.open('', '_blank');
  try {
    const user = storedUser();
    const headers: Record<string, string> = { [Header.clientKey]: clientKey() };
    if (user?.token) headers[Header.token] = user.token;
    if (user?.userId != null) headers[Header.userId] = encodeUserId(user.userId);
    const response = await doFetch(url, { headers });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/html')) {
      const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
      throw { message: answer?.msg ?? `打印失败#${response.status}` };
    }
    const href = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (win) win.location.href = href;
    else window.location.assign(href);
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (e) {
    win?.close();
    throw e;
  }
}
