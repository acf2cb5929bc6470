import { Button, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { contractResource as def } from '../../../domain/resources/contract.js';
import { useApp } from '../../../src/app/AppContext.js';
import {
  ResourceDetail,
  ResourceList,
  rowButton,
  useResourceAuthority,
} from '../../../src/resource/index.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { ContractForm } from './ContractForm.js';
import { HtmlPreview } from './HtmlPreview.js';
import { printContract } from './printContract.js';
import './contract.css';

type Row = Record<string, unknown>;
type Open = { kind: 'create' } | { kind: 'edit'; row: Row } | { kind: 'view'; row: Row } | null;

/** Prints a contract in a new window; a refusal shows as a toast. */
function usePrint() {
  const { toast } = useApp();
  return (contractId: number) =>
    printContract(contractId).catch((e: { message?: string }) => toast(e.message ?? '打印失败', 'danger'));
}

/** The terms without the stored text, which shows rendered below them. */
const termsDef = { ...def, fields: def.fields.filter((f) => !f.hidden) };

/** A contract's terms and its stored text. */
function ContractView({ row, onPrint }: { row: Row; onPrint(): void }) {
  return (
    <div className="contract-view">
      <ResourceDetail def={termsDef} row={row} />
      <div className="contract-caption">
        <span>合同正文</span>
        <Button icon="print" text="打印" size="small" onClick={onPrint} />
      </div>
      <HtmlPreview html={String(row.content ?? '')} title="合同正文" />
    </div>
  );
}

/**
 * 合同管理 (/live/contractDocument): contracts with filters. Deleting is offered on every row and
 * refused by the server unless the contract is a draft (docs/decisions.md).
 */
export function ContractList() {
  const { toast } = useApp();
  const can = useResourceAuthority(def);
  const [open, setOpen] = useState<Open>(null);
  const [refresh, setRefresh] = useState(0);
  const print = usePrint();
  const saved = () => {
    setOpen(null);
    toast('保存成功', 'success');
    setRefresh((n) => n + 1);
  };
  const title = { create: '新增合同', edit: '编辑合同', view: '查看合同' }[open?.kind ?? 'view'];
  return (
    <>
      <ResourceList
        def={def}
        routeName="/live/contractDocument"
        canCreate={can.canCreate}
        canEdit={can.canEdit}
        canRemove={can.canRemove}
        refreshKey={refresh}
        onCreate={() => setOpen({ kind: 'create' })}
        onEdit={(row) => setOpen({ kind: 'edit', row })}
        onOpen={(row) => setOpen({ kind: 'view', row })}
        rowActions={(row) => rowButton('打印', () => print(Number(row.contractId)))}
      />
      <Dialog isOpen={open !== null} onClose={() => setOpen(null)} title={title} className="contract-dialog">
        <DialogBody>
          {open?.kind === 'create' ? <ContractForm onSaved={saved} onCancel={() => setOpen(null)} /> : null}
          {open?.kind === 'edit' ? (
            <ContractForm contract={open.row} onSaved={saved} onCancel={() => setOpen(null)} />
          ) : null}
          {open?.kind === 'view' ? (
            <ContractView row={open.row} onPrint={() => print(Number(open.row.contractId))} />
          ) : null}
        </DialogBody>
      </Dialog>
    </>
  );
}
