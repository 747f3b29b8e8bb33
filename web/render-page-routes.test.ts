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
    // It loads every route group's screens (each .tsx transformed on first import): ~6 s alone, beyond
    // the default 30 s beside the fault suite and the bench on CI's two cores.
  }, 180_000);

  it('gives each request the routes of its locale and groups only', () => {
    expect(routesOfPath('/artists/bands/v1/name')).toEqual({ locale: 'he', groups: [] });
    expect(routesOfPath('/EN/ADMIN/orders')).toMatchObject({ locale: 'en', groups: [{ name: 'admin' }] });
    expect(routesOfPath('/%75ser/dashboard/profile')).toMatchObject({ locale: 'he', groups: [{ name: 'dashboard' }] });
  });
});

describe('a page whose API is away for a moment', () => {
  it('answers 503 with Retry-After, as the API did, rather than 500', async () => {
    const { createApiClient } = await import('./api/client.ts');
    const { createEnvironment } = await import('./app/environment.ts');
    const { renderPage } = await import('./render-page.tsx');
    const api = createApiClient({
      baseUrl: 'http://api.invalid/api', getToken: () => null, getLocale: () => 'en-US',
      // Every read meets MongoDB away, as the query API answers then (infra/engine-unavailable.ts).
      transport: async () => ({ status: 503, text: JSON.stringify({ type: 'about:blank', title: 'Service unavailable', status: 503, code: 'engine-unavailable', detail: 'MongoDB is unavailable' }) }),
    });
    const environment = createEnvironment({ api, isServer: true, locale: 'en', cookies: () => ({}), hasToken: () => false });
    const logged: string[] = [];
    const result = await renderPage(new Request('http://localhost/en/search?q=band'), environment, 'en', { script: '/app.js', stylesheet: '/app.css' }, (_error, message) => logged.push(message));
    expect(result).toMatchObject({ kind: 'html', status: 503, retryAfterSeconds: 5 });
    expect(result.kind === 'html' && result.html).toContain('<h1>Just a moment</h1>');
    expect(result.kind === 'html' && result.html).toContain('Please try again in a few seconds.');
    expect(logged.length).toBeGreaterThan(0);
  });
});
