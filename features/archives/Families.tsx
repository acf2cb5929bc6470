import { familyResource } from '../../domain/resources/oldman.js';
import { LiveScreens } from '../../domain/screens.js';
import { ResourceList, useResourceAuthority } from '../../src/resource/index.js';

/** 家属管理: family members and emergency contacts of the elders. */
export function Families() {
  const may = useResourceAuthority(familyResource);
  return (
    <div className="page" data-testid="page-families">
      <ResourceList
        def={familyResource}
        routeName={LiveScreens.family}
        canCreate={may.canCreate}
        canEdit={may.canEdit}
        canRemove={may.canRemove}
      />
    </div>
  );
}
