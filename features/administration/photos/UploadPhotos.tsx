import { Button, Intent, ProgressBar } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { postWithProgress } from '../../../src/api/transfer.js';
import { PHOTO_TIMEOUT_MS, type Photo, PhotoLimits, PhotoPaths } from '../api/photos.js';
import { refusedFile } from './refusedFile.js';

/**
 * 上传照片: several files in one request (all stored or none), with the request's progress; the
 * spec's 300 s timeout.
 */
export function UploadPhotos({
  photoAlbumId,
  onDone,
  onError,
}: {
  photoAlbumId: number;
  onDone(photos: Photo[]): void;
  onError(message: string): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // null: not uploading; a number: the share sent; 'checking': sent, the server is checking
  const [progress, setProgress] = useState<number | 'checking' | null>(null);
  const send = (files: File[]) => {
    const refused = refusedFile(files);
    if (refused) return onError(refused);
    const form = new FormData();
    // the album goes before the files: the server checks it before it writes any file
    form.append('photoAlbumId', String(photoAlbumId));
    for (const file of files) form.append('files', file, file.name);
    setProgress(0);
    postWithProgress<{ photos: Photo[] }>(PhotoPaths.upload, form, {
      timeout: PHOTO_TIMEOUT_MS,
      timeoutText: '上传超时（300秒），请减少每次上传的照片',
      onProgress: (f) => setProgress(f === null ? 'checking' : f),
    }).then(
      (answer) => {
        setProgress(null);
        onDone(answer.photos);
      },
      (e: { message?: string }) => {
        setProgress(null);
        onError(e.message ?? '上传失败');
      },
    );
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="photo-files"
        accept={PhotoLimits.extensions.map((e) => `.${e}`).join(',')}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) send(files);
        }}
      />
      <Button
        icon="upload"
        intent={Intent.PRIMARY}
        text="上传照片"
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      />
      {progress !== null ? (
        <span className="photo-progress" data-testid="photo-upload-progress">
          <ProgressBar
            intent={Intent.PRIMARY}
            value={progress === 'checking' ? undefined : progress}
            stripes={progress === 'checking'}
          />
          <span>{progress === 'checking' ? '正在校验…' : `${Math.round(progress * 100)}%`}</span>
        </span>
      ) : null}
    </>
  );
}
