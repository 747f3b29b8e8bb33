import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { LOCALES, localeOfPath, stripLocale } from './locale-path.ts';
import { ChunkError, loadChunk, shouldReloadOnce } from './chunk-recovery.ts';
import type { Locale } from '../api/view-models.ts';

// Screens the storefront's first load does not carry: checkout and an order's pages, the dashboards and
// the back office are separate chunks (`import()`), loaded when a path needs them. The server renders them like any
// page; the browser loads the group of the page it hydrates before hydrating (web/entry-client.tsx),
// and the group of a later page when navigating to it (react-router's patchRoutesOnNavigation).
export type RouteGroupName = 'orders' | 'dashboard' | 'admin';

/**
 * The stylesheets (web/client-bundle.ts): `app`, which every page links (the base and the storefront's
 * rules, web/styles/*.css), and one per folder of web/styles/ with the rules only some groups' screens
 * use: `dashboard-admin` holds what the artist dashboard and the back office share.
 */
export const STYLESHEETS = ['app', 'dashboard', 'admin', 'dashboard-admin'] as const;
export type StylesheetName = (typeof STYLESHEETS)[number];

export interface RouteGroup {
  name: RouteGroupName;
  /** The module `load` imports, relative to web/: its chunk is preloaded by pages of the group. */
  module: string;
  /** Path prefixes (after the locale, whole segments) every route of the group lies under. */
  prefixes: string[];
  /** The stylesheets its pages link after `app`, in this order (checkout and orders are the storefront's). */
  stylesheets: StylesheetName[];
  load(): Promise<RouteObject[]>;
}

export const routeGroups: RouteGroup[] = [
  {
    name: 'orders',
    module: 'pages/order-routes.ts',
    prefixes: ['checkout', 'order'],
    stylesheets: [],
    load: () => loadChunk(() => import('../pages/order-routes.ts')).then((module) => module.orderRoutes),
  },
  {
    name: 'dashboard',
    module: 'pages/dashboard/dashboard-routes.ts',
    prefixes: ['user/dashboard', 'notifications'],
    stylesheets: ['dashboard', 'dashboard-admin'],
    load: () => loadChunk(() => import('../pages/dashboard/dashboard-routes.ts')).then((module) => module.dashboardRoutes),
  },
  {
    name: 'admin',
    module: 'pages/admin/admin-routes.ts',
    prefixes: ['admin'],
    stylesheets: ['admin', 'dashboard-admin'],
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

/** The stylesheets a page of these groups links after `app`, in order, each once. */
export const stylesheetsOf = (groups: readonly RouteGroup[]): StylesheetName[] => [...new Set(groups.flatMap((group) => group.stylesheets))];

/**
 * A stylesheet's address, from the address of `app` the page links (`/assets/app.<hash>.css`): the
 * sheets are named by one hash of them all, so each page can name the others. Null for another address.
 */
export function stylesheetHref(appHref: string, name: StylesheetName): string | null {
  const match = /^(.*\/)app(\.[0-9a-f]+\.css)$/.exec(appHref);
  return match ? `${match[1]}${name}${match[2]}` : null;
}

const linkedStylesheets = new Map<string, Promise<void>>();

/**
 * In the browser: links the groups' stylesheets after the page's own, resolved once they apply, so a
 * screen of theirs never shows unstyled. A sheet the document already links (the server links those of
 * the page's groups) has applied before any script ran. One that fails is a chunk error
 * (web/app/chunk-recovery.ts): a tab older than a deploy names sheets the server no longer has.
 */
export function linkRouteGroupStylesheets(groups: readonly RouteGroup[], doc: Document = document): Promise<void> {
  const app = doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href') ?? '';
  const linked = new Set([...doc.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href')));
  return Promise.all(stylesheetsOf(groups).map((name) => {
    const href = stylesheetHref(app, name);
    if (!href) return undefined;
    let applied = linkedStylesheets.get(href);
    if (!applied) {
      applied = linked.has(href) ? Promise.resolve() : loadChunk(() => new Promise<void>((resolve, reject) => {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.addEventListener('load', () => resolve());
        link.addEventListener('error', () => {
          link.remove();
          reject(new ChunkError('load', href));
        });
        doc.head.append(link);
      }));
      applied.catch(() => linkedStylesheets.delete(href));
      linkedStylesheets.set(href, applied);
    }
    return applied;
  })).then(() => undefined);
}

/**
 * Loads the groups' routes; in the browser, `messages` adds the groups' texts (their own chunk,
 * web/app/route-group-messages.ts) and their stylesheets are linked at the same time, so the screens
 * render with both.
 */
export async function loadRouteGroups(groups: readonly RouteGroup[], messages?: () => Promise<void>): Promise<LoadedRouteGroups> {
  const [loaded] = await Promise.all([
    Promise.all(groups.map(async (group) => [group.name, await group.load()] as const)),
    groups.length > 0 && messages ? Promise.all([messages(), linkRouteGroupStylesheets(groups)]) : undefined,
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
 * the groups' texts added (`messages`) and stylesheets applied first.
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
        [routes] = await Promise.all([group.load(), messages(), linkRouteGroupStylesheets([group])]);
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
