/** The hash route: '#/a/b?x=1' → { path: '/a/b', query: { x: '1' } } (spec 000 §2: hash mode). */
export function parseHash(hash: string): { path: string; query: Record<string, string> } {
  const raw = hash.replace(/^#/, '') || '/';
  const [path = '/', search = ''] = raw.split('?');
  return { path: path || '/', query: Object.fromEntries(new URLSearchParams(search)) };
}

type Navigator = (to: string) => void;
let navigator: Navigator | null = null;

/** The console's router registers itself here (src/main.tsx), so screens navigate through it. */
export function setNavigator(go: Navigator | null) {
  navigator = go;
}

/** Opens a console address ('/live/archives/detail?oldmanId=3'). */
export function navigate(path: string) {
  if (navigator) navigator(path);
  else window.location.hash = path;
}
