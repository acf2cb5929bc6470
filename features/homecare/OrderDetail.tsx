import { Button, Card, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { HomecareScreens } from '../../domain/screens.js';
import { serviceOrderEvents } from '../../machines/serviceOrderMachine.js';
import { useApp } from '../../src/app/AppContext.js';
import { ResourceDetail, ResourceForm, type Row } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { serveOrderResource } from './resources/orders.js';
import './homecare.css';
import { EvaluationCard, EvaluationDialog, useMayEvaluate, useOrderEvaluation } from './Evaluation.js';
import { type ConsoleEvent, OrderActionDialog } from './OrderActionDialog.js';
import { OrderLog } from './OrderLog.js';
import { useOrderActions } from './Orders.js';
import { useRow } from './useRow.js';

const def = serveOrderResource;

/** 工单详情 (?orderId=): the order, the steps it offers now, its evaluation and its operation log. */
export function OrderDetail() {
  const orderId = Number(usePage().query.orderId);
  const [refreshKey, setRefreshKey] = useState(0);
  const row = useRow(def, orderId, refreshKey);
  const evaluation = useOrderEvaluation(orderId, refreshKey);
  const mayEvaluate = useMayEvaluate(row, evaluation);
  const [evaluating, setEvaluating] = useState(false);
  const actionsOf = useOrderActions();
  const [acting, setActing] = useState<ConsoleEvent | null>(null);
  return (
    <div className="page" data-testid="page-homecare-order-detail">
      <Card>
        <H4>服务工单 {row ? String(row.orderNo) : ''}</H4>
        <div className="homecare-actions">
          <Button
            icon="arrow-left"
            text="返回列表"
            onClick={() => navigate(HomecareScreens.serverWorkorder)}
          />
          {row
            ? actionsOf(row).map((type) => (
                <Button key={type} text={serviceOrderEvents[type].label} onClick={() => setActing(type)} />
              ))
            : null}
          {mayEvaluate ? (
            <Button icon="star" intent="primary" text="评价" onClick={() => setEvaluating(true)} />
          ) : null}
        </div>
        {row ? <ResourceDetail def={def} row={row} /> : null}
      </Card>
      {evaluation ? <EvaluationCard evaluation={evaluation} /> : null}
      {orderId ? <OrderLog orderId={orderId} refreshKey={refreshKey} /> : null}
      {evaluating && row ? (
        <EvaluationDialog
          order={row}
          onClose={(changed) => {
            setEvaluating(false);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
      {acting && row ? (
        <OrderActionDialog
          order={row as Row}
          type={acting}
          onClose={(changed) => {
            setActing(null);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}

/** 新增服务工单: the elder, the project, how many and when; the amount is the server's. */
export function OrderAdd() {
  const { toast } = useApp();
  return (
    <div className="page" data-testid="page-homecare-order-add">
      <Card>
        <H4>新增服务工单</H4>
        <ResourceForm
          def={def}
          mode="create"
          initial={{ quantity: 1, source: 'WEB' }}
          onSaved={(saved) => {
            toast('服务工单已创建', 'success');
            navigate(`${HomecareScreens.serverWorkorderDetail}?orderId=${saved.id}`);
          }}
          onCancel={() => navigate(HomecareScreens.serverWorkorder)}
        />
      </Card>
    </div>
  );
}
