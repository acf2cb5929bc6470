import { Card, Checkbox, Intent, Tag } from '@blueprintjs/core';
import type { Photo } from '../api/photos.js';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The album's photos as cards: a click chooses or unchooses one; the cover carries 封面. */
export function PhotoGrid({
  photos,
  chosen,
  coverPhotoId,
  onToggle,
}: {
  photos: readonly Photo[];
  chosen: ReadonlySet<number>;
  coverPhotoId: number | null;
  onToggle(photoId: number): void;
}) {
  return (
    <div className="photo-grid">
      {photos.map((p) => (
        <Card
          key={p.photoId}
          className={`photo-card${chosen.has(p.photoId) ? ' selected' : ''}`}
          data-testid={`photo-${p.photoId}`}
          interactive
          onClick={() => onToggle(p.photoId)}
        >
          <Checkbox
            className="photo-check"
            checked={chosen.has(p.photoId)}
            aria-label={`选择${p.sourceFileName}`}
            onClick={(e) => e.stopPropagation()}
            onChange={() => onToggle(p.photoId)}
          />
          {coverPhotoId === p.photoId ? (
            <Tag className="photo-cover-tag" intent={Intent.PRIMARY}>
              封面
            </Tag>
          ) : null}
          <img src={p.urlPath} alt={p.sourceFileName} loading="lazy" />
          <div className="photo-card-name" title={p.sourceFileName}>
            {p.sourceFileName}
          </div>
          <div className="photo-card-foot">
            <span>{size(p.fileSizeB)}</span>
            <span>{p.createTime.slice(0, 10)}</span>
          </div>
        </Card>
      ))}
    </div>
  );
}
