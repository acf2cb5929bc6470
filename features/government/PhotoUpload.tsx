import { Button, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useApp } from '../../src/app/AppContext.js';
import { GovernmentPaths, MAX_PHOTOS } from './api.js';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'];

/** Photos of a problem or a rectification: uploaded to POST /spvs/web-sp/file, shown as thumbnails. */
export function PhotoUpload({
  id,
  value,
  onChange,
  onError,
}: {
  id: string;
  value: readonly string[];
  onChange(paths: string[]): void;
  onError(message: string): void;
}) {
  const { request } = useApp();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = (file: File) => {
    setUploading(true);
    request<{ urlPath: string }>({
      url: GovernmentPaths.file,
      method: 'POST',
      data: { file },
      form: 'multipart',
      silent: true,
    }).then(
      (answer) => {
        setUploading(false);
        onError('');
        onChange([...value, answer.urlPath]);
      },
      (e: { message?: string }) => {
        setUploading(false);
        onError(e.message ?? '上传失败');
      },
    );
  };
  return (
    <div className="government-photos">
      {value.map((path) => (
        <span key={path} className="government-photo">
          <img src={path} alt="照片" />
          <Button
            size="small"
            variant="minimal"
            intent={Intent.DANGER}
            icon="cross"
            aria-label="移除照片"
            onClick={() => onChange(value.filter((p) => p !== path))}
          />
        </span>
      ))}
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        accept={EXTENSIONS.map((e) => `.${e}`).join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      {value.length < MAX_PHOTOS ? (
        <Button icon="camera" text="上传照片" loading={uploading} onClick={() => input.current?.click()} />
      ) : null}
    </div>
  );
}

/** Thumbnails of stored photos, read-only. */
export function Photos({ paths }: { paths: readonly string[] }) {
  return (
    <span className="government-photos">
      {paths.map((p) => (
        <a key={p} className="government-photo" href={p} target="_blank" rel="noreferrer">
          <img src={p} alt="照片" />
        </a>
      ))}
    </span>
  );
}
