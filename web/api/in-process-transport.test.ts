import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerHeaders, createApiClient, httpTransport, type ApiClient, type ApiTransport, type TransportRequest } from './client.ts';
import { createInProcessTransport, type InProcessReader } from './in-process-transport.ts';
import { createInProcessValues } from './in-process-values.ts';
import { ApiError } from './api-error.ts';
import { createQueryApi, type QueryApi } from '../../query-api/create-query-api.ts';
import { DEMO, signIn } from '../test/marketplace.ts';
import type { Marketplace } from '../../main.ts';
import { freshDemoDataDir } from '../../test/demo-data-dir.ts';

// The API client's in-process transport against the started product: every read answers
// what the same read answers over HTTP — values, and errors with their status and problem details —
// through the same GET cache; writes and the command API's reads still go over HTTP.
let market: Marketplace;
let dataDir: string;
let queryApi: QueryApi;
let customer: string;
let vendorId: string;
/** Every call that reached HTTP through the in-process transport. */
const overHttp: TransportRequest[] = [];
let fallback: ApiTransport;

const clientOf = (transport: ApiTransport, token: string | null = null, locale = 'en-US'): ApiClient =>
  createApiClient({ baseUrl: `${market.url}/api`, getToken: () => token, getLocale: () => locale, transport });
const inProcess = (token?: string | null, reader: InProcessReader = queryApi) => clientOf(createInProcessTransport(reader, { fallback }), token);
const overHttpClient = (token?: string | null) => clientOf(httpTransport(), token);

/** Reads of the query API, each compared with the same read over HTTP (`{vendor}`: a seeded vendor's id). */
const QUERY_API_READS: Array<[string, string, Record<string, string | number>, 'guest' | 'customer']> = [
  ['a vendor search', 'ecommerce/vendor', { limit: 5, text: 'Tamar' }, 'guest'],
  ['a listing written as text', 'ecommerce/vendor', { limit: 5 }, 'guest'],
  ['a vendor page', 'ecommerce/vendor/{vendor}', {}, 'guest'],
  ["a vendor's reviews", 'ecommerce/vendor/{vendor}/reviews', { limit: 10 }, 'guest'],
  ["a vendor's busy times", 'vendor/{vendor}/calendar', { from: '2030-01-01T00:00:00.000Z', to: '2030-03-01T00:00:00.000Z', limit: 999 }, 'guest'],
  ["a vendor's Jewish calendar", 'vendor/{vendor}/jewish-calendar', { from: '2030-01-01T00:00:00.000Z', to: '2030-03-01T00:00:00.000Z' }, 'guest'],
  ['a list by alias (Hebrew texts)', 'tag/alias/artist-categories/children', { limit: 999 }, 'guest'],
  ["the customer's own orders", 'orders', {}, 'customer'],
  ['404: a vendor that does not exist', 'ecommerce/vendor/no-such-vendor', {}, 'guest'],
  ['403: an admin list read by a customer', 'admin/users', {}, 'customer'],
  ['401: orders read by a guest', 'orders', {}, 'guest'],
  ['422: a query parameter no read has', 'ecommerce/vendor', { colour: 'blue' }, 'guest'],
];

/** The value, or the error's status and problem, of one call. */
async function outcomeOf(call: Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, problem: error.problem };
  }
}

beforeAll(async () => {
  const { startMarketplace } = await import('../../main.ts');
  dataDir = await freshDemoDataDir('in-process-transport-');
  market = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'silent' });
  const { viewStore, eventStore, cache, jobQueue } = market.adapters;
  // A second query API over the product's own stores and GET cache, as main.ts builds it.
  queryApi = createQueryApi({ viewStore, eventStore, projections: market.projections, cache, jobQueue, jwtSecret: (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim() });
  const http = httpTransport();
  fallback = (request) => { overHttp.push(request); return http(request); };
  customer = (await signIn(market.url, DEMO.customer)).token;
  const cards = await overHttpClient().get<{ items: { vendorId: string }[] }>('ecommerce/vendor', { query: { limit: 1 } });
  vendorId = cards.items[0]!.vendorId;
}, 120_000);

afterAll(async () => {
  queryApi?.cache.stop();
  await market?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('in-process transport: the same answers as HTTP', () => {
  for (const [name, path, query, who] of QUERY_API_READS) {
    it(name, async () => {
      const token = who === 'customer' ? customer : null;
      const resolved = path.replace('{vendor}', vendorId);
      const here = await outcomeOf(inProcess(token).get(resolved, { query }));
      const there = await outcomeOf(overHttpClient(token).get(resolved, { query }));
      expect(here).toEqual(there);
      expect(overHttp.filter((request) => request.method === 'GET' && request.url.includes(resolved.split('/')[0]!))).toEqual([]);
    });
  }

  it('refuses an invalid token with 401, as over HTTP', async () => {
    const here = await outcomeOf(inProcess('not-a-token').get('orders'));
    expect(here).toMatchObject({ status: 401, problem: { code: 'unauthorized' } });
    expect(here).toEqual(await outcomeOf(overHttpClient('not-a-token').get('orders')));
  });

  it('answers the locale the client asks for', async () => {
    const hebrew = clientOf(createInProcessTransport(queryApi, { fallback }), null, 'he-IL');
    const answer = await hebrew.get<unknown>('ecommerce/vendor', { query: { limit: 2 } });
    const overHttpHebrew = clientOf(httpTransport(), null, 'he-IL');
    expect(answer).toEqual(await overHttpHebrew.get('ecommerce/vendor', { query: { limit: 2 } }));
  });

  it('shares the GET cache with HTTP: an answer read in process is a hit over HTTP', async () => {
    const query = { limit: 3, start: 7 };
    await inProcess().get('ecommerce/vendor', { query });
    const response = await fetch(`${market.url}/api/ecommerce/vendor?limit=3&start=7`, { headers: { 'accept-language': 'en-US' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache')).toBe('hit');
  });

  it('tells the cache tags of each read: the vendor page document it read, none for an error', async () => {
    const heard: (readonly string[] | null)[] = [];
    const client = clientOf(createInProcessTransport(queryApi, { fallback, onRead: (tags) => heard.push(tags) }));
    await client.get(`ecommerce/vendor/${vendorId}`);
    await client.get('ecommerce/vendor/no-such-vendor').catch(() => undefined);
    expect(heard[0]).toContain(`doc:vendorPages:${vendorId}`);
    expect(heard[1]).toBeNull();
  });
});

describe('in-process transport: what still goes over HTTP', () => {
  it("sends writes and the command API's reads to the fallback", async () => {
    overHttp.length = 0;
    const client = inProcess(customer);
    const user = await client.get<{ email: string }>('user/current');
    expect(user.email).toBe(DEMO.customer);
    const refused = await outcomeOf(client.post('orders', { productId: 'no-such-product' }));
    expect(refused).toMatchObject({ status: expect.any(Number) });
    expect(overHttp.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['GET /api/user/current', 'POST /api/orders']);
  });

  it('stops waiting at the call timeout, as fetch would', async () => {
    const never: InProcessReader = { read: () => new Promise(() => {}) };
    const error = await inProcess(null, never).get('ecommerce/vendor', { timeoutMs: 50 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
  });
});

describe('in-process values: the same answers as HTTP, as values', () => {
  const valuesOf = (token: string | null, onRead?: (tags: readonly string[] | null) => void) => createInProcessValues(queryApi, {
    headers: () => callerHeaders(token, 'en-US'), onRead,
  });
  for (const [name, path, query, who] of QUERY_API_READS) {
    it(name, async () => {
      const token = who === 'customer' ? customer : null;
      const resolved = path.replace('{vendor}', vendorId);
      // The value as JSON would carry it: what the page's hydration data holds of it.
      const here = await outcomeOf(valuesOf(token).get(resolved, query).then((value) => JSON.parse(JSON.stringify(value)) as unknown));
      expect(here).toEqual(await outcomeOf(overHttpClient(token).get(resolved, { query })));
    });
  }

  it('tells the cache tags of each read, none for an error', async () => {
    const heard: (readonly string[] | null)[] = [];
    const values = valuesOf(null, (tags) => heard.push(tags));
    await values.get(`ecommerce/vendor/${vendorId}`);
    await values.get('ecommerce/vendor/no-such-vendor').catch(() => undefined);
    expect(heard[0]).toContain(`doc:vendorPages:${vendorId}`);
    expect(heard[1]).toBeNull();
  });

  it('has no value of a path no read of the query API has', async () => {
    await expect(valuesOf(null).get('no/such/read')).rejects.toThrow(/No read of the query API/);
  });
});
