/** The Chinese text of a failed call, for inline display on the sign-in screens. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' && message ? message : '请求失败';
    return typeof code === 'number' && code >= 10000
      ? text
      : `${text}${code !== undefined ? `#${String(code)}` : ''}`;
  }
  return String(error);
}
