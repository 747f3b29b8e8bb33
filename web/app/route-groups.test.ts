import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { loadRouteGroups, routeGroups, routeGroupsOf } from './route-groups.ts';
import { pageRoutes } from './routes.tsx';

// The browser decides from the URL alone which lazily loaded group a page needs (before hydrating,
// and when navigating): every route of a group must lie under the group's prefixes, or its page would
// hydrate as a 404 and a link to it would miss.
const pathsOf = (routes: RouteObject[], parent = ''): string[] => routes.flatMap((route) => {
  const path = route.path ? [parent, route.path].filter(Boolean).join('/') : parent;
  const own = route.path || route.index ? [path] : [];
  return [...own, ...pathsOf(route.children ?? [], path)];
});
const sample = (path: string) => `/${path.replace(/:(\w+)/g, 'some-$1').replace(/\*$/, 'anything')}`;

describe('route groups', () => {
  it('claim every path of their routes, in Hebrew (no prefix) and English (/en)', async () => {
    const loaded = await loadRouteGroups(routeGroups);
    for (const group of routeGroups) {
      const paths = pathsOf(loaded[group.name]!);
      expect(paths.length, group.name).toBeGreaterThan(3);
      for (const path of paths) {
        expect(routeGroupsOf(sample(path)).map((claimed) => claimed.name), path).toEqual([group.name]);
        expect(routeGroupsOf(`/en${sample(path)}`).map((claimed) => claimed.name), path).toEqual([group.name]);
      }
    }
  });

  it('leave the storefront\'s pages to the first load (the dashboard redirects aside)', () => {
    const redirects = ['user/dashboard', 'user/dashboard/dashboard'];
    const storefront = pathsOf(pageRoutes).filter((path) => path !== '*' && !redirects.includes(path));
    expect(storefront).toContain('user/login');
    for (const path of storefront) expect(routeGroupsOf(sample(path)), path).toEqual([]);
    expect(routeGroupsOf('/')).toEqual([]);
    expect(routeGroupsOf('/en')).toEqual([]);
    // Whole segments only: /administration or /notifications-old are no group's.
    expect(routeGroupsOf('/administration')).toEqual([]);
    expect(routeGroupsOf('/en/notifications-old')).toEqual([]);
  });
});
