import { Button, Callout, HTMLTable, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { RECONCILIATION, type ReportDef } from '../../domain/resources/costReports.js';
import { useApp } from '../../src/app/AppContext.js';
import { usePageRefresh } from '../../src/app/usePageRefresh.js';
import { Pager } from '../../src/ui/Pager.js';
import { defaultPageSize } from '../../src/ui/usePagedList.js';
import { messageOf } from './api.js';
import { DateRange } from './PeriodInputs.js';
import { cellText, type ReportRow, reportCsv, sumCells } from './reportTable.js';
import './expense.css';

type ReportPage = { list: ReportRow[]; total: number; sums?: ReportRow };
const empty = { start: '', end: '', keyword: '' };

/** The query of a report: the period as its definition reads it (days, months or none). */
function paramsOf(def: ReportDef, f: typeof empty): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.keyword) out.keyword = f.keyword;
  if (def.period === 'none') return out;
  const [from, to] = def.period === 'month' ? ['startMonth', 'endMonth'] : ['startDate', 'endDate'];
  if (f.start) out[from] = f.start;
  if (f.end) out[to] = f.end;
  return out;
}

function saveCsv(name: string, text: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = `${name}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** One expense report from its definition (domain/resources/costReports.ts): period, keyword, paging, 合计. */
export function ReportView({ def }: { def: ReportDef }) {
  const { request, toast } = useApp();
  const url = `${RECONCILIATION}/${def.name}`;
  const [draft, setDraft] = useState(empty);
  const [filters, setFilters] = useState(empty);
  const [paging, setPaging] = useState(() => ({ pageNum: 1, pageSize: defaultPageSize() }));
  const [data, setData] = useState<ReportPage>({ list: [], total: 0 });
  const [state, setState] = useState({ loading: false, error: '' });
  const [version, setVersion] = useState(0);
  const [exporting, setExporting] = useState(false);
  const latest = useRef(0);
  usePageRefresh(() => setVersion((v) => v + 1));

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const ticket = ++latest.current;
    setState({ loading: true, error: '' });
    request<ReportPage>({ url, params: { ...paramsOf(def, filters), ...paging } }).then(
      (page) => {
        if (ticket !== latest.current) return;
        setData(page);
        setState({ loading: false, error: '' });
      },
      (e: unknown) =>
        ticket === latest.current && setState({ loading: false, error: messageOf(e, '加载失败') }),
    );
  }, [request, url, def, filters, paging, version]);

  const search = () => {
    setFilters({ ...draft, keyword: draft.keyword.trim() });
    setPaging((p) => ({ ...p, pageNum: 1 }));
  };
  const exportAll = async () => {
    setExporting(true);
    try {
      const all = await request<ReportPage>({
        url,
        params: { ...paramsOf(def, filters), pageHelper: 0 },
        silent: true,
      });
      saveCsv(def.title, reportCsv(def, all.list, all.sums));
    } catch (e) {
      toast(messageOf(e, '导出失败'), 'danger');
    }
    setExporting(false);
  };

  return (
    <div className="page" data-testid={`page-report-${def.name}`}>
      <div className="filter-bar">
        {def.period === 'none' ? null : (
          <DateRange
            type={def.period === 'month' ? 'month' : 'date'}
            start={draft.start}
            end={draft.end}
            onChange={(start, end) => setDraft({ ...draft, start, end })}
          />
        )}
        <InputGroup
          leftIcon="search"
          placeholder="长者姓名"
          aria-label="关键字"
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.currentTarget.value })}
          onKeyDown={(e) => e.key === 'Enter' && search()}
        />
        <Button icon="search" intent={Intent.PRIMARY} text="查询" onClick={search} />
        <Button
          icon="reset"
          text="重置"
          onClick={() => {
            setDraft(empty);
            setFilters(empty);
          }}
        />
        <span className="resource-toolbar-gap" />
        <Button icon="export" text="导出 CSV" loading={exporting} onClick={exportAll} />
      </div>
      {state.error ? <Callout intent={Intent.DANGER}>{state.error}</Callout> : null}
      <div className={state.loading ? 'expense-scroll resource-loading' : 'expense-scroll'}>
        <HTMLTable striped compact className="data-table expense-table" data-testid="report-table">
          <thead>
            <tr>
              {def.columns.map((c) => (
                <th key={c.key} className={c.type === 'money' ? 'money' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.list.map((row, i) => (
              // report rows have no id of their own; their place in the page is stable
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i}>
                {def.columns.map((c) => (
                  <td key={c.key} className={c.type === 'money' ? 'money' : undefined}>
                    {cellText(c, row[c.key])}
                  </td>
                ))}
              </tr>
            ))}
            {!state.loading && data.list.length === 0 ? (
              <tr>
                <td colSpan={def.columns.length} className="empty">
                  暂无数据
                </td>
              </tr>
            ) : null}
          </tbody>
          {data.list.length && def.columns.some((c) => c.type === 'money') ? (
            <tfoot>
              <tr data-testid="report-sums">
                {sumCells(def, data.sums).map((text, i) => (
                  <td
                    key={def.columns[i]?.key}
                    className={def.columns[i]?.type === 'money' ? 'money' : undefined}
                  >
                    {text}
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </HTMLTable>
      </div>
      <Pager
        total={data.total}
        pageNum={paging.pageNum}
        pageSize={paging.pageSize}
        onChange={(pageNum, pageSize) => setPaging((p) => ({ pageNum, pageSize: pageSize ?? p.pageSize }))}
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
