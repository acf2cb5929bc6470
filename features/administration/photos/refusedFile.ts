import { PhotoLimits } from '../api/photos.js';

const MB = 1024 * 1024;

/** The first file the server would refuse, in the server's words, before anything is sent. */
export function refusedFile(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > PhotoLimits.maxFiles) return `一次最多上传${PhotoLimits.maxFiles}个文件`;
  for (const file of files) {
    const ext = file.name.includes('.') ? (file.name.split('.').pop()?.toLowerCase() ?? '') : '';
    if (!(PhotoLimits.extensions as readonly string[]).includes(ext))
      return `“${file.name}”：上传照片要求是 ${PhotoLimits.extensions.join('/')} 格式`;
    if (file.size > PhotoLimits.maxBytes)
      return `“${file.name}”：上传照片大小不能超过 ${PhotoLimits.maxBytes / MB}MB`;
    if (file.size === 0) return `“${file.name}”：上传文件为空`;
  }
  return null;
}
