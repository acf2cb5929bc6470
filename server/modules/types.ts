import type { AnyRoute } from '../http/route.js';
import type { CrudAction, ResourceHooks } from '../resources/engine.js';

export interface RouteOptions {
  loginRatePerMinute: number;
}

/** What one of a module's resources adds to the engine's generic routes. */
export interface ServerResource {
  hooks?: ResourceHooks;
  /** Actions the module writes itself (a create that starts a workflow); the engine leaves them out. */
  handwritten?: readonly CrudAction[];
}

/**
 * The server's part of a module descriptor (domain/modules): hooks of its resources by resource
 * name, and the calls that are more than a resource's CRUD (workflows, reports, lookups). A plain
 * CRUD module has none: the engine serves its resources from the descriptor alone.
 */
export interface ServerModule {
  resources?: Record<string, ServerResource>;
  routes?(opts: RouteOptions): AnyRoute[];
}
