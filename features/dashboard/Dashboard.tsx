import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { DashboardScreens } from '../../domain/screens.js';
import { navigate } from '../../src/router/hash.js';
import { panelOption } from './panelOption.js';
import { type Headline, useDashboard } from './useDashboard.js';
import './dashboard.css';

// ECharts (550 kB) is fetched beside this screen's code (features/dashboard/index.ts) and used when
// the first panel's data is there: the dashboard's calls no longer wait for it.
const EChart = lazy(() => import('../../src/ui/EChart.js').then((m) => ({ default: m.EChart })));

interface Figure {
  key: string;
  label: string | ((h: Headline) => string);
  value: (h: Headline) => string | number;
  intent?: (h: Headline) => 'danger' | 'warning' | undefined;
  /** Shown only when this holds (figures read from calls the user may not hold). */
  when?: (h: Headline) => boolean;
}

const devicesOnline = (h: Headline) => (h.devices ?? []).reduce((n, d) => n + d.online, 0);
const devicesTotal = (h: Headline) => (h.devices ?? []).reduce((n, d) => n + d.total, 0);

/** The headline figures, in reading order: residence, beds, then what waits for someone. */
const FIGURES: readonly Figure[] = [
  {
    key: 'inResidence',
    // the 入住状态 panel shows 在住 and 试住 apart: the tile says how many of its figure are 试住
    label: (h) => (h.count.trial ? `在住人数（含试住${h.count.trial}）` : '在住人数'),
    value: (h) => h.count.inResidence,
  },
  { key: 'totalBeds', label: '床位总数', value: (h) => h.count.totalBeds },
  { key: 'freeBeds', label: '空闲床位', value: (h) => h.count.freeBeds },
  { key: 'occupancyRate', label: '入住率', value: (h) => `${h.count.occupancyRate}%` },
  { key: 'outNow', label: '外出中', value: (h) => h.count.outNow },
  {
    key: 'openAlarms',
    label: '未处理报警',
    value: (h) => h.count.openAlarms,
    intent: (h) => (h.count.openAlarms ? 'danger' : undefined),
  },
  { key: 'tasks', label: '今日护理任务', value: (h) => `${h.count.todayTasksDone}/${h.count.todayTasks}` },
  {
    key: 'outingAudits',
    label: '待审外出',
    value: (h) => h.wait.outingAudits,
    intent: (h) => (h.wait.outingAudits ? 'warning' : undefined),
  },
  // 待入住 and 预订 elders alike wait to move in (the 入住状态 panel shows them apart)
  { key: 'waitingCheckIn', label: '待入住（含预订）', value: (h) => h.wait.waitingCheckIn },
  { key: 'unpaidBills', label: '待缴账单', value: (h) => h.wait.unpaidBills },
  {
    key: 'calls',
    label: (h) => `今日呼叫（已应答${h.calls?.answered ?? 0}）`,
    value: (h) => h.calls?.total ?? 0,
    intent: (h) => (h.calls?.waiting ? 'warning' : undefined),
    when: (h) => h.calls !== null,
  },
  {
    key: 'devices',
    label: '设备在线',
    value: (h) => `${devicesOnline(h)}/${devicesTotal(h)}`,
    intent: (h) => (devicesOnline(h) < devicesTotal(h) ? 'warning' : undefined),
    when: (h) => h.devices !== null && devicesTotal(h) > 0,
  },
  { key: 'averageAge', label: '平均年龄', value: (h) => `${h.average.averageAge}岁` },
  { key: 'averageStay', label: '平均入住天数', value: (h) => h.average.averageStayDays },
];

/**
 * 数据展示 (/home/moreEcharts): the headline figures, then the panels the user chose in 看板设置
 * in their order, then this month's birthdays. Live: the push channel names what moved.
 */
export function Dashboard() {
  const { config, set, headline, birthdays: birthdaysNow, charts, error, updatedAt, reload } = useDashboard();
  // the month's birthdays (hundreds in a large home) render after the figures and charts, not before
  const birthdays = useDeferredValue(birthdaysNow);
  const shown = useMemo(() => set?.panels.filter((p) => p.show).map((p) => p.panel) ?? [], [set]);
  // Type grows with the screen: a wall monitor at 2560 px reads as a laptop at 1366.
  const scale = Math.min(2, Math.max(1, window.innerWidth / 1600));

  return (
    <div className="dashboard">
      <header className="dashboard-head">
        <h2>{config ? `${config.orgName} · ${config.title}` : '数据看板'}</h2>
        <span className="dashboard-updated">
          {updatedAt ? `更新于 ${updatedAt.toLocaleTimeString('zh-CN', { hour12: false })}` : ''}
        </span>
        <Button icon="refresh" variant="minimal" onClick={() => void reload()} aria-label="刷新看板">
          刷新
        </Button>
        <Button icon="cog" variant="minimal" onClick={() => navigate(DashboardScreens.echartsSetting)}>
          看板设置
        </Button>
      </header>
      {error && <Callout intent="danger" title={error} />}
      {!headline && !error && <Spinner />}
      {headline && (
        <div className="dashboard-figures">
          {FIGURES.filter((f) => f.when?.(headline) ?? true).map((f) => (
            <Card
              key={f.key}
              className={`dashboard-figure ${f.intent?.(headline) ?? ''}`}
              data-figure={f.key}
            >
              <div className="dashboard-figure-value">{f.value(headline)}</div>
              <div className="dashboard-figure-label">
                {typeof f.label === 'function' ? f.label(headline) : f.label}
              </div>
            </Card>
          ))}
        </div>
      )}
      {set && !shown.length && (
        <NonIdealState icon="chart" title="没有显示的图表" description="请在看板设置中勾选要显示的图表" />
      )}
      <div className="dashboard-panels">
        {shown.map((panel) => {
          const chart = charts[panel];
          return (
            <Card key={panel} className="dashboard-panel" data-panel={panel}>
              <h3>{chart?.title ?? ''}</h3>
              {chart ? (
                <Suspense fallback={<Spinner size={24} />}>
                  <EChart className="dashboard-chart" option={panelOption(chart, scale)} />
                </Suspense>
              ) : (
                <Spinner size={24} />
              )}
            </Card>
          );
        })}
        {config && (
          <Card className="dashboard-panel dashboard-birthdays">
            <h3>本月生日（{birthdays.length}人）</h3>
            {birthdays.length ? (
              // a list that scrolls takes the keyboard's focus, so it can be scrolled without a mouse (WCAG 2.1.1)
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable
              <ul tabIndex={0} aria-label="本月生日名单">
                {birthdays.map((b) => (
                  <li key={b.oldmanId}>
                    <span className="dashboard-birthday-day">{b.day}日</span>
                    <span>{b.oldmanName}</span>
                    <span>{b.age}岁</span>
                    <span className="dashboard-birthday-bed">{b.bedName ?? ''}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <NonIdealState icon="calendar" description="本月没有在住长者过生日" />
            )}
          </Card>
        )}
      </div>
    </div>
  );
}
