import { Classes } from '@blueprintjs/core';
import { useState } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceList, type Row } from '../../../src/resource/index.js';
import { useLookup } from '../../../src/resource/useLookup.js';
import { usePage } from '../../../src/router/page.js';
import { callRecordResource } from '../resources/records.js';

/** Spec 000 §3 R10 call status: 1 responded (green), 2 no response (red), 3 cancelled. */
const statusIntent: Record<number, string> = { 1: Classes.INTENT_SUCCESS, 2: Classes.INTENT_DANGER };

/**
 * One call-record list (features/iot/resources/records.ts) on the shared list: filters, paging, export
 * and columns; each call's deal type is chosen in its row (PUT /ecms/web-org/callrecords).
 */
export function CallHistory({ def }: { def: ResourceDef }) {
  const { request, toast } = useApp();
  const page = usePage();
  const dealTypes = useLookup('callDealType');
  const [refreshKey, setRefreshKey] = useState(0);
  const setDealType = (call: Row, dealType: number) =>
    request({
      url: callRecordResource.api.update ?? '',
      method: 'PUT',
      data: { callId: call.callId, dealType },
    }).then(
      () => {
        toast('处理类型已保存', 'success');
        setRefreshKey((k) => k + 1);
      },
      () => undefined,
    );
  // Plain markup: a cell renders per visible row.
  const cells = {
    callStatus: (c: Row) => (
      <span className={`${Classes.TAG} ${Classes.MINIMAL} ${statusIntent[Number(c.callStatus)] ?? ''}`}>
        {dictLabel('r10CallStatus', Number(c.callStatus)) || String(c.callStatus)}
      </span>
    ),
    dealType: (c: Row) => (
      <div className={`${Classes.HTML_SELECT} ${Classes.MINIMAL} ${Classes.SMALL}`}>
        <select
          aria-label="处理类型"
          value={c.dealType == null ? '' : String(c.dealType)}
          onChange={(e) => void setDealType(c, Number(e.currentTarget.value))}
        >
          <option value="" disabled>
            未设置
          </option>
          {dealTypes.map((d) => (
            <option key={String(d.value)} value={String(d.value)}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
    ),
  };
  return (
    <div data-testid="call-history">
      <ResourceList def={def} routeName={`${page.path}:${def.name}`} refreshKey={refreshKey} cells={cells} />
    </div>
  );
}
