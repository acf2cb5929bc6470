import { Button, Callout, Card, H4, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { LiveAuthority, oldmanResource } from '../../../domain/resources/oldman.js';
import { LiveScreens } from '../../../domain/screens.js';
import { useApp } from '../../../src/app/AppContext.js';
import { useAuthority } from '../../../src/auth/authorityStore.js';
import { ResourceForm, type Row } from '../../../src/resource/index.js';
import { navigate } from '../../../src/router/hash.js';
import { usePage } from '../../../src/router/page.js';
import { CONSULT_BASE } from '../api/paths.js';
import { forgetLookup } from './lookupCache.js';
import './consult.css';

/** The profile form posts to the consultation's archives call, which also marks it 已建档. */
const archivesDef = (consultationId: number) => ({
  ...oldmanResource,
  api: { ...oldmanResource.api, create: `${CONSULT_BASE}/${consultationId}/archives` },
});

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'draft'; draft: Row }
  | { kind: 'done'; oldmanId: number; name: string };

/**
 * 咨询转档案 (/live/consult/archivesAdd?consultationId=): the elder profile prefilled from the
 * consultation (GET {consultationId}/proFile); saving creates it as 待入住.
 */
export function ConsultArchivesAdd() {
  const { request, toast } = useApp();
  const allowed = useAuthority(LiveAuthority.consultArchive);
  const consultationId = Number(usePage().query.consultationId);
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    if (!Number.isInteger(consultationId) || consultationId <= 0) {
      setState({ kind: 'failed', message: '缺少咨询登记编号' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    request<Row>({ url: `${CONSULT_BASE}/${consultationId}/proFile`, silent: true }).then(
      (draft) => {
        if (!live) return;
        if (draft.oldmanId)
          setState({ kind: 'done', oldmanId: Number(draft.oldmanId), name: String(draft.oldmanName) });
        else setState({ kind: 'draft', draft });
      },
      (e: { message?: string }) => live && setState({ kind: 'failed', message: e.message ?? '加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [request, consultationId]);

  const back = <Button icon="arrow-left" text="返回咨询登记" onClick={() => navigate(LiveScreens.consult)} />;
  return (
    <div className="page consult-archives-add" data-testid="page-consult-archives-add">
      <div className="consult-page-head">
        <H4>咨询转为长者档案</H4>
        {back}
      </div>
      {!allowed ? (
        <Callout intent={Intent.DANGER}>没有“咨询转档案”的权限</Callout>
      ) : state.kind === 'loading' ? (
        <Spinner size={32} aria-label="加载中" />
      ) : state.kind === 'failed' ? (
        <Callout intent={Intent.DANGER}>{state.message}</Callout>
      ) : state.kind === 'done' ? (
        <NonIdealState
          icon="tick-circle"
          title={`${state.name}的档案已建立`}
          description="入住状态为“待入住”，可在长者档案中继续完善并办理入住。"
          action={
            <Button
              intent={Intent.PRIMARY}
              icon="document-open"
              text="查看长者档案"
              onClick={() => navigate(`${LiveScreens.archiveDetail}?oldmanId=${state.oldmanId}`)}
            />
          }
        />
      ) : (
        <Card compact>
          <Callout intent={Intent.PRIMARY} className="consult-archives-hint">
            以下信息取自咨询登记，请核对、补充后保存；保存后建立“待入住”档案，咨询标记为“已建档”。
          </Callout>
          <ResourceForm
            def={archivesDef(consultationId)}
            mode="create"
            initial={state.draft}
            onSaved={(saved) => {
              forgetLookup('oldmanAll', 'oldman');
              toast('已转为长者档案', 'success');
              setState({ kind: 'done', oldmanId: saved.id, name: String(saved.body.oldmanName ?? '') });
            }}
            onCancel={() => navigate(LiveScreens.consult)}
          />
        </Card>
      )}
    </div>
  );
}
