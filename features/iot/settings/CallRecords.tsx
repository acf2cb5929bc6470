import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { a10CallRecordResource, r6r7CallRecordResource } from '../resources/records.js';
import { CallHistory } from './CallHistory.js';
import { RealtimeCalls } from './RealtimeCalls.js';
import './settings.css';

/** The two record lists of the screen: bedside units R6/R7 and A10 buttons (spec 000 §7). */
const histories = [r6r7CallRecordResource, a10CallRecordResource];

/** /yunmuIot/callRecord: the calls waiting now, and the records of bedside units and A10 buttons. */
export function CallRecords() {
  const [tab, setTab] = useState('realtime');
  return (
    <div className="page" data-testid="page-callRecord">
      <Tabs
        id="call-records"
        selectedTabId={tab}
        onChange={(id) => setTab(String(id))}
        renderActiveTabPanelOnly
        size="large"
      >
        <Tab id="realtime" title="实时呼叫" panel={<RealtimeCalls />} />
        {histories.map((def) => (
          <Tab key={def.name} id={def.name} title={def.title} panel={<CallHistory def={def} />} />
        ))}
      </Tabs>
    </div>
  );
}
