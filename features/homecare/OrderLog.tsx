import { Callout, Card, H5, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { dictLabel } from '../../domain/dictionaries.js';
import { useApp } from '../../src/app/AppContext.js';
import type { Row } from '../../src/resource/index.js';
import { serveOrderLogResource } from './resources/orders.js';
import './homecare.css';

/** The order's operation log (ServeOrderOperateLog) as a timeline, oldest first. */
export function OrderLog({ orderId, refreshKey }: { orderId: number; refreshKey?: unknown }) {
  const { request } = useApp();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey reloads
  useEffect(() => {
    let live = true;
    request<{ list: Row[] }>({
      url: serveOrderLogResource.api.list as string,
      params: { orderId, pageHelper: 0 },
      silent: true,
    }).then(
      (page) => live && setRows(page.list),
      (e: { message?: string }) => live && setError(e.message ?? '操作记录加载失败'),
    );
    return () => {
      live = false;
    };
  }, [orderId, request, refreshKey]);
  return (
    <Card className="homecare-log" data-testid="order-log">
      <H5>操作记录</H5>
      {error ? <Callout intent="danger">{error}</Callout> : null}
      <ol className="homecare-timeline">
        {(rows ?? []).map((r) => (
          <li key={String(r.logId)}>
            <span className="homecare-timeline-time">{String(r.createTime)}</span>
            <Tag minimal intent="primary">
              {String(r.actionName)}
            </Tag>{' '}
            {r.fromStatus === null ? '' : `${dictLabel('serviceOrderStatus', r.fromStatus as number)} → `}
            {dictLabel('serviceOrderStatus', r.toStatus as number)}
            <span className="homecare-timeline-who">
              {String(r.operatorName)}
              {r.note ? `：${String(r.note)}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
