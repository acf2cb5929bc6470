import { Timing } from '../../domain/http.js';

export const WATERMARK_ID = 'pims2-watermark';

/** Spec 000 §9: a 300×200 canvas, text rotated −20°, 14px font. */
export function renderWatermarkDataUrl(text: string, doc: Document = document): string {
  const canvas = doc.createElement('canvas');
  canvas.width = 300;
  canvas.height = 200;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.rotate((-20 * Math.PI) / 180);
  ctx.font = '14px sans-serif';
  ctx.fillStyle = 'rgba(0, 0, 0, 0.10)';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 20, 120);
  return canvas.toDataURL('image/png');
}

/**
 * Spec 000 §4: CLOSE removes the watermark; otherwise after 500 ms it shows the user name plus the
 * employee name. Returns a cancel function.
 */
export function applyWatermark(
  waterMark: string,
  userName: string,
  empName: string,
  doc: Document = document,
): () => void {
  const remove = () => doc.getElementById(WATERMARK_ID)?.remove();
  if (waterMark === 'CLOSE') {
    remove();
    return () => undefined;
  }
  const timer = setTimeout(() => {
    remove();
    const el = doc.createElement('div');
    el.id = WATERMARK_ID;
    el.dataset.testid = 'watermark';
    el.dataset.text = `${userName} ${empName}`;
    el.setAttribute('aria-hidden', 'true');
    Object.assign(el.style, {
      position: 'fixed',
      inset: '0',
      pointerEvents: 'none',
      zIndex: '9999',
      backgroundRepeat: 'repeat',
      backgroundImage: `url(${renderWatermarkDataUrl(`${userName} ${empName}`, doc)})`,
    });
    doc.body.appendChild(el);
  }, Timing.watermarkDelayMs);
  return () => clearTimeout(timer);
}
