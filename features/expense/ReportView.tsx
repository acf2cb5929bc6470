import { Button } from '@blueprintjs/core';
import { useMemo } from 'react';
import { ResourceList } from '../../src/resource/index.js';
import { usePrint } from './queries.js';
import { type ReportDef, reportPrintUrl, reportResource } from './resources/costReports.js';
import './expense.css';

/**
 * One expense report from its definition (features/expense/resources/costReports.ts) on the shared list: its
 * period and the elder's name as filters, sort, paging, column settings, export, the 合计 row, and
 * 打印: the server's print view of what the list shows (features/expense/server/reportPrint.ts).
 */
export function ReportView({ def, routeName }: { def: ReportDef; routeName?: string }) {
  const list = useMemo(() => reportResource(def), [def]);
  const print = usePrint();
  return (
    <div className="page" data-testid={`page-report-${def.name}`}>
      <ResourceList
        def={list}
        routeName={routeName}
        toolbarExtra={(filters) => (
          <Button icon="print" text="打印" onClick={() => print(reportPrintUrl(def.name, filters))} />
        )}
      />
    </div>
  );
}

/** A route component per report definition, made once per definition when its route first loads. */
export const reportScreen = (def: ReportDef) =>
  // biome-ignore lint/correctness/noComponentHookFactories: called once per definition (features/expense/index.ts), never during render
  function ReportScreen() {
    return <ReportView def={def} />;
  };
