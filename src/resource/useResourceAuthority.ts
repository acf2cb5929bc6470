import type { ResourceDef } from '../../domain/resource.js';
import { useAuthority } from '../auth/authorityStore.js';

export interface ResourceAuthority {
  canView: boolean;
  canCreate: boolean;
  canEdit: boolean;
  canRemove: boolean;
}

/**
 * What the signed-in user may do with a resource (spec 000 §6): its authority expression for the
 * action and a route for it. An action without an expression is denied, as the server denies it.
 */
export function useResourceAuthority(def: ResourceDef): ResourceAuthority {
  const canView = useAuthority(def.authority.view);
  const canCreate = useAuthority(def.authority.create ?? '');
  const canEdit = useAuthority(def.authority.update ?? '');
  const canRemove = useAuthority(def.authority.remove ?? '');
  return {
    canView: canView && Boolean(def.api.list || def.api.get),
    canCreate: canCreate && Boolean(def.api.create),
    canEdit: canEdit && Boolean(def.api.update),
    canRemove: canRemove && Boolean(def.api.remove),
  };
}
