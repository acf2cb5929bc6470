import { Button, Card, Checkbox, H5, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { ResourceDef } from '../../domain/resource.js';
import { ExpenseScreens } from '../../domain/screens.js';
import { useApp } from '../../src/app/AppContext.js';
import { useAuthority } from '../../src/auth/authorityStore.js';
import { writeColumnSettings } from '../../src/resource/columnSettings.js';
import {
  ResourceList,
  type ResourceListProps,
  rowButton,
  useResourceAuthority,
} from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { usePage } from '../../src/router/page.js';
import { ViewTabs } from '../../src/ui/ViewTabs.js';
import { readPageSetting } from '../../src/util/pageSettings.js';
import { type PayWay, usePrint } from './queries.js';
import {
  costSetResource,
  discountRuleResource,
  ExpenseAuthority as EA,
  levelResource,
  projectCategoryResource,
  projectChildResource,
  projectResource,
} from './resources/cost.js';
import { inOutReport, inOutResource, reportPrintUrl } from './resources/costReports.js';
import './expense.css';
import { ExpensePaths } from './api.js';

/** A definition's generic list with the user's authority. */
function DefList({
  def,
  routeName,
  ...rest
}: { def: ResourceDef; routeName: string } & Partial<ResourceListProps>) {
  const may = useResourceAuthority(def);
  return (
    <ResourceList
      def={def}
      routeName={routeName}
      canCreate={may.canCreate}
      canEdit={may.canEdit}
      canRemove={may.canRemove}
      {...rest}
    />
  );
}

/** 支付方式: which ways staff may take money by (at least one stays on). */
function TradeWayPanel() {
  const { request, toast } = useApp();
  const canEdit = useAuthority(EA.baseChargeEdit);
  const [ways, setWays] = useState<(PayWay & { enabled: number })[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    request<(PayWay & { enabled: number })[]>({ url: ExpensePaths.tradeWays }).then(setWays, () => undefined);
  }, [request]);
  const save = async () => {
    setBusy(true);
    try {
      setWays(
        await request({
          url: ExpensePaths.tradeWays,
          method: 'POST',
          data: { tradeWays: ways.map((w) => ({ tradeWay: w.tradeWay, enabled: w.enabled })) },
        }),
      );
      toast('保存成功', 'success');
    } catch {
      // the client shows the server's message
    }
    setBusy(false);
  };
  return (
    <Card className="expense-tradeways" data-testid="trade-ways">
      <H5>启用的支付方式</H5>
      {ways.map((w) => (
        <Checkbox
          key={w.tradeWay}
          inline
          label={w.tradeWayName}
          disabled={!canEdit}
          checked={w.enabled === 1}
          onChange={(e) => {
            const enabled = e.currentTarget.checked ? 1 : 0;
            setWays((all) => all.map((x) => (x.tradeWay === w.tradeWay ? { ...x, enabled } : x)));
          }}
        />
      ))}
      {canEdit ? (
        <div>
          <Button intent={Intent.PRIMARY} text="保存" loading={busy} onClick={save} />
        </div>
      ) : null}
    </Card>
  );
}

/** 收费项目 (/expense/account/baseCharge), with 收费类别, 护理等级 and 支付方式 as tabs. */
export function BaseCharge() {
  const [tab, setTab] = useState('project');
  // 排序 starts hidden (列设置 shows it again) so that the row's four buttons fit at 1280 px
  useState(() => {
    if (readPageSetting(ExpenseScreens.baseCharge, 'columns') === null)
      writeColumnSettings(ExpenseScreens.baseCharge, {
        order: [...projectResource.columns],
        hidden: ['sort'],
      });
  });
  return (
    <div className="page" data-testid="page-expense-base-charge">
      <ViewTabs
        id="base-charge"
        className="expense-tabs"
        tabs={[
          { id: 'project', title: '收费项目' },
          { id: 'category', title: '收费类别' },
          { id: 'level', title: '护理等级' },
          { id: 'tradeWay', title: '支付方式' },
        ]}
        selected={tab}
        onChange={setTab}
      >
        {tab === 'project' ? (
          <DefList
            def={projectResource}
            routeName={ExpenseScreens.baseCharge}
            rowActions={(row) =>
              rowButton('子项目', () =>
                navigate(`${ExpenseScreens.baseChargeChild}?projectId=${String(row.projectId)}`),
              )
            }
            actionsWidth={210}
          />
        ) : tab === 'category' ? (
          <DefList def={projectCategoryResource} routeName={`${ExpenseScreens.baseCharge}#category`} />
        ) : tab === 'level' ? (
          <DefList def={levelResource} routeName={`${ExpenseScreens.baseCharge}#level`} />
        ) : (
          <TradeWayPanel />
        )}
      </ViewTabs>
    </div>
  );
}

/** 收费子项目 (/expense/account/baseChargeChild?projectId=): the children of one project. */
export function BaseChargeChild() {
  const projectId = Number(usePage().query.projectId);
  return (
    <div className="page" data-testid="page-expense-base-charge-child">
      <div className="resource-toolbar expense-toolbar">
        <Button icon="arrow-left" text="返回收费项目" onClick={() => navigate(ExpenseScreens.baseCharge)} />
      </div>
      <DefList
        def={projectChildResource}
        routeName={ExpenseScreens.baseChargeChild}
        fixedParams={projectId ? { projectId } : undefined}
        createInitial={projectId ? { projectId } : undefined}
      />
    </div>
  );
}

/** 费用设置 (/expense/account/costSet): elders' standing charges. */
export function CostSet() {
  return (
    <div className="page" data-testid="page-expense-cost-set">
      <DefList def={costSetResource} routeName={ExpenseScreens.costSet} createInitial={{ quantity: 1 }} />
    </div>
  );
}

/** 优惠规则 (/expense/account/preferential). */
export function Preferential() {
  return (
    <div className="page" data-testid="page-expense-preferential">
      <DefList
        def={discountRuleResource}
        routeName={ExpenseScreens.preferential}
        createInitial={{ status: 1 }}
      />
    </div>
  );
}

/** 收支记录 (/expense/report/income): income and expense outside the elders' accounts. */
export function Income() {
  const print = usePrint();
  return (
    <div className="page" data-testid="page-report-income">
      <DefList
        def={inOutResource}
        routeName="/expense/report/income"
        toolbarExtra={(filters) => (
          <Button icon="print" text="打印" onClick={() => print(reportPrintUrl(inOutReport.name, filters))} />
        )}
      />
    </div>
  );
}
