import { Tab, Tabs } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { CallHistory } from './CallHistory.js';
import { type CallList, callLists, type DealType } from './callRecords.js';
import { RealtimeCalls } from './RealtimeCalls.js';
import './settings.css';

type TabId = 'realtime' | CallList;

/** /yunmuIot/callRecord: the calls waiting now, and the records of bedside units and A10 buttons. */
export function CallRecords() {
  const { request } = useApp();
  const [tab, setTab] = useState<TabId>('realtime');
  const [dealTypes, setDealTypes] = useState<DealType[]>([]);
  useEffect(() => {
    request<DealType[]>({ url: '/ecms/web-ec/callrecords/r6r7/dealType', silent: true }).then(
      setDealTypes,
      () => undefined,
    );
  }, [request]);
  return (
    <div className="page" data-testid="page-callRecord">
      <Tabs
        id="call-records"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
        size="large"
      >
        <Tab id="realtime" title="实时呼叫" panel={<RealtimeCalls />} />
        {(Object.keys(callLists) as CallList[]).map((list) => (
          <Tab
            key={list}
            id={list}
            title={callLists[list].title}
            panel={<CallHistory url={callLists[list].url} dealTypes={dealTypes} />}
          />
        ))}
      </Tabs>
    </div>
  );
}
