import { Alert, Button, H3, Intent, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { pathWith } from '../../../domain/http.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { downloadPosted } from '../../../src/api/transfer.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import type { Row } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { PhotoAuthority as A, PhotoPaths as P, PHOTO_TIMEOUT_MS, type Photo } from '../api/photos.js';
import { PhotoGrid } from './PhotoGrid.js';
import { UploadPhotos } from './UploadPhotos.js';
import './photos.css';

/**
 * 相册详情 (photoDetail?photoAlbumId=): the album's photos as cards; choose some to 设为封面,
 * 删除 or 下载 (none chosen: the whole album, as one zip); 上传照片 adds several at once.
 */
export function AlbumDetail() {
  const { request, toast } = useApp();
  const photoAlbumId = Number(usePage().query.photoAlbumId);
  const [album, setAlbum] = useState<Row | null>(null);
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [downloaded, setDownloaded] = useState<number | null>(null);
  const mayEdit = useAuthority(A.edit);
  const mayUpload = useAuthority(A.upload);
  const mayRemove = useAuthority(A.removePhoto);
  const mayDownload = useAuthority(A.download);

  const load = useCallback(() => {
    if (!Number.isInteger(photoAlbumId) || photoAlbumId <= 0) return setMissing('缺少相册编号');
    Promise.all([
      request<Row>({ url: pathWith(P.album, { id: photoAlbumId }), silent: true }),
      request<Photo[]>({ url: P.photos, params: { photoAlbumId }, silent: true }),
    ]).then(
      ([a, p]) => {
        setAlbum(a);
        setPhotos(p);
        setChosen((c) => new Set([...c].filter((id) => p.some((x) => x.photoId === id))));
      },
      (e: { message?: string }) => setMissing(e.message ?? '相册不存在'),
    );
  }, [photoAlbumId, request]);
  useEffect(load, [load]);

  const toggle = (id: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const fail = (e: { message?: string }, fallback: string) => toast(e.message ?? fallback, 'danger');
  const [only] = chosen;
  const setCover = () => {
    setBusy(true);
    request({ url: P.photoInfo, method: 'PUT', data: { photoAlbumId, photoId: only }, silent: true })
      .then(
        () => toast('已设为封面', 'success'),
        (e) => fail(e, '设置封面失败'),
      )
      .finally(() => {
        setBusy(false);
        load();
      });
  };
  const remove = () => {
    setRemoving(false);
    setBusy(true);
    request({
      url: P.photoInfo,
      method: 'DELETE',
      params: { photoAlbumId, photoIds: [...chosen] },
      timeout: PHOTO_TIMEOUT_MS,
      silent: true,
    })
      .then(
        () => {
          toast('删除成功', 'success');
          setChosen(new Set());
        },
        (e) => fail(e, '删除失败'),
      )
      .finally(() => {
        setBusy(false);
        load();
      });
  };
  const download = () => {
    setDownloaded(0);
    downloadPosted(
      P.download,
      { photoAlbumId, ...(chosen.size ? { photoIds: [...chosen] } : {}) },
      `${String(album?.albumName ?? '相册')}.zip`,
      {
        timeout: PHOTO_TIMEOUT_MS,
        timeoutText: '下载超时（300秒），请少选一些照片',
        onProgress: (f) => setDownloaded(f),
      },
    )
      .catch((e) => fail(e, '下载失败'))
      .finally(() => setDownloaded(null));
  };

  if (missing)
    return (
      <NonIdealState
        icon="media"
        title={missing}
        action={<Button text="返回相册" onClick={() => navigate(S.photo)} />}
      />
    );
  if (!album || !photos) return <Spinner />;
  return (
    <div className="page" data-testid="page-photo-detail">
      <div className="photo-album-head">
        <Button icon="arrow-left" text="返回" variant="minimal" onClick={() => navigate(S.photo)} />
        <H3>{String(album.albumName)}</H3>
        <span className="photo-album-meta">
          <span>{String(album.deptName ?? '')}</span>
          <span data-testid="photo-count">共 {photos.length} 张</span>
          <span>{String(album.description ?? '')}</span>
        </span>
      </div>
      <div className="photo-toolbar">
        {mayUpload ? (
          <UploadPhotos
            photoAlbumId={photoAlbumId}
            onDone={(added) => {
              toast(`上传成功（${added.length}张）`, 'success');
              load();
            }}
            onError={(message) => toast(message, 'danger')}
          />
        ) : null}
        {photos.length ? (
          <Button
            text={chosen.size === photos.length ? '取消全选' : '全选'}
            onClick={() =>
              setChosen(chosen.size === photos.length ? new Set() : new Set(photos.map((p) => p.photoId)))
            }
          />
        ) : null}
        {mayEdit ? (
          <Button icon="media" text="设为封面" disabled={chosen.size !== 1 || busy} onClick={setCover} />
        ) : null}
        {mayRemove ? (
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text="删除"
            disabled={!chosen.size || busy}
            onClick={() => setRemoving(true)}
          />
        ) : null}
        {mayDownload ? (
          <Button
            icon="download"
            text={chosen.size ? `下载所选（${chosen.size}）` : '下载全部'}
            disabled={!photos.length || downloaded !== null}
            onClick={download}
          />
        ) : null}
        {downloaded !== null ? (
          <span className="photo-progress" data-testid="photo-download-progress">
            <ProgressBar intent={Intent.SUCCESS} value={downloaded || undefined} />
            <span>{downloaded ? `${Math.round(downloaded * 100)}%` : '正在打包…'}</span>
          </span>
        ) : null}
      </div>
      {photos.length ? (
        <PhotoGrid
          photos={photos}
          chosen={chosen}
          coverPhotoId={album.coverPhotoId as number | null}
          onToggle={toggle}
        />
      ) : (
        <NonIdealState
          icon="media"
          title="相册中还没有照片"
          description={mayUpload ? '点击“上传照片”，可一次选择多张' : undefined}
        />
      )}
      <Alert
        isOpen={removing}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="删除"
        cancelButtonText="取消"
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      >
        确定删除所选的 {chosen.size} 张照片吗？照片文件将一并删除。
      </Alert>
    </div>
  );
}
