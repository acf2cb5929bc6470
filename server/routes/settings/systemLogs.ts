import { Authority } from '../../../domain/menus.js';
import { systemLogQuery } from '../../../domain/settings.js';
import { type AnyRoute, route } from '../../http/route.js';
import { paged } from '../paging.js';

/** GET /passport/web-rbac/systemLogs: the organisation's operation log, newest first. */
export function systemLogRoutes(): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/passport/web-rbac/systemLogs',
      auth: Authority.logList,
      query: systemLogQuery,
      handler({ db, user, query }) {
        let q = db
          .selectFrom('operationLog')
          .select([
            'logId',
            'userName',
            'operationType',
            'operationName',
            'method',
            'path',
            'params',
            'ipAddress',
            'source',
            'createTime',
          ])
          .where('orgId', '=', user.orgId);
        if (query.userName) q = q.where('userName', 'like', `%${query.userName}%`);
        if (query.operationType) q = q.where('operationType', '=', query.operationType);
        if (query.startTime) q = q.where('createTime', '>=', query.startTime);
        if (query.endTime) q = q.where('createTime', '<=', query.endTime);
        if (query.keyword)
          q = q.where((eb) =>
            eb.or([
              eb('operationName', 'like', `%${query.keyword}%`),
              eb('path', 'like', `%${query.keyword}%`),
            ]),
          );
        return paged(q.orderBy('logId', 'desc'), query);
      },
    }),
  ];
}
