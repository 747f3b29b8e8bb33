import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './client.ts';
import { ApiError, genericErrorMessageKey } from './api-error.ts';

interface Recorded { url: string; method: string; headers: Record<string, string>; body?: string }

function fakeFetch(respond: (call: Recorded) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>) {
  const calls: Recorded[] = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const call: Recorded = { url: input, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body as string | undefined };
    calls.push(call);
    const answer = await respond(call);
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text || null, { status: answer.status, headers: { 'content-type': answer.status >= 400 ? 'application/problem+json' : 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

function client(respond: Parameters<typeof fakeFetch>[0], extra: Partial<ApiClientOptions> = {}) {
  const { calls, fetchImpl } = fakeFetch(respond);
  let token: string | null = 'tok-1';
  let clock = 1_000;
  const api = createApiClient({ baseUrl: '/api', getToken: () => token, getLocale: () => 'he-IL', fetch: fetchImpl, now: () => clock, ...extra });
  return { api, calls, setToken: (value: string | null) => { token = value; }, advance: (ms: number) => { clock += ms; } };
}

describe('API client (SPEC §7)', () => {
  it('sends the bearer token and the locale on every call, against the host-relative base', async () => {
    const { api, calls } = client(() => ({ status: 200, body: { ok: true } }));
    await api.get('ecommerce/vendor', { query: { id: ['a', 'b'], limit: 999, text: '' } });
    await api.post('orders', { productId: 'p1' });
    expect(calls[0]!.url).toBe('/api/ecommerce/vendor?id=a&id=b&limit=999');
    for (const call of calls) {
      expect(call.headers.authorization).toBe('Bearer tok-1');
      expect(call.headers['accept-language']).toBe('he-IL');
    }
    expect(calls[1]!.method).toBe('POST');
    expect(JSON.parse(calls[1]!.body!)).toEqual({ productId: 'p1' });
  });

  it('sends no authorization header for a guest', async () => {
    const { api, calls, setToken } = client(() => ({ status: 200, body: {} }));
    setToken(null);
    await api.get('acl/public');
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('caches GET answers for 10 s, then asks again', async () => {
    let n = 0;
    const { api, calls, advance } = client(() => ({ status: 200, body: { n: ++n } }));
    expect(await api.get('tag/alias/artist-categories/children')).toEqual({ n: 1 });
    advance(9_999);
    expect(await api.get('tag/alias/artist-categories/children')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    advance(2);
    expect(await api.get('tag/alias/artist-categories/children')).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('drops expired answers, at most once per 10 s purge interval (SPEC §9)', async () => {
    const { api, advance } = client(() => ({ status: 200, body: {} }));
    for (let index = 0; index < 50; index++) await api.get(`ecommerce/vendor/v${index}`);
    expect(api.cacheSize()).toBe(50);
    // Past their time, the old answers are dropped with the next read once the interval has passed.
    advance(10_001);
    await api.get('ecommerce/vendor/fresh');
    expect(api.cacheSize()).toBe(1);
    // Not before the interval: answers that expire sooner stay until the next purge.
    advance(9_000);
    await api.get('ecommerce/vendor/another');
    expect(api.cacheSize()).toBe(2);
    advance(1_500);
    await api.get('ecommerce/vendor/third');
    expect(api.cacheSize()).toBe(2);
  });

  it('keeps one cache entry per token: a different user never gets another user\'s answer', async () => {
    const { api, calls, setToken } = client((call) => ({ status: 200, body: { who: call.headers.authorization ?? 'guest' } }));
    expect(await api.get('user/current')).toEqual({ who: 'Bearer tok-1' });
    setToken('tok-2');
    expect(await api.get('user/current')).toEqual({ who: 'Bearer tok-2' });
    expect(calls).toHaveLength(2);
  });

  it('clears the whole GET cache on any non-GET call', async () => {
    let n = 0;
    const { api, calls } = client((call) => ({ status: call.method === 'GET' ? 200 : 201, body: { n: ++n } }));
    await api.get('artists/vendor/favored/by-user');
    await api.get('artists/vendor/favored/by-user');
    expect(calls).toHaveLength(1);
    await api.delete('artists/vendor/v1/favored/by-user');
    await api.get('artists/vendor/favored/by-user');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'DELETE', 'GET']);
  });

  it('clears the cache even when the non-GET call fails', async () => {
    const { api, calls } = client((call) => (call.method === 'GET' ? { status: 200, body: {} } : { status: 409, body: { status: 409, title: 'Conflict' } }));
    await api.get('orders');
    await expect(api.post('orders', {})).rejects.toBeInstanceOf(ApiError);
    await api.get('orders');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('shares one request between identical GETs in flight', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const { api, calls } = client(async () => { await gate; return { status: 200, body: { items: [] } }; });
    const first = api.get('ecommerce/vendor', { query: { start: 0 } });
    const second = api.get('ecommerce/vendor', { query: { start: 0 } });
    const other = api.get('ecommerce/vendor', { query: { start: 20 } });
    release();
    expect(await first).toEqual({ items: [] });
    expect(await second).toEqual({ items: [] });
    await other;
    expect(calls).toHaveLength(2);
  });

  it('does not store a GET answer that was in flight when a write cleared the cache', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let n = 0;
    const { api, calls } = client(async (call) => {
      if (call.method === 'GET' && n === 0) { n++; await gate; return { status: 200, body: { stale: true } }; }
      return { status: 200, body: { stale: false } };
    });
    const slow = api.get('orders');
    await api.post('orders/o1/cancel', { reason: 'x' });
    release();
    expect(await slow).toEqual({ stale: true });
    expect(await api.get('orders')).toEqual({ stale: false });
    expect(calls).toHaveLength(3);
  });

  it('turns a problem+json answer into an ApiError and reports it, unless silent', async () => {
    const onError = vi.fn();
    const { api } = client(() => ({ status: 422, body: { status: 422, title: 'Validation failed', code: 'validation', errors: [{ field: 'email', message: 'Invalid' }] } }), { onError });
    const error = await api.post('user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).problem.errors).toEqual([{ field: 'email', message: 'Invalid' }]);
    expect(onError).toHaveBeenCalledTimes(1);
    await api.post('artists/vendor/v1/favored/by-user', undefined, { silent: true }).catch(() => undefined);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('hands a successful answer over as its text when asked (cached apart from the parsed one), a problem still as an ApiError', async () => {
    let status = 200;
    const { api, calls } = client(() => (status === 200 ? { status, body: { items: [1] } } : { status, body: { status, title: 'Not found' } }));
    expect(await api.get('config', { text: true })).toBe('{"items":[1]}');
    expect(await api.get('config')).toEqual({ items: [1] });
    expect(await api.get('config', { text: true })).toBe('{"items":[1]}');
    expect(calls).toHaveLength(2);
    status = 404;
    const error = await api.get('missing', { text: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem.title).toBe('Not found');
  });

  it('reports success of a non-GET call (generic success message), not of a GET', async () => {
    const onSuccess = vi.fn();
    const { api } = client(() => ({ status: 200, body: {} }), { onSuccess });
    await api.get('orders');
    await api.post('orders', {});
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith('POST');
  });

  it('maps a network failure to status 0', async () => {
    const fetchImpl = (async () => { throw new TypeError('fetch failed'); }) as unknown as typeof fetch;
    const api = createApiClient({ baseUrl: '/api', getToken: () => null, getLocale: () => 'en-US', fetch: fetchImpl });
    const error = await api.get('orders').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
  });

  it('asks again, twice at most, when the views are still behind a write the caller made', async () => {
    const behind = { status: 504, body: { status: 504, code: 'views-behind', detail: 'The read side has not applied revision 3.' } };
    let left = 2;
    const { api, calls } = client(() => (left-- > 0 ? behind : { status: 200, body: { orderId: 'o1' } }));
    expect(await api.get('orders/o1', { query: { minRevision: 3 }, fresh: true })).toEqual({ orderId: 'o1' });
    expect(calls).toHaveLength(3);

    const reported: number[] = [];
    const stuck = client(() => behind, { onError: (error) => reported.push(error.status) });
    const error = await stuck.api.get('orders/o1', { query: { minRevision: 3 } }).catch((e: unknown) => e);
    expect((error as ApiError).problem.code).toBe('views-behind');
    expect(stuck.calls).toHaveLength(3);
    expect(reported).toEqual([504]);
  });

  it('does not ask again after another 504', async () => {
    const { api, calls } = client(() => ({ status: 504, body: { status: 504, code: 'gateway-timeout' } }));
    expect(((await api.get('orders').catch((e: unknown) => e)) as ApiError).status).toBe(504);
    expect(calls).toHaveLength(1);
  });

  it('retries once with a refreshed token after a 401', async () => {
    let token = 'old';
    const { calls, fetchImpl } = fakeFetch((call) => (call.headers.authorization === 'Bearer old' ? { status: 401, body: { status: 401 } } : { status: 200, body: { ok: 1 } }));
    const api = createApiClient({
      baseUrl: '/api', getToken: () => token, getLocale: () => 'he-IL', fetch: fetchImpl,
      onUnauthorized: async () => { token = 'new'; return true; },
    });
    expect(await api.get('user/current')).toEqual({ ok: 1 });
    expect(calls.map((c) => c.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('maps 403, 404, 422, 500 to their messages and any other code to the 500 message', () => {
    expect(genericErrorMessageKey(403)).toBe('core.genericError403');
    expect(genericErrorMessageKey(404)).toBe('core.genericError404');
    expect(genericErrorMessageKey(422)).toBe('core.genericError422');
    expect(genericErrorMessageKey(500)).toBe('core.genericError500');
    expect(genericErrorMessageKey(409)).toBe('core.genericError500');
    expect(genericErrorMessageKey(0)).toBe('core.genericError500');
  });
});
