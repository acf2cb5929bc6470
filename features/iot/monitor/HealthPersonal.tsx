import { Callout, HTMLSelect, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useEffect, useMemo, useState } from 'react';
import { useApp } from '../../../src/app/AppContext.js';
import { useLookup } from '../../../src/resource/useLookup.js';
import { usePage } from '../../../src/router/page.js';
import { useNow } from '../../../src/ui/useNow.js';
import { HealthChart } from './HealthChart.js';
import { elderOfQuery, type SeriesName } from './kinds.js';
import { ManualSigns } from './ManualSigns.js';
import { type RangeChoice, RangePicker } from './RangePicker.js';
import { localDate } from './series.js';
import { useStatistics } from './useStatistics.js';
import './monitor.css';
import { IotPaths } from '../../../domain/api/iot.js';

/** GET /pims/web-org/mattress/oldman: the elders who sleep on a mattress. */
interface MattressElder {
  oldmanId: number;
  oldmanName: string;
  deviceId: number;
  roomName: string | null;
  bedName: string | null;
}

/** One elder to choose: those on a mattress first, then the other residents (their hand-entered readings). */
interface Choice {
  oldmanId: number;
  label: string;
  mattress: boolean;
}

const ALL_SERIES: readonly SeriesName[] = ['heartbeat', 'breath', 'bed', 'roll'];
const elderLabel = (e: MattressElder) =>
  [e.oldmanName, [e.roomName, e.bedName].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

export function choicesOf(
  onMattress: MattressElder[],
  residents: { value: string | number; label: string }[],
): Choice[] {
  const mattress = new Set(onMattress.map((e) => e.oldmanId));
  return [
    ...onMattress.map((e) => ({ oldmanId: e.oldmanId, label: elderLabel(e), mattress: true })),
    ...residents
      .filter((r) => !mattress.has(Number(r.value)))
      .map((r) => ({ oldmanId: Number(r.value), label: `${r.label} · 无床垫`, mattress: false })),
  ];
}

/**
 * Personal health (spec 001 /yunmuIot/health/personal): one elder, a day or a week; for an elder
 * with a mattress the charts of heart rate, breathing, in bed / out of bed and turn-overs, each with
 * its summary figures; for every resident the readings entered by hand (体征录入). Residents come
 * from the elder lookup when the user may read it; otherwise the mattress elders only.
 */
export function HealthPersonal() {
  const { request } = useApp();
  const initial = elderOfQuery(usePage().query);
  const [onMattress, setOnMattress] = useState<MattressElder[] | null>(null);
  const residents = useLookup('oldman');
  const elders = useMemo(
    () => (onMattress === null ? null : choicesOf(onMattress, residents)),
    [onMattress, residents],
  );
  const [chosen, setChosen] = useState<number | null>(initial);
  const [search, setSearch] = useState('');
  const today = localDate(useNow(60_000));
  const [range, setRange] = useState<RangeChoice>({ kind: 'day', date: today });

  // Opened again with another ?oldmanId= (a bed card, a monitor): show that elder.
  useEffect(() => {
    if (initial !== null) setChosen(initial);
  }, [initial]);
  useEffect(() => {
    request<MattressElder[]>({ url: IotPaths.mattressElders }).then(
      (list) => {
        setOnMattress(list);
        setChosen((current) => current ?? list[0]?.oldmanId ?? null);
      },
      () => setOnMattress([]),
    );
  }, [request]);
  const options = useMemo(() => {
    const text = search.trim();
    const list = elders ?? [];
    const matching = text ? list.filter((e) => e.label.includes(text)) : list;
    // The chosen elder stays in the list even when the search does not match them.
    const selected = list.find((e) => e.oldmanId === chosen);
    return selected && !matching.includes(selected) ? [selected, ...matching] : matching;
  }, [elders, search, chosen]);
  const chosenElder = elders?.find((e) => e.oldmanId === chosen);
  // an elder without a mattress has no telemetry to ask for
  const series = chosenElder && !chosenElder.mattress ? [] : ALL_SERIES;
  const data = useStatistics(chosen, series, range.kind, range.date);

  return (
    <div className="page health-personal" data-testid="health-personal">
      <div className="personal-tools filters">
        <InputGroup
          leftIcon="search"
          placeholder="搜索长者、房间"
          aria-label="搜索长者"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <HTMLSelect
          aria-label="长者"
          value={chosen ?? ''}
          onChange={(e) => setChosen(Number(e.currentTarget.value) || null)}
        >
          {chosen === null ? <option value="">请选择长者</option> : null}
          {options.map((e) => (
            <option key={e.oldmanId} value={e.oldmanId}>
              {e.label}
            </option>
          ))}
        </HTMLSelect>
        <RangePicker value={range} today={today} onChange={setRange} onReload={data.reload} />
      </div>
      {data.error ? <Callout intent={Intent.DANGER}>{data.error}</Callout> : null}
      {chosenElder && !chosenElder.mattress ? (
        <Callout intent={Intent.PRIMARY} data-testid="no-mattress">
          {chosenElder.label.replace(' · 无床垫', '')}未使用智能床垫，此处只有体征录入的读数。
        </Callout>
      ) : null}
      {elders !== null && elders.length === 0 ? (
        <NonIdealState icon="person" title="没有使用智能床垫的长者" />
      ) : (
        <div className="health-grid">
          {series.map((series) => (
            <HealthChart
              key={series}
              series={series}
              kind={range.kind}
              stats={data.stats[series]}
              loading={data.loading}
            />
          ))}
          {chosen !== null ? <ManualSigns oldmanId={chosen} kind={range.kind} date={range.date} /> : null}
        </div>
      )}
    </div>
  );
}
