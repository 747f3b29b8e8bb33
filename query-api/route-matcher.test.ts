import { describe, expect, it } from 'vitest';
import { pathMatcher } from './route-matcher.ts';

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
