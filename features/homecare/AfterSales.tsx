import {
  Button,
  Callout,
  Card,
  DialogBody,
  DialogFooter,
  FormGroup,
  H4,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';
import { yuanToFen } from '../../domain/resource.js';
import { HomecareScreens } from '../../domain/screens.js';
import { AfterSaleStatus, HomecareAuthority } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceDetail, ResourceList, type Row, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { ServeOrderPaths, serveAfterOrderResource } from './resources/orders.js';
import './homecare.css';
import { OrderLog } from './OrderLog.js';
import { useRow } from './useRow.js';

const def = serveAfterOrderResource;

/** 审核: what was done about it and any refund (back the way the order was paid). */
function AuditDialog({ row, onClose }: { row: Row; onClose(changed: boolean): void }) {
  const { request, toast } = useApp();
  const [refund, setRefund] = useState('0');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const refundFen = yuanToFen(refund || '0');
    if (refundFen === null || refundFen < 0) return setError('退款金额应为不小于0、最多两位小数的数字');
    if (!remark.trim()) return setError('请填写处理意见');
    setBusy(true);
    try {
      await request({
        url: ServeOrderPaths.audit,
        method: 'PUT',
        data: { afterOrderId: row.afterOrderId, refundFen, auditRemark: remark },
        silent: true,
      });
      toast('售后审核完成', 'success');
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? '审核失败');
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen title={`售后审核：${String(row.orderNo)}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <p>
          {String(row.oldmanName ?? '')} · {String(row.reason ?? '')}
        </p>
        <FormGroup label="退款金额（元）" labelFor="hc-refund">
          <InputGroup id="hc-refund" value={refund} onChange={(e) => setRefund(e.target.value)} />
        </FormGroup>
        <FormGroup label="处理意见" labelFor="hc-remark">
          <TextArea
            id="hc-remark"
            fill
            value={remark}
            maxLength={300}
            onChange={(e) => setRemark(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="确定审核" loading={busy} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

/** 售后工单 (/homecare/afterSaleOrder): after-sale orders with 审核 on the open ones. */
export function AfterSales() {
  const canAudit = useAuthority(HomecareAuthority.afterSaleAudit);
  const [auditing, setAuditing] = useState<Row | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <div className="page" data-testid="page-homecare-after-sales">
      <ResourceList
        def={def}
        routeName={HomecareScreens.afterSaleOrder}
        refreshKey={refreshKey}
        onOpen={(row) =>
          navigate(`${HomecareScreens.afterSaleDetail}?afterOrderId=${String(row.afterOrderId)}`)
        }
        rowActions={(row) =>
          canAudit && row.afterStatus === AfterSaleStatus.start
            ? rowButton('审核', () => setAuditing(row))
            : null
        }
      />
      {auditing ? (
        <AuditDialog
          row={auditing}
          onClose={(changed) => {
            setAuditing(null);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}

/** 售后详情 (?afterOrderId=): the after-sale order and its service order's log. */
export function AfterSaleDetail() {
  const id = Number(usePage().query.afterOrderId);
  const row = useRow(def, id, 0);
  return (
    <div className="page" data-testid="page-homecare-after-sale-detail">
      <Card>
        <H4>售后工单 {row ? String(row.orderNo) : ''}</H4>
        <div className="homecare-actions">
          <Button
            icon="arrow-left"
            text="返回列表"
            onClick={() => navigate(HomecareScreens.afterSaleOrder)}
          />
          {row ? (
            <Button
              text="查看服务工单"
              onClick={() =>
                navigate(`${HomecareScreens.serverWorkorderDetail}?orderId=${String(row.orderId)}`)
              }
            />
          ) : null}
        </div>
        {row ? <ResourceDetail def={def} row={row} /> : null}
      </Card>
      {row ? <OrderLog orderId={Number(row.orderId)} /> : null}
    </div>
  );
}
