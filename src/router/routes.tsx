import { matchRoutes, Navigate, type RouteObject, useLocation, useParams } from 'react-router-dom';
import { type ModuleDef, moduleScreens, registryProblems, type ScreenDef } from '../../domain/module.js';
import { NotImplemented } from '../../features/fallback/index.js';
import { PageCrashed, retryable } from './ViewError.js';
import type { ViewLoader, ViewLoaders } from './views.js';

/** What a page route carries for the shell: its screen (title, tab or not). */
export interface ScreenHandle {
  screen: ScreenDef;
}

const notImplemented: ViewLoader = async () => NotImplemented;

/** How a screen renders: its custom view, its resource's list, or 功能未实现 until it has one. */
function loaderOf(screen: ScreenDef, views: ViewLoaders): ViewLoader {
  if (screen.view) {
    const load = views[screen.view];
    if (!load) throw new Error(`视图未注册: ${screen.view}（${screen.path}）`);
    return load;
  }
  if (screen.resource) return () => import('../resource/ResourceScreen.js').then((m) => m.ResourceScreen);
  return notImplemented;
}

/**
 * Starts loading the bundle of the screen at `path` (without its query), so that it loads beside the
 * page's settings instead of after them; the router's own load then finds it ready. A failure here is
 * left to the router's load, which reports it and offers 重试.
 */
export function preloadScreen(routes: readonly RouteObject[], path: string, views: ViewLoaders) {
  const handle = matchRoutes([...routes], path.split('?')[0] || '/')?.at(-1)?.route.handle as
    | ScreenHandle
    | undefined;
  if (handle) loaderOf(handle.screen, views)().catch(() => undefined);
}

/** Spec 000 §2: every registered route takes an optional trailing menuId. */
const withMenuId = (path: string) => (path === '/' ? path : `${path}/:menuId?`);

/** A legacy path (spec 001 §2 aliases) opens its screen's own address, query and menuId kept. */
function AliasRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  const { menuId } = useParams();
  return <Navigate replace to={`${to}${menuId ? `/${menuId}` : ''}${search}`} />;
}

/**
 * The page routes of the console, generated from the module descriptors: one lazy route per
 * screen (its bundle loads when first opened; a failed load offers 重试), one redirect per alias.
 * A duplicate path or alias, or a view no folder registers, is refused (spec 000 §2).
 */
export function pageRoutes(modules: readonly ModuleDef[], views: ViewLoaders): RouteObject[] {
  const problems = registryProblems(modules);
  if (problems.length) throw new Error(problems.join('；'));
  return modules.flatMap(moduleScreens).flatMap((screen): RouteObject[] => [
    {
      path: withMenuId(screen.path),
      caseSensitive: true,
      handle: { screen } satisfies ScreenHandle,
      lazy: retryable(loaderOf(screen, views)),
      ErrorBoundary: PageCrashed,
    },
    ...(screen.aliases ?? []).map(
      (alias): RouteObject => ({
        path: withMenuId(alias),
        caseSensitive: true,
        element: <AliasRedirect to={screen.path} />,
      }),
    ),
  ]);
}

/** The catch-all route: the shell shows 功能未实现 for a menu entry without a screen, else 页面不存在. */
export const FALLBACK_ROUTE = 'fallback';

/** Every view key the descriptors name, for checking a views registry. */
export const viewKeys = (modules: readonly ModuleDef[]) =>
  modules.flatMap(moduleScreens).flatMap((s) => (s.view ? [s.view] : []));
