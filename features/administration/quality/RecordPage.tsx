import { Button, Callout, Intent } from '@blueprintjs/core';
import { type ReactNode, useEffect, useState } from 'react';
import { pathWith } from '../../../domain/api/path.js';
import type { ResourceDef } from '../../../domain/resource.js';
import { useApp } from '../../../src/app/AppContext.js';
import { ResourceDetail, type Row } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import './quality.css';

/**
 * One care-quality record (?id=): its heading and steps, its fields, then its entries (the elders
 * of a handover, an event's follow-ups, a training's attendees). `version` reloads it after a step.
 */
export function RecordPage(props: {
  def: ResourceDef;
  id: number;
  version: number;
  testId: string;
  back: string;
  title(row: Row): ReactNode;
  steps(row: Row): ReactNode;
  children(row: Row): ReactNode;
}) {
  const { request } = useApp();
  const [row, setRow] = useState<Row | null>(null);
  const [error, setError] = useState('');
  const { def, id, version } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: version reloads after each step
  useEffect(() => {
    if (!id || !def.api.get) return;
    let live = true;
    request<Row>({ url: pathWith(def.api.get, { id }), method: 'GET', silent: true }).then(
      (r) => live && setRow(r),
      (e: { message?: string }) => live && setError(e.message ?? `${def.title}不存在`),
    );
    return () => {
      live = false;
    };
  }, [request, def, id, version]);
  return (
    <div className="page" data-testid={props.testId}>
      {error || !id ? <Callout intent={Intent.DANGER}>{error || `${def.title}不存在`}</Callout> : null}
      {row ? (
        <>
          <div className="quality-header">
            <h3>{props.title(row)}</h3>
            <span className="quality-gap" />
            {props.steps(row)}
            <Button icon="arrow-left" text="返回" onClick={() => navigate(props.back)} />
          </div>
          <ResourceDetail def={def} row={row} />
          {props.children(row)}
        </>
      ) : null}
    </div>
  );
}
