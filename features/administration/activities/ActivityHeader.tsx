import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { dictLabel } from '../../../domain/dictionaries.js';
import { navigate } from '../../../src/router/hash.js';
import type { ActivitySummary } from '../api/activities.js';
import { stateTag } from './StateTag.js';
import './activities.css';

/** Figures as cards: a label over a big number. */
export function Figures({ items }: { items: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <div className="activity-figures">
      {items.map(([label, value, testId]) => (
        <Card key={label} className="activity-figure">
          <div className="activity-figure-label">{label}</div>
          <div className="activity-figure-value" data-testid={testId}>
            {value}
          </div>
        </Card>
      ))}
    </div>
  );
}

/** The head of a detail screen: which activity, when and where, its state; 返回 to the list. */
export function ActivityHeader(props: {
  summary: ActivitySummary | null;
  error: string;
  back: string;
  children?: ReactNode;
}) {
  const { summary: s, error, back } = props;
  if (error) return <Callout intent={Intent.DANGER}>{error}</Callout>;
  if (!s) return null;
  return (
    <div className="activity-header">
      <div className="activity-title">
        <h3 data-testid="activity-name">{s.activityName}</h3>
        {stateTag(s)}
        <span className="activity-meta">
          {dictLabel('activityType', String(s.activityType ?? ''))} · {String(s.activityPlace ?? '')} ·{' '}
          {String(s.startTime ?? '').slice(0, 16)} 至 {String(s.endTime ?? '').slice(0, 16)} · 报名{' '}
          {String(s.registerStart ?? '').slice(5, 16)} 至 {String(s.registerEnd ?? '').slice(5, 16)}
        </span>
        <span className="activity-gap" />
        {props.children}
        <Button icon="arrow-left" text="返回" onClick={() => navigate(back)} />
      </div>
    </div>
  );
}
