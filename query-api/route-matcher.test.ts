import { describe, expect, it } from 'vitest';
import { pathMatcher, routeTable } from './route-matcher.ts';
import { readRoutes } from './routes/all-read-routes.ts';

// The in-process reads must answer exactly the paths Express's router answers.
describe('pathMatcher (Express 5 matching of the read routes)', () => {
  const orders = pathMatcher('/api/orders/:id/history');

  it('matches a path with its parameters, decoded', () => {
    expect(orders('/api/orders/a%20b/history')?.params()).toEqual({ id: 'a b' });
    expect(pathMatcher('/api/ecommerce/vendor')('/api/ecommerce/vendor')?.params()).toEqual({});
  });

  it('takes one trailing slash and any letter case, like the router', () => {
    expect(orders('/api/orders/x/history/')?.params()).toEqual({ id: 'x' });
    expect(orders('/API/Orders/x/History')?.params()).toEqual({ id: 'x' });
  });

  it('refuses other paths: a missing or an extra segment, an empty parameter', () => {
    expect(orders('/api/orders/x')).toBeNull();
    expect(orders('/api/orders/x/history/more')).toBeNull();
    expect(orders('/api/orders//history')).toBeNull();
    expect(orders('/api/orders/x/y/history')).toBeNull();
  });

  it('answers a malformed escape with a 400 error when the parameters are read', () => {
    const match = orders('/api/orders/%E0%A4%A/history');
    expect(match).not.toBeNull();
    expect(() => match!.params()).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('refuses route syntax it does not implement, at start', () => {
    expect(() => pathMatcher('/api/files/{*path}')).toThrow(/unsupported/);
    expect(() => pathMatcher('/api/a{/:b}')).toThrow(/unsupported/);
  });
});

describe('routeTable (the first matching route, as Express tries them in order)', () => {
  /** What routeTable must answer: the first route in order whose pathMatcher matches. */
  const firstByScan = (paths: readonly string[], pathname: string) => {
    const index = paths.findIndex((path) => pathMatcher(path)(pathname) !== null);
    return index < 0 ? null : index;
  };
  const spellings = (path: string): string[] => {
    const filled = path.replace(/:[A-Za-z_$][A-Za-z0-9_$]*/g, 'x%20Y');
    return [filled, `${filled}/`, filled.toUpperCase(), `${filled}/more`, filled.replace(/\/[^/]*$/, ''), `${filled}//`, filled.replace('/api/', '/api//'), `/${filled}`];
  };

  it('answers the route a scan of every read route answers, for their paths and spellings of them', () => {
    const paths = readRoutes({}).map((route) => route.spec.path);
    const table = routeTable(paths.map((path, index) => ({ path, value: index })));
    const requests = [...paths.flatMap(spellings), '/', '', '/api', '/api/', 'api/config', '/API/ECOMMERCE/VENDOR/a/REVIEWS', '/api/\u212Aonfig'];
    for (const pathname of requests) expect(table(pathname)?.value ?? null, pathname).toBe(firstByScan(paths, pathname));
  });

  it('keeps the order of routes with a parameter among the first segments', () => {
    const paths = ['/api/:section/list', '/api/orders/list', '/:any/orders/:id', '/api/orders/:id', '/api'];
    const table = routeTable(paths.map((path, index) => ({ path, value: index })));
    for (const pathname of ['/api/orders/list', '/API/Orders/7', '/x/orders/7', '/api/orders/7', '/api/', '/Api', '/api/other/list']) {
      expect(table(pathname)?.value ?? null, pathname).toBe(firstByScan(paths, pathname));
    }
    expect(table('/api/orders/a%20b')?.params()).toEqual({ any: 'api', id: 'a b' });
  });
});
