import { Alert, Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import type { ResourceDef } from '../../domain/resource.js';
import { lendEvents, lendWorkflow } from '../../machines/lendMachine.js';
import { stockDocEvents, stockDocWorkflow } from '../../machines/stockDocumentMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, workflowButton } from '../../src/resource/index.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { ChoiceSelect } from '../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { openPrintView } from '../../src/ui/printView.js';
import { errorsByField, markedField, useRevealOnFailure } from '../../src/ui/revealError.js';
import { WarehouseAuthority as A, docBodyOf, docPaths, type StockDocKind } from './api.js';
import { LendReturnDialog } from './LendReturn.js';
import {
  deliverResource,
  lendResource,
  type StockDocKindDef,
  scrapResource,
  stockDocKinds,
  storeResource,
  transferResource,
} from './module.js';
import './warehouse.css';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';

/** A kind of document (module.ts, declared once) with the resource its list shows. */
const setup: Record<StockDocKind, StockDocKindDef & { def: ResourceDef }> = {
  store: { ...stockDocKinds.store, def: storeResource },
  deliver: { ...stockDocKinds.deliver, def: deliverResource },
  scrap: { ...stockDocKinds.scrap, def: scrapResource },
  transfer: { ...stockDocKinds.transfer, def: transferResource },
  lend: { ...stockDocKinds.lend, def: lendResource },
};

type Line = { key: number; skuId: string; quantity: string; reason: string };
let lineKeys = 0;
const newLine = (): Line => ({ key: ++lineKeys, skuId: '', quantity: '', reason: '' });

/** 新增入库单 / 新增出库单: the depot, the supplier or receiver, and the lines of goods. */
function DocumentDialog({
  kind,
  canPrint,
  onClose,
  onSaved,
}: {
  kind: StockDocKind;
  canPrint: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const s = setup[kind];
  const paths = docPaths(kind);
  const { request, toast } = useApp();
  const depots = useLookup('depot');
  const suppliers = useLookup('supplier');
  const skus = useLookup('sku');
  const [depotId, setDepotId] = useState('');
  const [toDepotId, setToDepotId] = useState('');
  const [party, setParty] = useState('');
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [error, setError] = useState('');
  // every field at fault, marked where it is (issue #42 point 4), keyed as the schema's paths
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  const marked = (key: string) => markedField(errors, key);
  const partyKey = kind === 'store' ? 'supplierId' : 'receiver';
  const [busy, setBusy] = useState(false);
  const depotLabel = kind === 'transfer' ? '调出仓库' : '仓库';
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const save = async (print: boolean) => {
    const body = {
      depotId: depotId || undefined,
      ...(kind === 'store' ? { supplierId: party ? Number(party) : null } : { receiver: party }),
      ...(kind === 'transfer' ? { toDepotId: toDepotId ? Number(toDepotId) : null } : {}),
      remark,
      lines: lines.map((l) => ({
        skuId: l.skuId || undefined,
        quantity: l.quantity,
        ...(kind === 'scrap' ? { reason: l.reason } : {}),
      })),
    };
    const checked = docBodyOf(kind).safeParse(body);
    if (!checked.success) {
      const found = errorsByField(checked.error.issues);
      setErrors(found);
      // a fault of the document as a whole (no line given, a line twice) is said above the lines
      setError(found.lines ?? found[''] ?? '');
      revealError();
      return;
    }
    setErrors({});
    setError('');
    setBusy(true);
    try {
      const saved = await request<{ id: number; docNo: string }>({
        url: print ? paths.saveAndPrint : paths.save,
        method: 'POST',
        data: checked.data,
        silent: true,
      });
      toast(`${s.title}${saved.docNo}已保存`, 'success');
      onSaved();
      if (print) await openPrintView(pathWith(paths.printView, { id: saved.id }));
    } catch (e) {
      setError((e as { message?: string }).message ?? '保存失败');
      revealError();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`新增${s.title}`} onClose={onClose} style={{ width: 640 }}>
      <DialogBody>
        <div ref={bodyRef}>
          <FormGroup label={depotLabel} labelFor="doc-depot" labelInfo="（必填）" {...marked('depotId')}>
            <ChoiceSelect
              id="doc-depot"
              label={depotLabel}
              choices={depots}
              value={depotId}
              onChange={setDepotId}
            />
          </FormGroup>
          {kind === 'transfer' ? (
            <FormGroup label="调入仓库" labelFor="doc-to-depot" labelInfo="（必填）" {...marked('toDepotId')}>
              <ChoiceSelect
                id="doc-to-depot"
                label="调入仓库"
                choices={depots}
                value={toDepotId}
                onChange={setToDepotId}
              />
            </FormGroup>
          ) : null}
          {kind === 'scrap' || kind === 'transfer' ? null : kind === 'store' ? (
            <FormGroup label="供应商" labelFor="doc-supplier" {...marked(partyKey)}>
              <ChoiceSelect
                id="doc-supplier"
                label="供应商"
                choices={suppliers}
                value={party}
                onChange={setParty}
              />
            </FormGroup>
          ) : (
            <FormGroup
              label={kind === 'lend' ? '借用人' : '领用人'}
              labelFor="doc-receiver"
              labelInfo={kind === 'lend' ? '（必填）' : undefined}
              {...marked(partyKey)}
            >
              <InputGroup
                id="doc-receiver"
                value={party}
                maxLength={20}
                onChange={(e) => setParty(e.target.value)}
              />
            </FormGroup>
          )}
          {lines.map((line, i) => (
            <div key={line.key} className="warehouse-line" data-testid="doc-line">
              <FormGroup label={`物品${i + 1}`} labelFor={`doc-sku-${i}`} {...marked(`lines.${i}.skuId`)}>
                <ChoiceSelect
                  id={`doc-sku-${i}`}
                  label={`物品${i + 1}`}
                  choices={skus}
                  value={line.skuId}
                  onChange={(skuId) => setLine(i, { skuId })}
                />
              </FormGroup>
              <FormGroup
                label={i === 0 ? '数量' : `数量${i + 1}`}
                labelFor={`doc-qty-${i}`}
                {...marked(`lines.${i}.quantity`)}
              >
                <InputGroup
                  id={`doc-qty-${i}`}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value })}
                />
              </FormGroup>
              {kind === 'scrap' ? (
                <FormGroup
                  label={i === 0 ? '报废原因' : `报废原因${i + 1}`}
                  labelFor={`doc-reason-${i}`}
                  {...marked(`lines.${i}.reason`)}
                >
                  <InputGroup
                    id={`doc-reason-${i}`}
                    value={line.reason}
                    maxLength={50}
                    placeholder="如：破损、过期"
                    onChange={(e) => setLine(i, { reason: e.target.value })}
                  />
                </FormGroup>
              ) : null}
              {lines.length > 1 ? (
                <Button
                  minimal
                  icon="cross"
                  aria-label="删除此行"
                  onClick={() => setLines(lines.filter((_, j) => j !== i))}
                />
              ) : null}
            </div>
          ))}
          <Button icon="add" text="添加物品" onClick={() => setLines([...lines, newLine()])} />
          <FormGroup label="备注" labelFor="doc-remark" style={{ marginTop: 12 }}>
            <InputGroup
              id="doc-remark"
              value={remark}
              maxLength={200}
              onChange={(e) => setRemark(e.target.value)}
            />
          </FormGroup>
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button text="保存" intent={Intent.PRIMARY} loading={busy} onClick={() => void save(false)} />
            {canPrint ? (
              <Button
                text="保存并打印"
                intent={Intent.SUCCESS}
                loading={busy}
                onClick={() => void save(true)}
              />
            ) : null}
          </>
        }
      />
    </Dialog>
  );
}

/**
 * 入库管理 / 出库管理 (issue #16): the documents of the ledger; 新增 saves (or saves and prints) a
 * document, each row prints it and red-punches it once where stockDocumentMachine allows.
 */
function StockDocuments({ kind }: { kind: StockDocKind }) {
  const s = setup[kind];
  const paths = docPaths(kind);
  const { request, toast } = useApp();
  const canAdd = useAuthority(s.add);
  const canPrint = useAuthority(s.print);
  const canPunch = useAuthority(s.redPunch ?? 'never') && s.redPunch !== undefined;
  const [adding, setAdding] = useState(false);
  const [punching, setPunching] = useState<Row | null>(null);
  const [returning, setReturning] = useState<Row | null>(null);
  const canReturn = useAuthority(A.lendReturn) && kind === 'lend';
  const [changed, setChanged] = useState(0);
  const idOf = (row: Row) => Number(row[s.idField]);
  const print = async (row: Row) => {
    try {
      await request({ url: paths.print, method: 'POST', data: { id: idOf(row) }, silent: true });
      setChanged((n) => n + 1);
      await openPrintView(pathWith(paths.printView, { id: idOf(row) }));
    } catch (e) {
      toast((e as { message?: string }).message ?? '打印失败', 'danger');
    }
  };
  const punch = async (row: Row) => {
    setPunching(null);
    try {
      const done = await request<{ docNo: string }>({
        url: paths.list,
        method: 'POST',
        data: { id: idOf(row) },
        silent: true,
      });
      toast(`已冲红，冲红单${done.docNo}`, 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '冲红失败', 'danger');
    }
    setChanged((n) => n + 1);
  };
  return (
    <div className="page" data-testid={`page-${kind}`}>
      <ResourceList
        def={s.def}
        routeName={s.route}
        refreshKey={changed}
        actionsWidth={200}
        onOpen={(row) =>
          void openPrintView(pathWith(paths.printView, { id: idOf(row) })).catch((e: { message?: string }) =>
            toast(e.message ?? '打开失败', 'danger'),
          )
        }
        toolbarExtra={
          canAdd ? (
            <Button
              icon="add"
              intent={Intent.PRIMARY}
              text={`新增${s.title}`}
              onClick={() => setAdding(true)}
            />
          ) : null
        }
        rowActions={(row) => (
          <>
            {canPrint
              ? workflowButton(
                  stockDocWorkflow,
                  row,
                  'stockDoc.print',
                  stockDocEvents['stockDoc.print'].label,
                  () => void print(row),
                )
              : null}
            {canPunch
              ? workflowButton(
                  stockDocWorkflow,
                  row,
                  'stockDoc.reverse',
                  stockDocEvents['stockDoc.reverse'].label,
                  () => setPunching(row),
                  true,
                )
              : null}
            {/* a fully returned lending has nothing left to return: no 归还 at all (issue #42 point 6) */}
            {canReturn && lendWorkflow.stateOf(row) !== 'returned'
              ? workflowButton(lendWorkflow, row, 'lend.return', lendEvents['lend.return'].label, () =>
                  setReturning(row),
                )
              : null}
          </>
        )}
      />
      {returning ? (
        <LendReturnDialog
          lendId={idOf(returning)}
          docNo={String(returning.docNo)}
          onClose={() => setReturning(null)}
          onDone={() => {
            setReturning(null);
            setChanged((n) => n + 1);
          }}
        />
      ) : null}
      {adding ? (
        <DocumentDialog
          kind={kind}
          canPrint={canPrint}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setChanged((n) => n + 1);
          }}
        />
      ) : null}
      <Alert
        isOpen={punching !== null}
        intent={Intent.DANGER}
        confirmButtonText="冲红"
        cancelButtonText="取消"
        onCancel={() => setPunching(null)}
        onConfirm={() => punching && void punch(punching)}
      >
        冲红将生成一张数量相反的冲红单，库存随之恢复，且每张单据只能冲红一次。确定冲红{s.title}
        {String(punching?.docNo ?? '')}吗？
      </Alert>
    </div>
  );
}

export const StockIn = () => <StockDocuments kind="store" />;
export const StockOut = () => <StockDocuments kind="deliver" />;
export const Scrap = () => <StockDocuments kind="scrap" />;
export const Transfer = () => <StockDocuments kind="transfer" />;
export const Lend = () => <StockDocuments kind="lend" />;
