import { Button, DialogBody, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { FORM_BASE } from '../../../domain/resources/contract.js';
import {
  type DocumentFamily,
  documentPrintUrl,
  institutionDocuments,
} from '../../../domain/resources/documents.js';
import { useApp } from '../../../src/app/AppContext.js';
import {
  ResourceDetail,
  ResourceList,
  rowButton,
  useResourceAuthority,
} from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { openPrintView } from '../../../src/ui/printView.js';
import { DocumentForm } from './DocumentForm.js';
import { HtmlPreview } from './HtmlPreview.js';
import { useTemplates } from './useTemplates.js';
import './contract.css';

type Row = Record<string, unknown>;
type Open = { kind: 'create' } | { kind: 'edit'; row: Row } | { kind: 'view'; row: Row } | null;
type TemplateType = { typeId: number; typeName: string; isHome: number };

/**
 * The template type of the screen: spec 001 §2 names the route tempeleteDocument/:typeId; the
 * router gives every screen a trailing number, so the type is that number, or ?typeId= for links
 * that carry it as a query.
 */
function useAddressType(): number {
  const { menuId, query } = usePage();
  return Number(menuId ?? query.typeId ?? 0) || 0;
}

/** Prints a document in a new window; a refusal shows as a toast. */
function usePrint(family: DocumentFamily) {
  const { toast } = useApp();
  return (row: Row) =>
    openPrintView(documentPrintUrl(family, Number(row.dataId))).catch((e: { message?: string }) =>
      toast(e.message ?? '打印失败', 'danger'),
    );
}

/**
 * 文书管理 by template type (tempeleteDocument/{typeId}): documents filled for the family's
 * elders from the templates of the family's types (institution, or home care).
 */
export function DocumentList({ family }: { family: DocumentFamily }) {
  const { def } = family;
  const { request, toast } = useApp();
  const addressType = useAddressType();
  // the type chosen on the screen; the address (a menu of one type) sets it when it changes
  const [chosenType, setChosenType] = useState(0);
  useEffect(() => setChosenType(addressType), [addressType]);
  const can = useResourceAuthority(def);
  const [types, setTypes] = useState<TemplateType[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [refresh, setRefresh] = useState(0);
  const allTemplates = useTemplates();
  const print = usePrint(family);
  useEffect(() => {
    request<TemplateType[]>({ url: `${FORM_BASE}/templateType`, silent: true }).then(
      (all) => setTypes(all.filter((t) => family.templateFamilies.includes(t.isHome))),
      () => setTypes([]),
    );
  }, [request, family]);
  // without a type in the address (or with one of another family) the first one is shown
  const typeId = types.some((t) => t.typeId === chosenType) ? chosenType : (types[0]?.typeId ?? 0);
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
          {types.map((t) => (
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
          routeName={family.path}
          fixedParams={{ typeId }}
          canCreate={can.canCreate}
          canEdit={can.canEdit}
          canRemove={can.canRemove}
          refreshKey={refresh}
          onCreate={() => setOpen({ kind: 'create' })}
          onEdit={(row) => setOpen({ kind: 'edit', row })}
          onOpen={(row) => setOpen({ kind: 'view', row })}
          rowActions={(row) => rowButton('打印', () => print(row))}
        />
      ) : null}
      <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={title} className="contract-dialog">
        <DialogBody>
          {open?.kind === 'create' ? (
            <DocumentForm
              family={family}
              templates={templates}
              onSaved={saved}
              onCancel={() => setOpen(null)}
            />
          ) : null}
          {open?.kind === 'edit' ? (
            <DocumentForm
              family={family}
              templates={templates}
              document={open.row}
              onSaved={saved}
              onCancel={() => setOpen(null)}
            />
          ) : null}
          {open?.kind === 'view' ? (
            <DocumentView def={def} row={open.row} onPrint={() => print(open.row)} />
          ) : null}
        </DialogBody>
      </Dialog>
    </div>
  );
}

/** A document's record and its stored text. */
function DocumentView({ def, row, onPrint }: { def: DocumentFamily['def']; row: Row; onPrint(): void }) {
  const shown = { ...def, fields: def.fields.filter((f) => !f.hidden) };
  return (
    <div className="contract-view">
      <ResourceDetail def={shown} row={row} />
      <div className="contract-caption">
        <span>文书正文</span>
        <Button icon="print" text="打印" size="small" onClick={onPrint} />
      </div>
      <HtmlPreview html={String(row.content ?? '')} title="文书正文" />
    </div>
  );
}

/** 文书管理 of the institution (/live/tempeleteDocument/{typeId}). */
export const InstitutionDocuments = () => <DocumentList family={institutionDocuments} />;
