import { useSyncExternalStore } from 'react';

/** The hash route: '#/a/b?x=1' → { path: '/a/b', query: { x: '1' } } (spec 000 §2: hash mode). */
export function parseHash(hash: string): { path: string; query: Record<string, string> } {
  const raw = hash.replace(/^#/, '') || '/';
  const [path = '/', search = ''] = raw.split('?');
  return { path: path || '/', query: Object.fromEntries(new URLSearchParams(search)) };
}

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

export function navigate(path: string) {
  window.location.hash = path;
}
