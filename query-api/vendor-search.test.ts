import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { createQueryApi } from './create-query-api.ts';
import { fakeProjections } from './testing/fake-projections.ts';
import { serve } from './testing/serve.ts';
import { TEST_SECRET } from './testing/tokens.ts';
import type { CommandApiClient } from '../command-api/client/command-api-client.ts';

// Vendor search over real HTTP, on view documents shaped as projectors/README.md describes.
const card = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: `v${n}`,
  _seen: { [`vendor-v${n}`]: 0 },
  vendorId: `v${n}`,
  visible: true,
  archived: false,
  name: { he: `אמן ${n}`, en: `Artist ${String(n).padStart(2, '0')}` },
  intro: { he: 'מבוא', en: 'Intro' },
  originLocation: { he: 'תל אביב', en: 'Tel Aviv' },
  searchText: `אמן ${n} artist ${String(n).padStart(2, '0')}`,
  tagIds: n % 2 === 0 ? ['t-singers'] : ['t-bands'],
  geoLocationIds: n % 3 === 0 ? ['g-haifa'] : ['g-tlv'],
  languages: ['he'],
  logoImageUrl: null,
  heroImageUrl: null,
  ratingAvg: n === 5 ? null : (n % 5) + 0.5,
  ratingCount: n === 5 ? 0 : 3,
  priceFromMinor: 100_000 + n * 1000,
  productCount: 1,
  createdAt: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  updatedAt: null,
  productPrices: { [`p${n}`]: 100_000 + n * 1000 },
  ratings: {},
  ...overrides,
});

describe('GET /api/ecommerce/vendor (search)', () => {
  let eventStore: EventStore;
  let client: CommandApiClient;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const viewStore = createMemoryViewStore();
    eventStore = await openSqliteEventStore({ path: ':memory:' });
    for (let n = 1; n <= 30; n += 1) await viewStore.collection('vendorCards').replaceOne(card(n));
    await viewStore.collection('vendorCards').replaceOne(card(31, { visible: false, archived: true, searchText: 'archived artist' }));
    await viewStore.collection('tags').replaceOne({ _id: 't-singers', id: 't-singers', alias: 'singers', parentId: 't-root', level: 1, order: 1, name: { he: 'זמרים', en: 'Singers' } });
    await viewStore.collection('tags').replaceOne({ _id: 't-bands', id: 't-bands', alias: 'bands', parentId: 't-root', level: 1, order: 2, name: { he: 'להקות', en: 'Bands' } });
    // v2 is busy on 2026-07-01 in Israel (a reservation late that evening, UTC); v4 only the day before.
    await viewStore.collection('calendarEntries').replaceOne({ _id: 'slot-o1', vendorId: 'v2', kind: 'reservation', start: '2026-07-01T18:00:00.000Z', end: '2026-07-01T20:00:00.000Z', windowId: null, orderId: 'o1', reason: null });
    await viewStore.collection('calendarEntries').replaceOne({ _id: 'busy-w1', vendorId: 'v4', kind: 'busy', start: '2026-06-30T08:00:00.000Z', end: '2026-06-30T20:59:00.000Z', windowId: 'w1', orderId: null, reason: 'vacation' });
    const api = createQueryApi({ viewStore, eventStore, projections: fakeProjections(), cache: createMemoryCache(), jwtSecret: TEST_SECRET, logger: { warn() {}, error: (e) => console.error(e) } });
    ({ client, close } = await serve(api.router));
  });
  afterAll(async () => {
    await close();
    await eventStore.close();
  });

  it('pages with start and limit (default 20) and answers the total of visible vendors', async () => {
    const first = await client.get('/api/ecommerce/vendor');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(30);
    expect(first.body.items).toHaveLength(20);
    const rest = await client.get('/api/ecommerce/vendor?start=20&limit=20');
    expect(rest.body.items).toHaveLength(10);
    const ids = [...first.body.items, ...rest.body.items].map((item: { vendorId: string }) => item.vendorId);
    expect(new Set(ids).size).toBe(30);
    expect(ids).not.toContain('v31');
  });

  it('leaves internal fields out of the cards', async () => {
    const { body } = await client.get('/api/ecommerce/vendor?limit=1');
    for (const field of ['_id', '_seen', 'productPrices', 'ratings', 'searchText']) expect(body.items[0]).not.toHaveProperty(field);
    expect(body.items[0]).toHaveProperty('name');
  });

  it('sorts by rating, price, name and creation, either way', async () => {
    const byRating = await client.get('/api/ecommerce/vendor?sort=-rating&limit=999');
    const ratings = byRating.body.items.map((item: { ratingAvg: number | null }) => item.ratingAvg).filter((r: number | null) => r !== null);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const byPrice = await client.get('/api/ecommerce/vendor?sort=price&limit=3');
    expect(byPrice.body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v1', 'v2', 'v3']);
    const byPriceDesc = await client.get('/api/ecommerce/vendor?sort=-price&limit=2');
    expect(byPriceDesc.body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v30', 'v29']);
    const byNameEn = await client.get('/api/ecommerce/vendor?sort=name&limit=2&locale=en-US');
    expect(byNameEn.body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v1', 'v2']);
    const newest = await client.get('/api/ecommerce/vendor?sort=-createdAt&limit=1');
    expect(newest.body.items[0].vendorId).toBe('v30');
  });

  it('filters by an id list in all three spellings, up to 999', async () => {
    for (const query of ['id=v3&id=v7', 'id[]=v3&id[]=v7', 'id=v3,v7', 'id=v3,v7,v31']) {
      const { status, body } = await client.get(`/api/ecommerce/vendor?${query}&start=0&limit=999`);
      expect(status).toBe(200);
      expect(body.items.map((item: { vendorId: string }) => item.vendorId).sort()).toEqual(['v3', 'v7']);
      expect(body.total).toBe(2);
    }
  });

  it('filters by text in Hebrew or English, case-insensitively and safely', async () => {
    const hebrew = await client.get(`/api/ecommerce/vendor?text=${encodeURIComponent('אמן 12')}`);
    expect(hebrew.body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v12']);
    const english = await client.get('/api/ecommerce/vendor?text=ARTIST%2007');
    expect(english.body.items.map((item: { vendorId: string }) => item.vendorId)).toEqual(['v7']);
    const regexLike = await client.get(`/api/ecommerce/vendor?text=${encodeURIComponent('.*(')}`);
    expect(regexLike.status).toBe(200);
    expect(regexLike.body.total).toBe(0);
  });

  it('filters by category alias and geo location, together', async () => {
    const singers = await client.get('/api/ecommerce/vendor?category=singers&limit=999');
    expect(singers.body.total).toBe(15);
    const haifaSingers = await client.get('/api/ecommerce/vendor?category=singers&geoLocation=g-haifa&limit=999');
    expect(haifaSingers.body.items.map((item: { vendorId: string }) => item.vendorId).sort()).toEqual(['v12', 'v18', 'v24', 'v30', 'v6']);
    const unknown = await client.get('/api/ecommerce/vendor?category=no-such-category');
    expect(unknown.body).toEqual({ items: [], total: 0 });
  });

  it('filters by a day (Israel time) with no busy window or reservation', async () => {
    const { body } = await client.get('/api/ecommerce/vendor?date=2026-07-01&limit=999');
    const ids = body.items.map((item: { vendorId: string }) => item.vendorId);
    expect(body.total).toBe(29);
    expect(ids).not.toContain('v2');
    expect(ids).toContain('v4');
    const dayBefore = await client.get('/api/ecommerce/vendor?date=2026-06-30&limit=999');
    expect(dayBefore.body.items.map((item: { vendorId: string }) => item.vendorId)).not.toContain('v4');
  });

  it('treats empty form fields as no filter', async () => {
    const { status, body } = await client.get('/api/ecommerce/vendor?text=&category=&geoLocation=&date=&limit=5');
    expect(status).toBe(200);
    expect(body.total).toBe(30);
  });

  it('refuses bad paging, sorts, days and unknown parameters with 422 naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=1000', 'query.limit'],
      ['limit=0', 'query.limit'],
      ['start=-1', 'query.start'],
      ['sort=password', 'query.sort'],
      ['date=2026-13-45', 'query.date'],
      ['colour=red', 'query.colour'],
    ];
    for (const [query, field] of cases) {
      const { status, body, headers } = await client.get(`/api/ecommerce/vendor?${query}`);
      expect(status, query).toBe(422);
      expect(headers.get('content-type')).toContain('application/problem+json');
      expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
  });

  it('answers from the cache the second time', async () => {
    const first = await client.get('/api/ecommerce/vendor?text=artist%2011');
    const second = await client.get('/api/ecommerce/vendor?text=artist%2011');
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
  });
});
