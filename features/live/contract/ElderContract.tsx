import { Button, Card, H5, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { CONTRACTS } from '../../../domain/resources/contract.js';
import { LiveScreens } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { ContractForm } from './ContractForm.js';
import './contract.css';

type Row = Record<string, unknown>;

/**
 * 合同 of one elder (/live/contract/oldman?oldmanId=…, or &contractId=… to edit one), opened from
 * the elder's file or the residence workflow; not a tab (spec 001 §2).
 */
export function ElderContract() {
  const { request, toast } = useApp();
  const { query } = usePage();
  const oldmanId = Number(query.oldmanId) || undefined;
  const contractId = Number(query.contractId) || undefined;
  const [contract, setContract] = useState<Row | null>(null);
  useEffect(() => {
    if (!contractId) return setContract(null);
    request<Row>({ url: `${CONTRACTS}/${contractId}`, silent: true }).then(
      setContract,
      (e: { message?: string }) => toast(e.message ?? '加载失败', 'danger'),
    );
  }, [request, toast, contractId]);
  const back = () => navigate(LiveScreens.contracts);
  if (!oldmanId && !contractId)
    return (
      <NonIdealState
        icon="document"
        title="请从长者档案或合同管理进入"
        action={<Button text="返回合同管理" onClick={back} />}
      />
    );
  if (contractId && !contract) return null;
  return (
    <Card className="contract-page">
      <H5>{contract ? `编辑合同 ${String(contract.contractNo)}` : '新增合同'}</H5>
      <ContractForm
        key={contractId ?? `new-${oldmanId}`}
        contract={contract ?? undefined}
        oldmanId={contract ? undefined : oldmanId}
        onSaved={() => {
          toast('保存成功', 'success');
          back();
        }}
        onCancel={back}
      />
    </Card>
  );
}
