import { Dialog, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { templateDataResource as def, FORM_BASE } from '../../domain/resources/contract.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceDetail, ResourceList, useResourceAuthority } from '../../src/resource/index.js';
import { parseHash, useHash } from '../../src/router/hash.js';
import { DocumentForm } from './DocumentForm.js';
import { HtmlPreview } from './HtmlPreview.js';
import { useTemplates } from './useTemplates.js';
import './contract.css';

type Row = Record<string, unknown>;
type Open = { kind: 'create' } | { kind: 'edit'; row: Row } | { kind: 'view'; row: Row } | null;
const DOCUMENTS_PATH = '/live/tempeleteDocument';

/**
 * The template type of the screen: spec 001 §2 names the route tempeleteDocument/:typeId; the
 * router passes a trailing number of any route through (src/router/registry.ts), so the type is
 * that number, or ?typeId= for links that carry it as a query.
 */
function typeIdOfHash(hash: string): number {
  const { path, query } = parseHash(hash);
  const tail = /\/(\d+)$/.exec(path)?.[1];
  return Number(tail ?? query.typeId ?? 0) || 0;
}

const shown = { ...def, fields: def.fields.filter((f) => !f.hidden) };

/** 文书管理 by template type (/live/tempeleteDocument/{typeId}): documents filled for elders. */
export function DocumentList() {
  const { request, toast } = useApp();
  const addressType = typeIdOfHash(useHash());
  // the type chosen on the screen; the address (a menu of one type) sets it when it changes
  const [chosenType, setChosenType] = useState(0);
  useEffect(() => setChosenType(addressType), [addressType]);
  const can = useResourceAuthority(def);
  const [types, setTypes] = useState<{ typeId: number; typeName: string; isHome: number }[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [refresh, setRefresh] = useState(0);
  const allTemplates = useTemplates();
  useEffect(() => {
    request<{ typeId: number; typeName: string; isHome: number }[]>({
      url: `${FORM_BASE}/templateType`,
      silent: true,
    }).then(setTypes, () => setTypes([]));
  }, [request]);
  // without a type in the address the first one is shown
  // home-care document types (isHome 1) show only when the address names one of them
  const homeCare = types.find((t) => t.typeId === addressType)?.isHome === 1;
  const shownTypes = types.filter((t) => (t.isHome === 1) === homeCare);
  const typeId = chosenType || shownTypes[0]?.typeId || 0;
  const templates = allTemplates.filter((t) => t.typeId === typeId);
  const saved = () => {
    setOpen(null);
    toast('保存成功', 'success');
    setRefresh((n) => n + 1);
  };
  const title = { create: '新增文书', edit: '编辑文书', view: '查看文书' }[open?.kind ?? 'view'];
  return (
    <div className="contract-page">
      <div className="contract-toolbar">
        <span>文书类型</span>
        <HTMLSelect
          aria-label="文书类型"
          value={String(typeId || '')}
          onChange={(e) => setChosenType(Number(e.target.value))}
        >
          {shownTypes.map((t) => (
            <option key={t.typeId} value={t.typeId}>
              {t.typeName}
            </option>
          ))}
        </HTMLSelect>
      </div>
      {typeId ? (
        <ResourceList
          key={typeId}
          def={def}
          routeName={DOCUMENTS_PATH}
          fixedParams={{ typeId }}
          canCreate={can.canCreate}
          canEdit={can.canEdit}
          canRemove={can.canRemove}
          refreshKey={refresh}
          onCreate={() => setOpen({ kind: 'create' })}
          onEdit={(row) => setOpen({ kind: 'edit', row })}
          onOpen={(row) => setOpen({ kind: 'view', row })}
        />
      ) : null}
      <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={title} className="contract-dialog">
        <DialogBody>
          {open?.kind === 'create' ? (
            <DocumentForm templates={templates} onSaved={saved} onCancel={() => setOpen(null)} />
          ) : null}
          {open?.kind === 'edit' ? (
            <DocumentForm
              templates={templates}
              document={open.row}
              onSaved={saved}
              onCancel={() => setOpen(null)}
            />
          ) : null}
          {open?.kind === 'view' ? (
            <div className="contract-view">
              <ResourceDetail def={shown} row={open.row} />
              <HtmlPreview html={String(open.row.content ?? '')} title="文书正文" />
            </div>
          ) : null}
        </DialogBody>
      </Dialog>
    </div>
  );
}
