import { Button, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { pathWith } from '../../domain/api/path.js';
import { useApp } from '../../src/app/AppContext.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ErrorCallout } from '../../src/ui/ErrorCallout.js';
import { lendReturnBody, WarehouseApi as P } from './api.js';

type OutLine = {
  skuId: number;
  skuName: string;
  specName: string;
  lent: number;
  returned: number;
  out: number;
};

/** 归还: what is still out of each line of a lending, and how many come back now. */
export function LendReturnDialog({
  lendId,
  docNo,
  onClose,
  onDone,
}: {
  lendId: number;
  docNo: string;
  onClose(): void;
  onDone(): void;
}) {
  const { request, toast } = useApp();
  const [lines, setLines] = useState<OutLine[] | null>(null);
  const [back, setBack] = useState<Record<number, string>>({});
  const [returner, setReturner] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    request<{ lines: OutLine[] }>({ url: pathWith(P.lendOut, { lendId }), silent: true })
      .then((r) => {
        setLines(r.lines);
        setBack(Object.fromEntries(r.lines.map((l) => [l.skuId, l.out > 0 ? String(l.out) : ''])));
      })
      .catch((e: { message?: string }) => setError(e.message ?? '读取失败'));
  }, [request, lendId]);
  const save = async () => {
    const body = {
      lendId,
      returner,
      lines: (lines ?? [])
        .filter((l) => (back[l.skuId] ?? '').trim() !== '' && back[l.skuId] !== '0')
        .map((l) => ({ skuId: l.skuId, quantity: back[l.skuId] })),
    };
    const checked = lendReturnBody.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? '请检查输入');
      return;
    }
    setBusy(true);
    try {
      const done = await request<{ docNo: string }>({
        url: P.lendReturn,
        method: 'POST',
        data: checked.data,
        silent: true,
      });
      toast(`已归还，归还单${done.docNo}`, 'success');
      onDone();
    } catch (e) {
      setError((e as { message?: string }).message ?? '归还失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`归还 ${docNo}`} onClose={onClose} style={{ width: 520 }}>
      <DialogBody>
        {(lines ?? []).map((l) => (
          <FormGroup
            key={l.skuId}
            label={`${l.skuName}（借出${l.lent}${l.specName}，已还${l.returned}，未还${l.out}）`}
            labelFor={`return-${l.skuId}`}
          >
            <InputGroup
              id={`return-${l.skuId}`}
              inputMode="numeric"
              aria-label={`${l.skuName}归还数量`}
              disabled={l.out === 0}
              value={back[l.skuId] ?? ''}
              onChange={(e) => setBack({ ...back, [l.skuId]: e.target.value })}
            />
          </FormGroup>
        ))}
        <FormGroup label="归还人" labelFor="return-returner">
          <InputGroup
            id="return-returner"
            value={returner}
            maxLength={20}
            placeholder="默认为借用人"
            onChange={(e) => setReturner(e.target.value)}
          />
        </FormGroup>
        {error ? <ErrorCallout>{error}</ErrorCallout> : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={onClose} />
            <Button text="归还" intent={Intent.PRIMARY} loading={busy} onClick={() => void save()} />
          </>
        }
      />
    </Dialog>
  );
}
