import { ShellScreens } from '../../domain/shellScreens.js';

/* Where a signed-in user lands, apart from the menu tree (menus.ts): the login page needs only this. */

export const WORKBENCH = ShellScreens.workbench;
export const WELCOME = ShellScreens.welcome;

/** Spec 000 §2: after sign-in, the workbench when the login page config has a main first URL, else the welcome view. */
export function landingPath(mainFirstUrl: string | null | undefined): string {
  return mainFirstUrl ? WORKBENCH : WELCOME;
}

/** returnUrl/backurl from the address: only a hash path of this console, never another site. */
export function readReturnUrl(search: string): string | null {
  const params = new URLSearchParams(search);
  const raw = params.get('returnUrl') ?? params.get('backurl');
  if (!raw) return null;
  const path = raw.startsWith('#') ? raw.slice(1) : raw;
  return /^\/(?!\/)[\w\-./?=&%]*$/.test(path) ? path : null;
}
