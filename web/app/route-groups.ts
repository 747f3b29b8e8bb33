import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { LOCALES, localeOfPath, stripLocale } from './locale-path.ts';
import { loadChunk, shouldReloadOnce } from './chunk-recovery.ts';
import type { Locale } from '../api/view-models.ts';

// Screens the storefront's first load does not carry: checkout and an order's pages, the dashboards and
// the back office are separate chunks (`import()`), loaded when a path needs them. The server renders them like any
// page; the browser loads the group of the page it hydrates before hydrating (web/entry-client.tsx),
// and the group of a later page when navigating to it (react-router's patchRoutesOnNavigation).
export type RouteGroupName = 'orders' | 'dashboard' | 'admin';

export interface RouteGroup {
  name: RouteGroupName;
  /** The module `load` imports, relative to web/: its chunk is preloaded by pages of the group. */
  module: string;
  /** Path prefixes (after the locale, whole segments) every route of the group lies under. */
  prefixes: string[];
  load(): Promise<RouteObject[]>;
}

export const routeGroups: RouteGroup[] = [
  {
    name: 'orders',
    module: 'pages/order-routes.ts',
    prefixes: ['checkout', 'order'],
    load: () => loadChunk(() => import('../pages/order-routes.ts')).then((module) => module.orderRoutes),
  },
  {
    name: 'dashboard',
    module: 'pages/dashboard/dashboard-routes.ts',
    prefixes: ['user/dashboard', 'notifications'],
    load: () => loadChunk(() => import('../pages/dashboard/dashboard-routes.ts')).then((module) => module.dashboardRoutes),
  },
  {
    name: 'admin',
    module: 'pages/admin/admin-routes.ts',
    prefixes: ['admin'],
    load: () => loadChunk(() => import('../pages/admin/admin-routes.ts')).then((module) => module.adminRoutes),
  },
];

export type LoadedRouteGroups = Partial<Record<RouteGroupName, RouteObject[]>>;

const within = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The groups whose routes may match a URL path (`/en/admin/order` → admin). */
export function routeGroupsOf(pathname: string): RouteGroup[] {
  const path = stripLocale(pathname).replace(/^\/+/, '');
  return routeGroups.filter((group) => group.prefixes.some((prefix) => within(path, prefix)));
}

/**
 * Loads the groups' routes; in the browser, `messages` adds the groups' texts (their own chunk,
 * web/app/route-group-messages.ts) at the same time, so the screens render with them.
 */
export async function loadRouteGroups(groups: readonly RouteGroup[], messages?: () => Promise<void>): Promise<LoadedRouteGroups> {
  const [loaded] = await Promise.all([
    Promise.all(groups.map(async (group) => [group.name, await group.load()] as const)),
    groups.length > 0 ? messages?.() : undefined,
  ]);
  return Object.fromEntries(loaded);
}

/**
 * The id of the pathless route each locale branch holds a group's routes under. Explicit, so a group
 * patched in later lands in the same place in either branch.
 */
export const routeGroupId = (locale: Locale, name: RouteGroupName): string => `${locale}:${name}`;

/**
 * Patches a group's routes into the branch of the path the browser navigates to, once per branch, with
 * the groups' texts added first (`messages`).
 */
export function routeGroupPatcher(alreadyLoaded: LoadedRouteGroups, messages: () => Promise<void>): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  for (const name of Object.keys(alreadyLoaded) as RouteGroupName[]) {
    for (const locale of LOCALES) patched.add(routeGroupId(locale, name));
  }
  return async ({ path, patch, signal }) => {
    for (const group of routeGroupsOf(path)) {
      const id = routeGroupId(localeOfPath(path), group.name);
      if (patched.has(id)) continue;
      let routes: RouteObject[];
      try {
        [routes] = await Promise.all([group.load(), messages()]);
      } catch (error) {
        // A chunk error (web/app/chunk-recovery.ts): a stale tab loads the page it was going to afresh,
        // once; then the navigation fails with the error, which the route error page words.
        if (shouldReloadOnce(path, sessionStorage)) {
          window.location.assign(path);
          return new Promise<never>(() => {});
        }
        throw error;
      }
      if (signal.aborted) return;
      patch(id, routes);
      patched.add(id);
    }
  };
}
