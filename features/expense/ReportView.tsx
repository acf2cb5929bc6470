import { useMemo } from 'react';
import { type ReportDef, reportResource } from '../../domain/resources/costReports.js';
import { ResourceList } from '../../src/resource/index.js';
import './expense.css';

/**
 * One expense report from its definition (domain/resources/costReports.ts) on the shared list: its
 * period and the elder's name as filters, sort, paging, column settings, export and the 合计 row.
 */
export function ReportView({ def, routeName }: { def: ReportDef; routeName?: string }) {
  const list = useMemo(() => reportResource(def), [def]);
  return (
    <div className="page" data-testid={`page-report-${def.name}`}>
      <ResourceList def={list} routeName={routeName} />
    </div>
  );
}

/** A route component per report definition, made once per definition when its route first loads. */
export const reportScreen = (def: ReportDef) =>
  // biome-ignore lint/correctness/noComponentHookFactories: called once per definition (features/expense/index.ts), never during render
  function ReportScreen() {
    return <ReportView def={def} />;
  };
