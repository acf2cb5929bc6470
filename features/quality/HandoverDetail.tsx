import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { QualityAuthority as A } from '../../domain/api/quality.js';
import { dictLabel } from '../../domain/dictionaries.js';
import {
  handoverItemResource,
  handoverResource,
} from '../../domain/modules/administration/qualityHandover.js';
import { AdministrationScreens as S } from '../../domain/screens.js';
import { handoverWorkflow } from '../../machines/handoverMachine.js';
import { offers } from '../../machines/workflow.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList } from '../../src/resource/index.js';
import { usePage } from '../../src/router/page.js';
import { RecordPage } from './RecordPage.js';
import { useConfirmHandover } from './useConfirmHandover.js';

/** 交接班详情 (?id=): the handover and, per elder, what the next shift must know. */
export function HandoverDetail() {
  const id = Number(usePage().query.id ?? 0);
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const mayEdit = useAuthority(A.handoverEdit);
  const mayConfirm = useAuthority(A.handoverConfirm);
  const confirm = useConfirmHandover(reload);
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
            disabled={!offers(handoverWorkflow, row, 'handover.confirm')}
            onClick={() => void confirm(row)}
          />
        ) : null
      }
    >
      {(row) => {
        const open = mayEdit && offers(handoverWorkflow, row, 'handover.edit');
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
            />
          </>
        );
      }}
    </RecordPage>
  );
}
