import { Button, Callout, DialogBody } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { outingResource } from '../../../domain/resources/outing.js';
import { LiveScreens } from '../../../domain/screens.js';
import type { OutingEventType, OutingFields } from '../../../machines/outingMachine.js';
import { ResourceForm, ResourceList, type Row, useResourceAuthority } from '../../../src/resource/index.js';
import { useLookup } from '../../../src/resource/useLookup.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { Dialog } from '../../../src/ui/Dialog.js';
import { outingRowActions, useOutingAuthority } from './actions.js';
import { OutingDetail } from './OutingDetail.js';
import { OutingEventDialog, type StepType } from './OutingEventDialog.js';
import './outing.css';

/** The steps of the registration screen; 通过 and 驳回 belong to the audit screen. */
const registerSteps: readonly OutingEventType[] = [
  'outing.edit',
  'outing.affirm',
  'outing.postpone',
  'outing.return',
  'outing.cancel',
];

type Open =
  | { kind: 'step'; type: StepType; row: Row; fields: OutingFields }
  | { kind: 'edit'; row: Row }
  | { kind: 'view'; outId: number }
  | null;

/**
 * 外出登记 (/live/Outing/register): the generic list and form of outings; each row offers what
 * outingMachine allows from its status and the user's authority allows (编辑, 确认外出, 延期, 返院登记, 取消).
 * `?oldmanId=` shows one elder's outings (an overdue reminder's 去处理).
 */
export function OutingRegister() {
  const may = useResourceAuthority(outingResource);
  const mayEvent = useOutingAuthority();
  const [open, setOpen] = useState<Open>(null);
  const [refresh, setRefresh] = useState(0);
  const oldmanId = Number(usePage().query.oldmanId) || null;
  const elders = useLookup(oldmanId ? 'oldman' : undefined);
  const elderName = elders.find((e) => Number(e.value) === oldmanId)?.label ?? '一位长者';
  const done = () => {
    setOpen(null);
    setRefresh((n) => n + 1);
  };
  return (
    <div className="page" data-testid="page-outing-register">
      {oldmanId ? (
        <Callout className="outing-one-elder" intent="primary" icon="filter" data-testid="outing-one-elder">
          只显示{elderName}的外出登记{' '}
          <Button
            small
            variant="minimal"
            text="显示全部"
            onClick={() => navigate(LiveScreens.outingRegister)}
          />
        </Callout>
      ) : null}
      <ResourceList
        def={outingResource}
        routeName={LiveScreens.outingRegister}
        canCreate={may.canCreate}
        fixedParams={oldmanId ? { oldmanId } : undefined}
        refreshKey={refresh}
        onOpen={(row) => setOpen({ kind: 'view', outId: Number(row.outId) })}
        rowActions={(row) =>
          outingRowActions(row, registerSteps, mayEvent, (type, r, fields) =>
            type === 'outing.edit'
              ? setOpen({ kind: 'edit', row: r })
              : setOpen({ kind: 'step', type: type as StepType, row: r, fields }),
          )
        }
        createInitial={() => ({
          outReason: 2,
          expectedOutTime: dayjs().format('YYYY-MM-DD HH:mm:00'),
          expectedReturnTime: dayjs().add(4, 'hour').format('YYYY-MM-DD HH:mm:00'),
        })}
      />
      {open?.kind === 'step' ? (
        <OutingEventDialog
          row={open.row}
          fields={open.fields}
          type={open.type}
          onClose={() => setOpen(null)}
          onDone={done}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <Dialog isOpen className="resource-dialog" title="编辑外出登记" onClose={() => setOpen(null)}>
          <DialogBody>
            <ResourceForm
              def={outingResource}
              mode="edit"
              initial={open.row}
              onSaved={done}
              onCancel={() => setOpen(null)}
            />
          </DialogBody>
        </Dialog>
      ) : null}
      {open?.kind === 'view' ? (
        <OutingDetail def={outingResource} outId={open.outId} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
