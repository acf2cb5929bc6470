import { sql } from 'kysely';
import { RecordStatus } from '../../../domain/statuses/government.js';
import type { ServerModule } from '../../../server/modules/types.js';
import { inspectRecordResource, inspectResource } from '../resources.js';
import { inspectionRoutes } from './inspections.js';
import { expireRectifications } from './overdue.js';

/**
 * 政府监管 (spec 001 §7 "Government inspection"): a new inspection with its checklist results and a
 * record's rectification are the module's own calls; lists and details come from the engine.
 */
export const governmentServer: ServerModule = {
  resources: {
    [inspectResource.name]: {
      hooks: {
        async decorate(db, rows) {
          const ids = rows.map((r) => Number(r.inspectId));
          if (!ids.length) return;
          const open = await sql<{ inspectId: number; n: number }>`select inspectId, count(*) as n
            from inspectRecord where recordStatus != ${RecordStatus.rectified} and inspectId in (${sql.join(ids)})
            group by inspectId`.execute(db);
          const byId = new Map(open.rows.map((r) => [Number(r.inspectId), Number(r.n)]));
          for (const r of rows) r.openCount = byId.get(Number(r.inspectId)) ?? 0;
        },
      },
    },
    [inspectRecordResource.name]: {
      hooks: {
        // a list read after a deadline passed shows 已逾期 at once, not at the next periodic check
        async beforeList(ctx) {
          await expireRectifications(ctx.db, ctx.services, ctx.user.orgId);
        },
      },
    },
  },
  routes: inspectionRoutes,
};
