import { NonIdealState } from '@blueprintjs/core';
import type { ResourceDef } from '../../domain/resource.js';
import { usePage } from '../router/page.js';
import { ResourceList } from './ResourceList.js';
import { useResourceAuthority } from './useResourceAuthority.js';

function ResourcePage({ def }: { def: ResourceDef }) {
  const may = useResourceAuthority(def);
  return (
    <div className="page" data-testid={`page-${def.name}`}>
      <ResourceList def={def} canCreate={may.canCreate} canEdit={may.canEdit} canRemove={may.canRemove} />
    </div>
  );
}

/** The screen of a plain CRUD module: its descriptor's resource listed, with what the user may do. */
export function ResourceScreen() {
  const def = usePage().screen?.resource;
  return def ? <ResourcePage def={def} /> : <NonIdealState icon="error" title="页面未定义列表" />;
}
