export const IE_WARNING = '您正在使用的浏览器版本过低，建议使用谷歌 Chrome 浏览器以获得最佳体验';
const SHOW_MS = 5000;

/** Spec 000 §8: Internet Explorer users get a warning recommending Chrome for 5 s. */
export function warnOldBrowser(userAgent: string, doc: Document = document): boolean {
  if (!/MSIE |Trident\//.test(userAgent)) return false;
  const el = doc.createElement('div');
  el.dataset.testid = 'browser-warning';
  el.textContent = IE_WARNING;
  Object.assign(el.style, {
    position: 'fixed',
    top: '0',
    left: '0',
    right: '0',
    padding: '8px',
    textAlign: 'center',
    background: '#fff3cd',
    zIndex: '10000',
  });
  doc.body.appendChild(el);
  setTimeout(() => el.remove(), SHOW_MS);
  return true;
}
