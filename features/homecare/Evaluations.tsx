import { HomecareScreens } from '../../domain/screens.js';
import { ResourceList } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { serveOrderEvaluationResource } from './resources/orders.js';

/** The list filters by elder, score and date; the order filter serves the detail page only. */
const def = {
  ...serveOrderEvaluationResource,
  filters: serveOrderEvaluationResource.filters?.filter((f) => f.field !== 'orderId'),
};

/** 服务评价 (the second tab of 服务工单): evaluations given; 查看 opens the order. */
export function Evaluations() {
  return (
    <ResourceList
      def={def}
      routeName={`${HomecareScreens.serverWorkorder}/evaluations`}
      onOpen={(row) => navigate(`${HomecareScreens.serverWorkorderDetail}?orderId=${String(row.orderId)}`)}
    />
  );
}
