import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { createEnvironment } from './environment.ts';
import { createFavoritesController, type FavoritesState } from './favorites-controller.ts';
import type { CurrentUser } from '../api/view-models.ts';

// SPEC §4 and §8 favorites semantics against a scripted API.
const user: CurrentUser = { uuid: 'u1', email: 'a@b.c', fullName: 'A', locale: 'he-IL', isAdmin: false, isOperator: false, groups: [] };
// A vendor card as GET /api/ecommerce/vendor answers it (query-api/answer-schemas.ts VendorCardAnswer).
const card = (id: string) => ({
  vendorId: id, name: { he: id, en: id }, intro: {}, originLocation: {}, tagIds: [], geoLocationIds: [], languages: [],
  logoImageUrl: null, heroImageUrl: null, ratingAvg: null, ratingCount: 0, priceFromMinor: null, productCount: 0,
});

function setup(options: { user: CurrentUser | null; serverIds?: string[]; fail?: (method: string, path: string) => boolean; cookie?: string }) {
  const serverIds = [...(options.serverIds ?? [])];
  const calls: string[] = [];
  let cookie = options.cookie ?? '';
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://x');
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (options.fail?.(method, url.pathname)) return new Response(JSON.stringify({ status: 500 }), { status: 500 });
    const favorite = /^\/api\/artists\/vendor\/([^/]+)\/favored\/by-user$/.exec(url.pathname);
    if (favorite && method === 'POST') serverIds.push(favorite[1]!);
    if (favorite && method === 'DELETE') serverIds.splice(serverIds.indexOf(favorite[1]!), 1);
    if (url.pathname === '/api/artists/vendor/favored/by-user') return Response.json({ items: serverIds.map(card), total: serverIds.length, vendorIds: serverIds, productIds: [] });
    if (url.pathname === '/api/ecommerce/vendor') return Response.json({ items: url.searchParams.getAll('id').map(card), total: 0 });
    if (url.pathname.startsWith('/api/tag/')) return Response.json({ items: [], total: 0 });
    return Response.json({ id: 'x', revision: 1 });
  }) as unknown as typeof fetch;
  const api = createApiClient({ baseUrl: '/api', getToken: () => (options.user ? 't' : null), getLocale: () => 'he-IL', fetch: fetchImpl });
  const environment = createEnvironment({ api, isServer: false, locale: 'he', cookies: () => ({ favorites: cookie }), hasToken: () => Boolean(options.user) });
  let state: FavoritesState = { ids: [...serverIds], vendors: [] };
  let loaded = false;
  const controller = createFavoritesController({
    environment: () => environment, user: options.user, state: () => state, setState: (next) => { state = next; }, setLoaded: (value) => { loaded = value; },
    writeGuestIds: (ids) => { cookie = ids.join(','); }, retryDelayMs: 1,
  });
  return { controller, calls, state: () => state, loaded: () => loaded, cookie: () => cookie, serverIds };
}

describe('favorites (SPEC §4, §8)', () => {
  it('a signed-in user: toggling adds on the server, toggling again removes, the list reloads after each change', async () => {
    const s = setup({ user });
    expect(await s.controller.toggle('v1')).toBe(true);
    expect(s.state().ids).toEqual(['v1']);
    expect(s.state().vendors.map((v) => v.vendorId)).toEqual(['v1']);
    const favoriteCalls = () => s.calls.filter((call) => call.includes('favored'));
    expect(favoriteCalls()).toEqual(['POST /api/artists/vendor/v1/favored/by-user', 'GET /api/artists/vendor/favored/by-user']);
    expect(await s.controller.toggle('v1')).toBe(true);
    expect(s.state().ids).toEqual([]);
    expect(favoriteCalls().slice(2)).toEqual(['DELETE /api/artists/vendor/v1/favored/by-user', 'GET /api/artists/vendor/favored/by-user']);
  });

  it('a guest: ids go to the cookie and come back through the vendor list with the id filter and limit 999', async () => {
    const s = setup({ user: null, cookie: 'v0' });
    expect(await s.controller.toggle('v2')).toBe(true);
    expect(s.cookie()).toBe('v0,v2');
    expect(s.calls.at(-1)).toBe('GET /api/ecommerce/vendor?id=v0&id=v2&start=0&limit=999');
    expect(s.state().vendors.map((v) => v.vendorId)).toEqual(['v0', 'v2']);
    expect(s.calls.some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('a failed add yields false, with no change and no reload', async () => {
    const s = setup({ user, fail: (method) => method === 'POST' });
    expect(await s.controller.toggle('v1')).toBe(false);
    expect(s.state().ids).toEqual([]);
    expect(s.calls).toEqual(['POST /api/artists/vendor/v1/favored/by-user']);
  });

  it('a failed remove yields false', async () => {
    const s = setup({ user, serverIds: ['v1'], fail: (method) => method === 'DELETE' });
    expect(await s.controller.toggle('v1')).toBe(false);
    expect(s.state().ids).toEqual(['v1']);
  });

  it('a failed load leaves the list unchanged and still sets the loaded flag', async () => {
    const s = setup({ user, serverIds: ['v1'], fail: (method, path) => method === 'GET' && path.endsWith('/favored/by-user') });
    const before = s.state();
    await s.controller.reload();
    expect(s.state()).toBe(before);
    expect(s.loaded()).toBe(true);
  });
});
