import { AdministrationScreens as S } from '../../../domain/screens.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { photoAlbumResource } from '../resources/photoAlbums.js';
import './photos.css';

const openAlbum = (row: Row) => navigate(`${S.photoDetail}?photoAlbumId=${String(row.photoAlbumId)}`);

/** 相册 (photo): the albums with their covers and photo counts; 照片 opens one album's photos. */
export function Albums() {
  const may = useResourceAuthority(photoAlbumResource);
  return (
    <div className="page" data-testid="page-photo-albums">
      <ResourceList
        def={photoAlbumResource}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        canOpen={false}
        emptyText="暂无相册"
        actionsWidth={170}
        rowActions={(row) => rowButton('照片', () => openAlbum(row))}
        cells={{
          coverUrl: (row) =>
            row.coverUrl ? (
              <img
                className="photo-cover-thumb"
                src={String(row.coverUrl)}
                alt={`${String(row.albumName)}封面`}
              />
            ) : (
              <span className="photo-cover-none">无封面</span>
            ),
        }}
      />
    </div>
  );
}
