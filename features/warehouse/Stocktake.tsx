import { Alert, Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { WarehouseScreens as S } from '../../domain/screens.js';
import { stocktakeEvents, stocktakeWorkflow } from '../../machines/stocktakeMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, workflowButton } from '../../src/resource/index.js';
import { useLookup } from '../../src/resource/useLookup.js';
import { ChoiceSelect } from '../../src/ui/ChoiceSelect.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { openPrintView } from '../../src/ui/printView.js';
import { WarehouseAuthority as A, type InventoryDetail, inventoryBody, WarehouseApi as P } from './api.js';
import { inventoryResource } from './module.js';
import './warehouse.css';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { useRevealOnFailure } from '../../src/ui/revealError.js';
import { countErrors, fillFromBook, uncountedMessage } from './stocktakeCounts.js';

const message = (e: unknown, fallback: string) => (e as { message?: string }).message ?? fallback;

/** 新增盘点: the depot whose book quantities are snapshot now. */
function NewStocktake({ onClose, onCreated }: { onClose(): void; onCreated(id: number): void }) {
  const { request, toast } = useApp();
  const depots = useLookup('depot');
  const [depotId, setDepotId] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const create = async () => {
    const checked = inventoryBody.safeParse({ depotId: depotId || undefined, remark });
    if (!checked.success || !depotId) {
      setError(checked.success ? '请选择仓库' : (checked.error.issues[0]?.message ?? '请检查输入'));
      return;
    }
    setBusy(true);
    try {
      const saved = await request<{ id: number; docNo: string }>({
        url: P.inventory.save,
        method: 'POST',
        data: checked.data,
        silent: true,
      });
      toast(`盘点单${saved.docNo}已建立，账面数量已快照`, 'success');
      onCreated(saved.id);
    } catch (e) {
      setError(message(e, '保存失败'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title="新增盘点" onClose={onClose} style={{ width: 480 }}>
      <DialogBody>
        <FormGroup label="仓库" labelFor="inv-depot" labelInfo="（必填）">
          <ChoiceSelect id="inv-depot" label="仓库" choices={depots} value={depotId} onChange={setDepotId} />
        </FormGroup>
        <FormGroup label="备注" labelFor="inv-remark">
          <InputGroup
            id="inv-remark"
            value={remark}
            maxLength={200}
            onChange={(e) => setRemark(e.target.value)}
          />
        </FormGroup>
        <p className="bp6-text-muted">建立后将记录该仓库各物品当前的账面数量，再逐项录入实盘数量。</p>
        {error ? <ErrorCallout>{error}</ErrorCallout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button text="建立盘点单" intent={Intent.PRIMARY} loading={busy} onClick={() => void create()} />
          </>
        }
      />
    </Dialog>
  );
}

/** 盘点录入: the snapshot's book quantity of each sku and its counted quantity; save, or post. */
function CountDialog({ id, onClose, onChanged }: { id: number; onClose(): void; onChanged(): void }) {
  const { request, toast } = useApp();
  const canPost = useAuthority(A.inventoryPost);
  const [detail, setDetail] = useState<InventoryDetail | null>(null);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [version, setVersion] = useState(0);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [bodyRef, revealError] = useRevealOnFailure<HTMLDivElement>();
  const refuse = (text: string) => {
    setError(text);
    revealError();
  };
  /** The counts' own checks, before anything is sent or confirmed; false (and shown) if one fails. */
  const checkCounts = (posting: boolean) => {
    const lines = detail?.lines ?? [];
    const found = countErrors(lines, counts, posting);
    setLineErrors(found);
    if (!Object.keys(found).length) return true;
    refuse(uncountedMessage(lines, found));
    return false;
  };
  useEffect(() => {
    void version;
    request<InventoryDetail>({ url: pathWith(P.inventory.get, { id }), silent: true })
      .then((d) => {
        setDetail(d);
        setCounts((old) =>
          Object.fromEntries(
            d.lines.map((l) => [
              l.skuId,
              old[l.skuId] ?? (l.countQuantity === null ? '' : String(l.countQuantity)),
            ]),
          ),
        );
      })
      .catch((e) => setError(message(e, '读取失败')));
  }, [request, id, version]);
  const send = async (mode: 'save' | 'post' | 'resnapshot') => {
    if (mode !== 'resnapshot' && !checkCounts(mode === 'post')) return;
    const checked = inventoryBody.safeParse({
      inventoryId: id,
      resnapshot: mode === 'resnapshot' || undefined,
      lines: (detail?.lines ?? []).map((l) => ({ skuId: l.skuId, countQuantity: counts[l.skuId] ?? '' })),
    });
    if (!checked.success) {
      refuse(checked.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const saved = await request<{ docNo: string }>({
        url: mode === 'post' ? P.inventory.saveAndPrint : P.inventory.save,
        method: 'POST',
        data: checked.data,
        silent: true,
      });
      onChanged();
      if (mode === 'post') {
        toast(`盘点单${saved.docNo}已过账，差异已计入库存`, 'success');
        onClose();
        await openPrintView(pathWith(P.inventory.printView, { id }));
        return;
      }
      toast(mode === 'resnapshot' ? '已重新快照账面数量，请核对实盘数量' : '实盘数量已保存', 'success');
      setStale(false);
      setVersion((v) => v + 1);
    } catch (e) {
      const text = message(e, '保存失败');
      refuse(text);
      setStale(text.includes('重新快照'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`盘点录入 ${detail?.docNo ?? ''}`} onClose={onClose} style={{ width: 560 }}>
      <DialogBody>
        <div ref={bodyRef}>
          {error ? <ErrorCallout>{error}</ErrorCallout> : null}
          <p>
            仓库：{detail?.depotName ?? ''}　快照时间：{detail?.docTime ?? ''}
            {detail?.lines.length ? (
              <Button
                size="small"
                variant="minimal"
                icon="duplicate"
                text="未盘点按账面数填入"
                style={{ marginLeft: 12 }}
                disabled={busy}
                onClick={() => {
                  const { counts: filled, filled: n } = fillFromBook(detail.lines, counts);
                  setCounts(filled);
                  setLineErrors((old) =>
                    Object.fromEntries(
                      Object.entries(old).filter(([sku]) => (counts[Number(sku)] ?? '').trim()),
                    ),
                  );
                  if (!n) toast('每项都已录入实盘数量', 'primary');
                  else {
                    setError('');
                    toast(`已按账面数填入${n}项，请核对后再过账`, 'success');
                  }
                }}
              />
            ) : null}
          </p>
          {(detail?.lines ?? []).map((l) => {
            const raw = counts[l.skuId] ?? '';
            const diff = raw.trim() === '' || Number.isNaN(Number(raw)) ? null : Number(raw) - l.bookQuantity;
            return (
              <div key={l.skuId} className="warehouse-line" data-testid="count-line">
                <FormGroup
                  label={`${l.skuName}（账面${l.bookQuantity}${l.specName}）`}
                  labelFor={`count-${l.skuId}`}
                  intent={lineErrors[l.skuId] ? Intent.DANGER : Intent.NONE}
                  helperText={lineErrors[l.skuId]}
                >
                  <InputGroup
                    id={`count-${l.skuId}`}
                    inputMode="numeric"
                    aria-label={`${l.skuName}实盘数量`}
                    intent={lineErrors[l.skuId] ? Intent.DANGER : Intent.NONE}
                    value={raw}
                    onChange={(e) => {
                      setCounts({ ...counts, [l.skuId]: e.target.value });
                      if (lineErrors[l.skuId]) setLineErrors(({ [l.skuId]: _, ...rest }) => rest);
                    }}
                  />
                </FormGroup>
                <span className="warehouse-diff">
                  {diff === null || diff === 0 ? '' : diff > 0 ? `盘盈${diff}` : `盘亏${-diff}`}
                </span>
              </div>
            );
          })}
          {detail && !detail.lines.length ? <p>该仓库尚无库存物品。</p> : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            {stale ? <Button text="重新快照" loading={busy} onClick={() => void send('resnapshot')} /> : null}
            <Button text="保存" loading={busy} onClick={() => void send('save')} />
            {canPost ? (
              <Button
                text="过账"
                intent={Intent.PRIMARY}
                loading={busy}
                // the checks first: “确定过账吗？” only for counts that can be posted
                onClick={() => checkCounts(true) && setConfirming(true)}
              />
            ) : null}
          </>
        }
      />
      <Alert
        isOpen={confirming}
        intent={Intent.PRIMARY}
        confirmButtonText="过账"
        cancelButtonText="取消"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send('post');
        }}
      >
        过账后，实盘数量与账面数量的差异将作为盘点记录计入库存，且不能撤销。确定过账吗？
      </Alert>
    </Dialog>
  );
}

/**
 * 库存盘点 (issue #16): stocktakes of a depot; 新增盘点 snapshots the book quantities, 录入 takes the
 * counts and posts the differences, 打印 prints the count sheet or the result, 作废 drops one being
 * counted — each greyed by stocktakeWorkflow.
 */
export function Stocktake() {
  const { request, toast } = useApp();
  const canAdd = useAuthority(A.inventoryAdd);
  const canPrint = useAuthority(A.inventoryPrint);
  const [adding, setAdding] = useState(false);
  const [counting, setCounting] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [changed, setChanged] = useState(0);
  const refresh = () => setChanged((n) => n + 1);
  const idOf = (row: Row) => Number(row.inventoryId);
  const view = (id: number) =>
    void openPrintView(pathWith(P.inventory.printView, { id })).catch((e) =>
      toast(message(e, '打开失败'), 'danger'),
    );
  const print = async (row: Row) => {
    try {
      await request({ url: P.inventory.print, method: 'POST', data: { id: idOf(row) }, silent: true });
      await openPrintView(pathWith(P.inventory.printView, { id: idOf(row) }));
    } catch (e) {
      toast(message(e, '打印失败'), 'danger');
    }
  };
  const cancel = async (row: Row) => {
    setCancelling(null);
    try {
      await request({ url: P.inventoryCancel, method: 'POST', data: { id: idOf(row) }, silent: true });
      toast(`盘点单${String(row.docNo)}已作废`, 'success');
    } catch (e) {
      toast(message(e, '作废失败'), 'danger');
    }
    refresh();
  };
  return (
    <div className="page" data-testid="page-inventory">
      <ResourceList
        def={inventoryResource}
        routeName={S.inventory}
        refreshKey={changed}
        actionsWidth={200}
        onOpen={(row) => view(idOf(row))}
        toolbarExtra={
          canAdd ? (
            <Button icon="add" intent={Intent.PRIMARY} text="新增盘点" onClick={() => setAdding(true)} />
          ) : null
        }
        rowActions={(row) => (
          <>
            {canAdd
              ? workflowButton(stocktakeWorkflow, row, 'stocktake.save', '录入', () => setCounting(idOf(row)))
              : null}
            {canPrint
              ? workflowButton(
                  stocktakeWorkflow,
                  row,
                  'stocktake.print',
                  stocktakeEvents['stocktake.print'].label,
                  () => void print(row),
                )
              : null}
            {canAdd
              ? workflowButton(
                  stocktakeWorkflow,
                  row,
                  'stocktake.cancel',
                  stocktakeEvents['stocktake.cancel'].label,
                  () => setCancelling(row),
                  true,
                )
              : null}
          </>
        )}
      />
      {adding ? (
        <NewStocktake
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            refresh();
            setCounting(id);
          }}
        />
      ) : null}
      {counting !== null ? (
        <CountDialog id={counting} onClose={() => setCounting(null)} onChanged={refresh} />
      ) : null}
      <Alert
        isOpen={cancelling !== null}
        intent={Intent.DANGER}
        confirmButtonText="作废"
        cancelButtonText="取消"
        onCancel={() => setCancelling(null)}
        onConfirm={() => cancelling && void cancel(cancelling)}
      >
        作废后该盘点单不再过账，库存不变。确定作废盘点单{String(cancelling?.docNo ?? '')}吗？
      </Alert>
    </div>
  );
}
