import { Button } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { AlarmRecord, AlarmSource } from '../../domain/alarms.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceList } from '../../src/resource/index.js';
import { AlarmDialogs, type Dialogs } from './AlarmDialogs.js';
import { mattressAlarmRecordResource, pntAlarmRecordResource } from './resources/records.js';
import { useAlarmActions } from './useAlarmActions.js';

/**
 * The records of one source on the shared list (filters, paging, export, columns); a row opens its
 * detail. Paged within a snapshot (issue #19): the newest record id when the history was opened (or
 * 刷新 pressed) bounds every page, so alarms raised meanwhile do not shift a row onto the next page.
 */
export function AlarmHistory({ source }: { source: AlarmSource }) {
  const def = source === 'pnt' ? pntAlarmRecordResource : mattressAlarmRecordResource;
  const { request } = useApp();
  const actions = useAlarmActions(source);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [bound, setBound] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the reload trigger
  useEffect(() => {
    let live = true;
    request<{ list: { recordId: number }[] }>({
      url: def.api.list ?? '',
      params: { pageNum: 1, pageSize: 1, sortField: 'recordId', sortOrder: 'desc' },
      silent: true,
    }).then(
      (page) => live && setBound(page.list[0]?.recordId ?? 0),
      () => live && setBound(0),
    );
    return () => {
      live = false;
    };
  }, [def, request, round]);
  if (bound === null) return <div data-testid="alarm-history" />;
  return (
    <div data-testid="alarm-history">
      <ResourceList
        def={def}
        fixedParams={bound ? { maxRecordId: bound } : undefined}
        onOpen={(row) => setDialog({ kind: 'detail', record: row as unknown as AlarmRecord })}
        toolbarExtra={
          <Button
            icon="refresh"
            text="载入新记录"
            data-testid="history-latest"
            onClick={() => setRound((n) => n + 1)}
          />
        }
      />
      <AlarmDialogs
        dialog={dialog}
        onDialog={(next) => {
          setDialog(next);
          if (next === null) setRound((n) => n + 1);
        }}
        actions={actions}
      />
    </div>
  );
}
