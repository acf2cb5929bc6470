import { Button, DialogBody, DialogFooter, H4, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { ArticleState, type ArticleStateCode, articleStateNames } from '../../domain/statuses/education.js';
import { articleEvents, articleMachine, articleStateOf, stateLabels } from '../../machines/articleMachine.js';
import { can } from '../../machines/can.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { Dialog } from '../../src/ui/Dialog.js';
import {
  EducationAuthority as A,
  IsWard,
  type IsWardCode,
  EducationPaths as P,
  EducationScreens as S,
} from './api.js';
import { articleCategoryResource, edArticleResource } from './resources.js';
import './education.css';

type StateEvent = keyof typeof articleEvents;
const saveScreen = (isWard: IsWardCode) => (isWard === IsWard.ward ? S.wardSave : S.wholeSave);
const stateIntent: Record<ArticleStateCode, Intent> = {
  [ArticleState.draft]: Intent.NONE,
  [ArticleState.published]: Intent.SUCCESS,
  [ArticleState.withdrawn]: Intent.WARNING,
};

/** A whole page for the sandboxed preview: the article's HTML in the console's type. */
const articleDocument = (html: string) =>
  `<!doctype html><meta charset="utf-8"><style>body{font:14px/1.7 "Noto Sans CJK SC",sans-serif;margin:8px;color:#1c2127}img{max-width:100%}</style>${html}`;

/** A file of the store as a data: address, read with the console's own sign-in; null if unreadable. */
async function asDataUrl(src: string): Promise<string | null> {
  const res = await fetch(src, { credentials: 'same-origin' }).catch(() => null);
  if (!res?.ok) return null;
  const blob = await res.blob();
  return new Promise((done) => {
    const reader = new FileReader();
    reader.onload = () => done(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => done(null);
    reader.readAsDataURL(blob);
  });
}

/**
 * The article's HTML with its stored images (/files/…) inlined (issue #42 point 2): the sandboxed
 * preview has no origin, so the browser sends it no sign-in cookie and a /files/ image would not
 * load there. The images are read here, with the console's sign-in, and handed in as data: URLs.
 */
function useInlinedImages(html: string): string {
  const [shown, setShown] = useState(html);
  useEffect(() => {
    setShown(html);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const stored = [...doc.images].filter((img) => img.getAttribute('src')?.startsWith('/files/'));
    if (!stored.length) return;
    let live = true;
    void Promise.all(
      stored.map(async (img) => {
        const data = await asDataUrl(img.getAttribute('src') ?? '');
        if (data) img.setAttribute('src', data);
      }),
    ).then(() => {
      if (live) setShown(doc.body.innerHTML);
    });
    return () => {
      live = false;
    };
  }, [html]);
  return shown;
}

/** The article as readers see it: the HTML the server kept after sanitising it. */
function Preview({ row, onClose }: { row: Row; onClose(): void }) {
  const html = useInlinedImages(String(row.content ?? ''));
  return (
    <Dialog isOpen title="文章预览" onClose={onClose} style={{ width: 720 }}>
      <DialogBody>
        <H4>{String(row.title)}</H4>
        {/* Sanitised on the server, and shown in a sandbox (no script, no access to the console's
            page or session) in case a rule of the sanitiser ever lets something through. */}
        <iframe
          className="education-article"
          data-testid="article-preview"
          title="文章内容"
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={articleDocument(html)}
        />
      </DialogBody>
      <DialogFooter actions={<Button text="关闭" onClick={onClose} />} />
    </Dialog>
  );
}

/** 排序: the article's sort index, sent as updateSort/{id}/{index}. */
function SortDialog({ row, onClose }: { row: Row; onClose(changed: boolean): void }) {
  const { request, toast } = useApp();
  const [index, setIndex] = useState(String(row.sortIndex ?? ''));
  const save = () =>
    request({
      url: pathWith(P.articleSort, { ids: String(row.id), indexes: index }),
      method: 'PUT',
    }).then(
      () => {
        toast('排序已保存', 'success');
        onClose(true);
      },
      () => undefined,
    );
  return (
    <Dialog isOpen title="排序" onClose={() => onClose(false)} style={{ width: 360 }}>
      <DialogBody>
        <InputGroup
          aria-label="排序号"
          type="number"
          value={index}
          onChange={(e) => setIndex(e.target.value)}
        />
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="确定" onClick={save} />} />
    </Dialog>
  );
}

function ArticleList({ isWard }: { isWard: IsWardCode }) {
  const { request, toast } = useApp();
  const may = useResourceAuthority(edArticleResource);
  const mayPublish = useAuthority(A.publish);
  const mayCategory = useAuthority(A.category);
  const [refreshKey, setRefreshKey] = useState(0);
  const [preview, setPreview] = useState<Row | null>(null);
  const [sorting, setSorting] = useState<Row | null>(null);
  const [categories, setCategories] = useState(false);
  const reload = () => setRefreshKey((k) => k + 1);
  const setState = (rows: Row[], event: StateEvent) =>
    request({
      url: pathWith(P.articleState, {
        ids: rows.map((r) => String(r.id)).join(','),
        state: articleEvents[event].state,
      }),
      method: 'PUT',
    }).then(
      () => {
        toast(`${articleEvents[event].label}成功`, 'success');
        reload();
      },
      () => undefined,
    );
  const offered = (row: Row, event: StateEvent) => can(articleMachine, articleStateOf(row.state), event);
  /** Why a batch action is greyed (issue #42 point 5): nothing ticked, or the first article that cannot take it. */
  const batchWhy = (rows: Row[], event: StateEvent): string | null => {
    const label = articleEvents[event].label;
    if (!rows.length) return `请先勾选要${label}的文章`;
    const stuck = rows.find((r) => !offered(r, event));
    return stuck
      ? `《${String(stuck.title)}》当前状态为${stateLabels[articleStateOf(stuck.state)]}，不能${label}`
      : null;
  };
  return (
    <>
      <ResourceList
        def={edArticleResource}
        routeName={isWard === IsWard.ward ? S.ward : S.whole}
        fixedParams={{ isWard }}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        actionsWidth={300}
        onCreate={() => navigate(saveScreen(isWard))}
        onEdit={(row) => navigate(`${saveScreen(isWard)}?id=${String(row.id)}`)}
        onOpen={setPreview}
        cells={{
          state: (row) => {
            const s = Number(row.state) as ArticleStateCode;
            return (
              <Tag minimal intent={stateIntent[s]}>
                {articleStateNames[s]}
              </Tag>
            );
          },
        }}
        rowActions={(row) =>
          mayPublish
            ? [
                ...(['article.publish', 'article.withdraw'] as const)
                  .filter((e) => offered(row, e))
                  .map((e) => rowButton(articleEvents[e].label, () => void setState([row], e))),
                ...(may.canEdit ? [rowButton('排序', () => setSorting(row))] : []),
              ]
            : []
        }
        batchActions={(rows) =>
          mayPublish
            ? (['article.publish', 'article.withdraw'] as const).map((e) => {
                const why = batchWhy(rows, e);
                return (
                  <Button
                    key={e}
                    text={`批量${articleEvents[e].label}`}
                    disabled={why !== null}
                    // the native hover text and accessible description, as on a greyed row button
                    title={why ?? undefined}
                    onClick={() => void setState(rows, e)}
                  />
                );
              })
            : null
        }
        toolbarExtra={
          mayCategory ? <Button icon="tag" text="分类管理" onClick={() => setCategories(true)} /> : null
        }
      />
      {preview ? <Preview row={preview} onClose={() => setPreview(null)} /> : null}
      {sorting ? (
        <SortDialog
          row={sorting}
          onClose={(changed) => {
            setSorting(null);
            if (changed) reload();
          }}
        />
      ) : null}
      {categories ? (
        <Dialog isOpen title="分类管理" onClose={() => setCategories(false)} style={{ width: 760 }}>
          <DialogBody>
            <ResourceList def={articleCategoryResource} canCreate canEdit canRemove onChanged={reload} />
          </DialogBody>
        </Dialog>
      ) : null}
    </>
  );
}

/** 科室宣教 (/education/ward/list): the departments' articles (isWard 1). */
export function WardArticles() {
  return (
    <div className="page" data-testid="page-education-ward">
      <ArticleList isWard={IsWard.ward} />
    </div>
  );
}

/** 全院宣教 (/education/wholeWard/list): the whole home's articles (isWard 0). */
export function WholeArticles() {
  return (
    <div className="page" data-testid="page-education-whole">
      <ArticleList isWard={IsWard.whole} />
    </div>
  );
}
