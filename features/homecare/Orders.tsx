import { useState, useSyncExternalStore } from 'react';
import { HomecareScreens } from '../../domain/screens.js';
import { offeredEvents, orderFieldsOf, serviceOrderEvents } from '../../machines/serviceOrderMachine.js';
import { authorityStore, hasAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, type Row, rowButton, useResourceAuthority } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { ViewTabs } from '../../src/ui/ViewTabs.js';
import { Evaluations } from './Evaluations.js';
import { type ConsoleEvent, consoleEvents, OrderActionDialog } from './OrderActionDialog.js';
import { serveOrderResource } from './resources/orders.js';

const def = serveOrderResource;

/** The console events an order offers (asked from serviceOrderMachine) that the user may send. */
export function useOrderActions() {
  const granted = useSyncExternalStore(authorityStore.subscribe, authorityStore.get, authorityStore.get);
  return (row: Row): ConsoleEvent[] =>
    offeredEvents(orderFieldsOf(row)).flatMap((type) =>
      (consoleEvents as readonly string[]).includes(type) &&
      hasAuthority(serviceOrderEvents[type].authority, granted)
        ? [type as ConsoleEvent]
        : [],
    );
}

type View = 'orders' | 'evaluations';

/**
 * 服务工单 (/homecare/serverWorkorder): the orders, with each row's workflow buttons from the
 * machine, and the evaluations given on completed orders in a second tab.
 */
export function Orders() {
  const [view, setView] = useState<View>('orders');
  return (
    <div className="page" data-testid="page-homecare-orders">
      <ViewTabs
        id="homecare-orders-view"
        className="homecare-tabs"
        tabs={[
          { id: 'orders', title: '服务工单' },
          { id: 'evaluations', title: '服务评价' },
        ]}
        selected={view}
        onChange={setView}
      >
        {view === 'orders' ? <OrderList /> : <Evaluations />}
      </ViewTabs>
    </div>
  );
}

function OrderList() {
  const may = useResourceAuthority(def);
  const actionsOf = useOrderActions();
  const [acting, setActing] = useState<{ row: Row; type: ConsoleEvent } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <>
      <ResourceList
        def={def}
        routeName={HomecareScreens.serverWorkorder}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
        refreshKey={refreshKey}
        actionsWidth={380}
        onCreate={() => navigate(HomecareScreens.serverWorkorderAdd)}
        onOpen={(row) => navigate(`${HomecareScreens.serverWorkorderDetail}?orderId=${String(row.orderId)}`)}
        rowActions={(row) =>
          actionsOf(row).map((type) =>
            rowButton(serviceOrderEvents[type].label, () => setActing({ row, type }), type === 'abolish'),
          )
        }
      />
      {acting ? (
        <OrderActionDialog
          order={acting.row}
          type={acting.type}
          onClose={(changed) => {
            setActing(null);
            if (changed) setRefreshKey((k) => k + 1);
          }}
        />
      ) : null}
    </>
  );
}
