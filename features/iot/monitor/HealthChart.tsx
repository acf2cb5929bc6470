import { Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo } from 'react';
import { EChart } from '../../../src/ui/EChart.js';
import { chartOption } from './chartOptions.js';
import { type SeriesName, seriesTitle } from './kinds.js';
import { type RangeKind, type Statistics, summarize, summaryFigures } from './series.js';

/** One series of an elder: its chart and its summary figures (min/avg/max, in-bed time, movements). */
export function HealthChart({
  series,
  kind,
  stats,
  loading,
  title = seriesTitle[series],
  tall = false,
}: {
  series: SeriesName;
  kind: RangeKind;
  stats: Statistics | undefined;
  loading: boolean;
  title?: string;
  tall?: boolean;
}) {
  const option = useMemo(() => (stats ? chartOption(series, kind, stats) : null), [series, kind, stats]);
  const figures = summaryFigures(series, summarize(series, stats?.points ?? []));
  const points = stats?.points.length ?? 0;
  return (
    <section
      className={`health-chart${tall ? ' tall' : ''}`}
      data-testid={`chart-${series}`}
      data-points={points}
      aria-label={title}
    >
      <header>
        <h3>{title}</h3>
        <dl className="figures" data-testid={`figures-${series}`}>
          {figures.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.text}</dd>
            </div>
          ))}
        </dl>
      </header>
      <div className="chart-box">
        {option ? <EChart option={option} className="chart-canvas" /> : null}
        {loading && !stats ? (
          <NonIdealState className="chart-overlay" icon={<Spinner size={24} />} />
        ) : stats && points === 0 ? (
          <Callout className="chart-overlay-note" intent={Intent.NONE} icon="info-sign">
            该时段暂无数据
          </Callout>
        ) : null}
      </div>
    </section>
  );
}
