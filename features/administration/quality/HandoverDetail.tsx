import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import { dictLabel } from '../../../domain/dictionaries.js';
import { AdministrationScreens as S } from '../../../domain/screens.js';
import { handoverWorkflow } from '../../../machines/handoverMachine.js';
import { offers, refusal } from '../../../machines/workflow.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton } from '../../../src/resource/index.js';
import { usePage } from '../../../src/router/page.js';
import { storedUser } from '../../../src/session/effects.js';
import { QualityAuthority as A, QualityPaths as P } from '../api/quality.js';
import { handoverItemResource, handoverResource } from '../resources/qualityHandover.js';
import { HandoverGathered } from './HandoverGathered.js';
import { RecordPage } from './RecordPage.js';
import { useConfirmHandover } from './useConfirmHandover.js';

/**
 * 交接班详情 (?id=): the handover and, per elder, what the next shift must know — each note 已知晓
 * by the receiver herself — and, while it is written, what the shift gathered to take into the notes.
 */
export function HandoverDetail() {
  const id = Number(usePage().query.id ?? 0);
  const { request, toast } = useApp();
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const mayEdit = useAuthority(A.handoverEdit);
  const mayConfirm = useAuthority(A.handoverConfirm);
  const confirm = useConfirmHandover(reload);
  const me = storedUser()?.empInfo?.empId;
  const acknowledge = async (item: Row) => {
    try {
      await request({
        url: pathWith(P.handoverItemAck, { id: Number(item.itemId) }),
        method: 'PUT',
        data: {},
        silent: true,
      });
      toast('已确认知晓', 'success');
    } catch (e) {
      toast((e as { message?: string }).message ?? '确认知晓失败', 'danger');
    }
    reload();
  };
  return (
    <RecordPage
      def={handoverResource}
      id={id}
      version={version}
      testId="page-handover-detail"
      back={S.shiftExchange}
      title={(row) =>
        `${String(row.handoverDate)} ${dictLabel('handoverShift', Number(row.fromShift))}→${dictLabel(
          'handoverShift',
          Number(row.toShift),
        )}（${dictLabel('handoverStatus', Number(row.handoverStatus))}）`
      }
      steps={(row) =>
        mayConfirm ? (
          <Button
            intent="primary"
            text="接班确认"
            disabled={refusal(handoverWorkflow, row, 'handover.confirm', '接班确认') !== null}
            title={refusal(handoverWorkflow, row, 'handover.confirm', '接班确认') ?? undefined}
            onClick={() => void confirm(row)}
          />
        ) : null
      }
    >
      {(row) => {
        const pending = offers(handoverWorkflow, row, 'handover.edit');
        const open = mayEdit && pending;
        const receiver = mayConfirm && pending && Number(row.receivedBy) === me;
        return (
          <>
            <h4 className="quality-section">长者交代</h4>
            <ResourceList
              def={handoverItemResource}
              routeName={S.shiftExchangeDetail}
              fixedParams={{ handoverId: id }}
              refreshKey={version}
              canCreate={open}
              canEdit={open}
              canRemove={open}
              canOpen={false}
              createInitial={{ handoverId: id }}
              emptyText="尚无长者交代"
              onChanged={reload}
              rowActions={
                receiver
                  ? (item) =>
                      rowButton(
                        '已知晓',
                        () => void acknowledge(item),
                        false,
                        Boolean(item.ackTime),
                        item.ackTime ? '已确认知晓' : null,
                      )
                  : undefined
              }
            />
            {open ? (
              <HandoverGathered handoverId={id} version={version} canTake={open} onTaken={reload} />
            ) : null}
          </>
        );
      }}
    </RecordPage>
  );
}
