import { Callout, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { DrugScreens as S } from '../../domain/screens.js';
import { custodyEvents, drugCustodyWorkflow } from '../../machines/drugCustodyMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceForm, ResourceList, type Row, workflowButton } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { DrugAuthority as A } from './api.js';
import { keepResource, takeResource, useResource } from './module.js';

type Drawing = { kind: 'use' | 'take'; row: Row } | null;

const forms = {
  use: { def: useResource, title: '用药', done: '已记录用药' },
  take: { def: takeResource, title: '取药（退还家属 / 销毁）', done: '已记录取药' },
} as const;

/**
 * 代管药品 (spec 001 §2 drug/depositedList, issue #16): the drugs families handed over, per custody
 * record. 新增 registers one (代管登记); each open record gives a dose (用药) or takes units out
 * (取药: 退还家属 or 销毁), greyed by drugCustodyMachine where the record is closed. The forms are
 * the resources' own, checked by the schemas the server uses; a dose beyond the rest is refused by
 * the server with its Chinese message, shown above the form.
 */
export function Deposited() {
  const { toast } = useApp();
  const canAdd = useAuthority(A.keepAdd);
  const canUse = useAuthority(A.use);
  const canTake = useAuthority(A.take);
  const [drawing, setDrawing] = useState<Drawing>(null);
  const [changed, setChanged] = useState(0);
  const form = drawing ? forms[drawing.kind] : null;
  return (
    <div className="page" data-testid="page-drug-deposited">
      <ResourceList
        def={keepResource}
        routeName={S.depositedList}
        canCreate={canAdd}
        refreshKey={changed}
        actionsWidth={180}
        rowActions={(row) => (
          <>
            {canUse
              ? workflowButton(
                  drugCustodyWorkflow,
                  row,
                  'custody.use',
                  custodyEvents['custody.use'].label,
                  () => setDrawing({ kind: 'use', row }),
                )
              : null}
            {canTake
              ? workflowButton(drugCustodyWorkflow, row, 'custody.giveBack', '取药', () =>
                  setDrawing({ kind: 'take', row }),
                )
              : null}
          </>
        )}
      />
      {drawing && form ? (
        <Dialog isOpen className="resource-dialog" title={form.title} onClose={() => setDrawing(null)}>
          <DialogBody>
            <Callout compact data-testid="keep-summary" style={{ marginBottom: 12 }}>
              {String(drawing.row.oldmanName ?? '')}　{String(drawing.row.drugName ?? '')}　现余
              {String(drawing.row.restQuantity ?? 0)}
              {String(drawing.row.unit ?? '')}
            </Callout>
            <ResourceForm
              def={form.def}
              mode="create"
              initial={{ keepId: drawing.row.keepId }}
              onSaved={() => {
                toast(form.done, 'success');
                setDrawing(null);
                setChanged((n) => n + 1);
              }}
              onCancel={() => setDrawing(null)}
            />
          </DialogBody>
        </Dialog>
      ) : null}
    </div>
  );
}
