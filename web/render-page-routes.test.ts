import { describe, expect, it } from 'vitest';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router';
import { loadRouteGroups, routeGroups } from './app/route-groups.ts';
import { routeTree } from './app/routes.tsx';
import { routesOfPath, staticHandlerFor } from './render-page.tsx';

// The server matches each request against the tree of its locale with only the route groups its path
// lies under (render-page.tsx). Whatever the path, the routes matched, their ids and their params must
// be those of the whole tree, which the browser's router also holds (hydration reads data by route id).
const pathsOf = (routes: RouteObject[], parent = ''): string[] => routes.flatMap((route) => {
  const path = route.path ? [parent, route.path].filter(Boolean).join('/') : parent;
  const own = route.path || route.index ? [path] : [];
  return [...own, ...pathsOf(route.children ?? [], path)];
});
const sample = (path: string) => `/${path.replace(/^\//, '').replace(/:(\w+)\??/g, 'some-$1').replace(/\*$/, 'anything')}`;

describe('server route matching', () => {
  it('matches every path as the whole tree does, in both languages and however it is written', async () => {
    const whole = createStaticHandler(routeTree(await loadRouteGroups(routeGroups)));
    const declared = [...new Set(pathsOf(whole.dataRoutes).map(sample))];
    expect(declared.length).toBeGreaterThan(80);
    const odd = [
      '/', '/en', '/en/', '/EN/artists', '/%65n/search', '/En/Admin/orders', '/ADMIN/orders', '/user/dashboard', '/en/user/dashboard',
      '/administration', '/en/notifications-old', '//admin', '/en//user/dashboard/profile', '/artists/%E0%A4', '/english', '/no/such/page',
    ];
    for (const path of [...declared, ...odd]) {
      const expected = matchRoutes(whole.dataRoutes, path)?.map((match) => [match.route.id, match.params]);
      const handler = await staticHandlerFor(path);
      expect(matchRoutes(handler.dataRoutes, path)?.map((match) => [match.route.id, match.params]), path).toEqual(expected);
    }
  });

  it('gives each request the routes of its locale and groups only', () => {
    expect(routesOfPath('/artists/bands/v1/name')).toEqual({ locale: 'he', groups: [] });
    expect(routesOfPath('/EN/ADMIN/orders')).toMatchObject({ locale: 'en', groups: [{ name: 'admin' }] });
    expect(routesOfPath('/%75ser/dashboard/profile')).toMatchObject({ locale: 'he', groups: [{ name: 'dashboard' }] });
  });
});
