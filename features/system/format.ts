/** Sizes as the lists show them: KB below one megabyte, MB from there. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;

/** A stored ISO time in Chinese local notation, 24-hour. */
export const localTime = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
