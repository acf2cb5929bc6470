import { Button, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { uploadApiOf } from '../../domain/api/uploads.js';
import { useApp } from '../app/AppContext.js';

/** The image rule of the upload routes (server/routes/uploads): checked here first to spare the upload. */
const IMAGE_UPLOAD = {
  extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
  maxBytes: 10 * 1024 * 1024,
} as const;

/** Why a file cannot be uploaded as an image, or null when it can (spec 000 §5 messages). */
function imageProblem(file: { name: string; size: number }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_UPLOAD.extensions as readonly string[]).includes(ext))
    return `上传图片要求是 ${IMAGE_UPLOAD.extensions.join('/')} 格式`;
  if (file.size > IMAGE_UPLOAD.maxBytes)
    return `上传图片大小不能超过 ${IMAGE_UPLOAD.maxBytes / 1024 / 1024}MB`;
  return null;
}

/**
 * An image field: an upload button, the thumbnail of the stored path, and removal. `api` names the
 * upload API (spec 000 §5: common, homecare or scale); another name is refused with its error.
 */
export function ImageUpload({
  id,
  label,
  value,
  api = 'common',
  disabled,
  onChange,
  onError,
}: {
  id: string;
  label: string;
  value: string;
  api?: string;
  disabled?: boolean;
  onChange(path: string): void;
  onError(message: string): void;
}) {
  const { request } = useApp();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = (file: File) => {
    const target = uploadApiOf(api);
    if (!target.ok) return onError(target.message);
    const problem = imageProblem(file);
    if (problem) return onError(problem);
    setUploading(true);
    request<Record<string, unknown>>({
      url: target.url,
      method: 'POST',
      data: { file },
      form: 'multipart',
      silent: true,
    }).then(
      (answer) => {
        setUploading(false);
        onError('');
        onChange(String(answer[target.pathField] ?? ''));
      },
      (e: { message?: string }) => {
        setUploading(false);
        onError(e.message ?? '上传失败');
      },
    );
  };
  return (
    <div className="resource-image">
      {value ? <img className="resource-thumb" src={value} alt={label} /> : null}
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={IMAGE_UPLOAD.extensions.map((e) => `.${e}`).join(',')}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      <Button
        icon="upload"
        text={value ? '更换图片' : '上传图片'}
        loading={uploading}
        disabled={disabled}
        onClick={() => input.current?.click()}
      />
      {value && !disabled ? (
        <Button variant="minimal" intent={Intent.DANGER} text="移除" onClick={() => onChange('')} />
      ) : null}
    </div>
  );
}
