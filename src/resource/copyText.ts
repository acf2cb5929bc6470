/**
 * Puts text on the clipboard. The Clipboard API exists only in a secure context; a home's console
 * served over plain http on its LAN has none, so there the selection of a hidden text area is
 * copied, and focus goes back where it was.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const back = document.activeElement as HTMLElement | null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  back?.focus();
  if (!done) throw new Error('copy refused');
}
