import { Button, Callout, Card, FormGroup, H4, InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { HomecareAuthority } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { Authorized } from '../../src/auth/Authorized.js';
import { type OrgConfig, orgConfigSchema, ServeOrderPaths } from './resources/orders.js';

/** 工单设置 (/homecare/orderSet): when unpaid orders close, how long after-sales may be asked for. */
export function OrderSet() {
  const { request, toast } = useApp();
  const [values, setValues] = useState<Record<keyof OrgConfig, string> | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    request<OrgConfig>({ url: ServeOrderPaths.orgConfig }).then(
      (c) =>
        setValues({ payTimeoutMinutes: String(c.payTimeoutMinutes), afterSaleDays: String(c.afterSaleDays) }),
      () => undefined,
    );
  }, [request]);
  const save = async () => {
    const parsed = orgConfigSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '设置有误');
    setError('');
    try {
      await request({ url: ServeOrderPaths.orgConfig, method: 'PUT', data: parsed.data });
      toast('工单设置已保存', 'success');
    } catch {
      // the client shows the server's message
    }
  };
  if (!values) return null;
  return (
    <div className="page" data-testid="page-homecare-order-set">
      <Card>
        <H4>工单设置</H4>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <FormGroup label="未支付自动关闭（分钟，0 为不关闭）" labelFor="hc-timeout">
          <InputGroup
            id="hc-timeout"
            value={values.payTimeoutMinutes}
            onChange={(e) => setValues({ ...values, payTimeoutMinutes: e.target.value })}
          />
        </FormGroup>
        <FormGroup label="完成后可申请售后（天）" labelFor="hc-after-days">
          <InputGroup
            id="hc-after-days"
            value={values.afterSaleDays}
            onChange={(e) => setValues({ ...values, afterSaleDays: e.target.value })}
          />
        </FormGroup>
        <Authorized code={HomecareAuthority.orderSetSave} mode="disable">
          <Button intent={Intent.PRIMARY} text="保存" onClick={save} />
        </Authorized>
      </Card>
    </div>
  );
}
