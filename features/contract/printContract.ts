import { Header } from '../../domain/http.js';
import { contractDownloadUrl } from '../../domain/resources/contract.js';
import { clientKey, encodeUserId } from '../../src/api/client.js';
import { storedUser } from '../../src/session/effects.js';

/**
 * Opens a contract's print view in a new window. The window opens at once (inside the click, so
 * no popup blocker stops it) and receives the page fetched with the session's headers; the page
 * itself allows only its own print script (its Content-Security-Policy carries a nonce).
 */
export async function printContract(contractId: number, doFetch: typeof fetch = fetch) {
  const win = window.open('', '_blank');
  try {
    const user = storedUser();
    const headers: Record<string, string> = { [Header.clientKey]: clientKey() };
    if (user?.token) headers[Header.token] = user.token;
    if (user?.userId != null) headers[Header.userId] = encodeUserId(user.userId);
    const response = await doFetch(contractDownloadUrl(contractId), { headers });
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
