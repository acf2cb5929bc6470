import { SessionPaths } from '../../../domain/api/sessionPaths.js';
import type { UserInfo } from '../../../domain/session.js';
import { createApiClient } from '../../../src/api/client.js';
import { storedUser, type UserStore } from '../../../src/session/effects.js';

/**
 * The wall's own session (issue #38 point 7, docs/decisions.md "The wall read from 3 m"): a token the
 * server opens for the wall from the console's session (screenPassLogin), kept under a key of its own.
 * A sign-in of the same account elsewhere ends the console's session, not the wall's; the console's
 * sign-out (the server ends the wall sessions opened from it), expiry and a password change do.
 */
const KEY = 'pims2.wallUser';

/** Where the wall keeps its user and token: apart from the console's, which it neither reads nor clears. */
export function wallStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = localStorage,
): UserStore {
  return {
    user() {
      try {
        const user = JSON.parse(storage.getItem(KEY) ?? 'null') as UserInfo | null;
        return user?.token ? user : null;
      } catch {
        return null;
      }
    },
    keepUser: (userInfo) => storage.setItem(KEY, JSON.stringify(userInfo)),
    keepMenus: () => undefined, // the wall has no menus; its authority lives in the page's store
    clear: () => storage.removeItem(KEY),
  };
}

/**
 * Opens the wall's session when it has none: the console's user of this browser asks the server for a
 * wall token. Without a console session, or when the server refuses, the wall stays without one (the
 * session machine then sends it to sign in, and back).
 */
export async function openWallSession(
  store: UserStore,
  desk: UserInfo | null = storedUser(),
  fetchImpl?: typeof fetch,
): Promise<boolean> {
  if (store.user()) return true;
  if (!desk?.token) return false;
  const client = createApiClient({
    getToken: () => desk.token,
    getUserId: () => desk.userId,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  try {
    const { token } = await client.request<{ token?: string }>({
      url: SessionPaths.screenPassLogin,
      method: 'POST',
      data: { orgId: desk.orgInfo.orgId },
      silent: true,
    });
    if (!token) return false;
    store.keepUser({ ...desk, token });
    return true;
  } catch {
    return false;
  }
}
