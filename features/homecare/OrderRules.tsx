import { Button, Callout, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HomecareScreens } from '../../domain/screens.js';
import { HomecareAuthority } from '../../domain/statuses/homecare.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { Dialog } from '../../src/ui/Dialog.js';
import { DayInput } from '../../src/ui/dates/index.js';
import { ServeOrderPaths, serveOrderGenRuleResource } from './resources/orders.js';

const def = serveOrderGenRuleResource;

/** 生成工单: the rule's orders for the days chosen (days already made are skipped). */
function GenerateDialog({ rule, onClose }: { rule: Row; onClose(changed: boolean): void }) {
  const { request, toast } = useApp();
  const [fromDate, setFrom] = useState(dayjs().format('YYYY-MM-DD'));
  const [toDate, setTo] = useState(dayjs().add(6, 'day').format('YYYY-MM-DD'));
  const [error, setError] = useState('');
  const submit = async () => {
    try {
      const done = await request<{ created: number; skipped: number }>({
        url: ServeOrderPaths.generate,
        method: 'POST',
        data: { ruleId: rule.ruleId, fromDate, toDate },
        silent: true,
      });
      toast(
        `已生成 ${done.created} 张工单${done.skipped ? `，跳过已生成的 ${done.skipped} 天` : ''}`,
        'success',
      );
      onClose(true);
    } catch (e) {
      setError((e as { message?: string }).message ?? '生成失败');
    }
  };
  return (
    <Dialog isOpen title={`按规则生成工单：${String(rule.ruleName)}`} onClose={() => onClose(false)}>
      <DialogBody>
        {error ? <Callout intent={Intent.DANGER}>{error}</Callout> : null}
        <FormGroup label="开始日期" labelFor="hc-gen-from">
          <DayInput id="hc-gen-from" value={fromDate} onChange={setFrom} />
        </FormGroup>
        <FormGroup label="结束日期" labelFor="hc-gen-to">
          <DayInput id="hc-gen-to" value={toDate} onChange={setTo} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="取消" onClick={() => onClose(false)} />
            <Button intent={Intent.PRIMARY} text="生成" onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

/** 派单规则 (/homecare/orderRule): weekly rules that make orders on demand. */
export function OrderRules() {
  const may = useResourceAuthority(def);
  const canGenerate = useAuthority(HomecareAuthority.orderRuleGenerate);
  const [generating, setGenerating] = useState<Row | null>(null);
  return (
    <div className="page" data-testid="page-homecare-order-rules">
      <ResourceList
        def={def}
        routeName={HomecareScreens.orderRule}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        createInitial={{ quantity: 1, weekdays: '1,3,5', serveClock: '09:00', enabled: 1 }}
        rowActions={(row) =>
          canGenerate && Number(row.enabled) === 1 ? rowButton('生成工单', () => setGenerating(row)) : null
        }
      />
      {generating ? <GenerateDialog rule={generating} onClose={() => setGenerating(null)} /> : null}
    </div>
  );
}
