import { useAuthority } from '../../src/auth/authorityStore.js';
import { ResourceList, rowButton } from '../../src/resource/index.js';
import { navigate } from '../../src/router/hash.js';
import { GovernmentAuthority as A, GovernmentScreens as S } from './api.js';
import { inspectResource } from './resources.js';

/** 监管检查 (/government/inspect): the inspections, each opened by its 60 items or its problems. */
export function Inspections() {
  const canAdd = useAuthority(A.inspectAdd);
  return (
    <div className="page" data-testid="page-government-inspect">
      <ResourceList
        def={inspectResource}
        routeName={S.inspect}
        canCreate={canAdd}
        onCreate={() => navigate(S.inspectAdd)}
        onOpen={(row) => navigate(`${S.sixty}?inspectId=${String(row.inspectId)}`)}
        actionsWidth={220}
        rowActions={(row) =>
          rowButton('问题登记', () => navigate(`${S.register}?inspectId=${String(row.inspectId)}`))
        }
      />
    </div>
  );
}
