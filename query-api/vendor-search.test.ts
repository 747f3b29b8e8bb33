import { describe, expect, it } from 'vitest';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { NO_PRICE_ORDER, vendorCardsProjection } from '../projectors/vendor-cards/projection.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import { createQueryApi } from './create-query-api.ts';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { fakeProjections } from '../test/fake-projections.ts';
import { TEST_SECRET } from '../test/tokens.ts';
import { indexTokens } from '../domain/shared/search-text.ts';
import { israelInstant } from '../domain/shared/israel-time.ts';

// The search document the vendor-cards projection builds (field-coded tokens), for hand-made cards.
const searchTokensOf = (fields: { name?: string[]; product?: string[]; text?: string[]; place?: string[] }): string[] => [
  ...indexTokens(...(fields.name ?? [])).map((token) => `n:${token}`),
  ...indexTokens(...(fields.product ?? [])).map((token) => `p:${token}`),
  ...indexTokens(...(fields.text ?? [])).map((token) => `t:${token}`),
  ...indexTokens(...(fields.place ?? [])).map((token) => `l:${token}`),
];
// The clock of the API under test: days in the tests are after it.
const NOW = new Date('2026-06-01T09:00:00.000Z');

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
  searchTokens: searchTokensOf({ name: [`אמן ${n}`, `Artist ${String(n).padStart(2, '0')}`], text: ['מבוא', 'Intro'], place: ['תל אביב', 'Tel Aviv'] }),
  shortestTimedServiceMinutes: 120,
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
  _ratingStars: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
  ...overrides,
  // The price sort's key, as the projection derives it (projectors/vendor-cards/projection.ts).
  _priceOrder: (overrides.priceFromMinor === undefined ? 100_000 + n * 1000 : overrides.priceFromMinor as number | null) ?? NO_PRICE_ORDER,
});

describe('GET /api/ecommerce/vendor (search)', () => {
  const { client, api } = useQueryApiOnViews({
    ports: { clock: { now: () => NOW } },
    seed: async (viewStore) => {
      for (let n = 1; n <= 30; n += 1) await viewStore.collection('vendorCards').replaceOne(card(n));
      await viewStore.collection('vendorCards').replaceOne(card(31, { visible: false, archived: true, searchText: 'archived artist' }));
      await viewStore.collection('tags').replaceOne({ _id: 't-singers', id: 't-singers', alias: 'singers', parentId: 't-root', level: 1, order: 1, name: { he: 'זמרים', en: 'Singers' } });
      await viewStore.collection('tags').replaceOne({ _id: 't-bands', id: 't-bands', alias: 'bands', parentId: 't-root', level: 1, order: 2, name: { he: 'להקות', en: 'Bands' } });
      // v2 is busy on 2026-07-01 in Israel (a reservation late that evening, UTC); v4 only the day before.
      await viewStore.collection('calendarEntries').replaceOne({ _id: 'slot-o1', vendorId: 'v2', kind: 'reservation', start: '2026-07-01T18:00:00.000Z', end: '2026-07-01T20:00:00.000Z', windowId: null, orderId: 'o1', reason: null });
      await viewStore.collection('calendarEntries').replaceOne({ _id: 'busy-w1', vendorId: 'v4', kind: 'busy', start: '2026-06-30T08:00:00.000Z', end: '2026-06-30T20:59:00.000Z', windowId: 'w1', orderId: null, reason: 'vacation' });
      // v6 is away all of 2026-07-01; on 2026-07-02 v8 (one-hour service) and v10 (two hours) are free only 15:00–16:00.
      const busy = (id: string, vendorId: string, start: Date, end: Date) => viewStore.collection('calendarEntries').replaceOne({ _id: `busy-${id}`, vendorId, kind: 'busy', start: start.toISOString(), end: end.toISOString(), windowId: id, orderId: null, reason: null });
      await busy('w6', 'v6', israelInstant('2026-07-01', 0), israelInstant('2026-07-02', 0));
      for (const [vendorId, minutes] of [['v8', 60], ['v10', 120]] as const) {
        await viewStore.collection('vendorCards').replaceOne(card(Number(vendorId.slice(1)), { shortestTimedServiceMinutes: minutes }));
        await busy(`${vendorId}-am`, vendorId, israelInstant('2026-07-02', 9), israelInstant('2026-07-02', 15));
        await busy(`${vendorId}-pm`, vendorId, israelInstant('2026-07-02', 16), israelInstant('2026-07-03', 2));
      }
    },
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
    for (const field of ['_id', '_seen', 'productPrices', '_ratingStars', 'searchText', 'searchTokens', 'shortestTimedServiceMinutes']) expect(body.items[0]).not.toHaveProperty(field);
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

  it('keeps a vendor free on a day when a slot is free, by the calendar rule, not dropped for any entry that day', async () => {
    // v2's only reservation is 21:00–23:00 Israel time on 2026-07-01: her calendar shows the day free (11 free slots).
    const { body } = await client.get('/api/ecommerce/vendor?date=2026-07-01&limit=999');
    const ids = body.items.map((item: { vendorId: string }) => item.vendorId);
    expect(ids).toContain('v2');
    expect(ids).toContain('v4');
    expect(ids).not.toContain('v6');
    expect(body.total).toBe(29);
    const dayBefore = await client.get('/api/ecommerce/vendor?date=2026-06-30&limit=999');
    expect(dayBefore.body.items.map((item: { vendorId: string }) => item.vendorId)).not.toContain('v4');
  });

  it('asks whether the vendor\'s shortest timed service fits between busy times', async () => {
    const { body } = await client.get('/api/ecommerce/vendor?date=2026-07-02&limit=999');
    const ids = body.items.map((item: { vendorId: string }) => item.vendorId);
    expect(ids).toContain('v8');      // an hour fits in the 15:00–16:00 gap
    expect(ids).not.toContain('v10'); // two hours do not
  });

  it('has nobody free on a day whose slots have all started', async () => {
    expect((await client.get('/api/ecommerce/vendor?date=2026-05-31')).body).toEqual({ items: [], total: 0 });
    // NOW is 12:00 in Israel: the day still has slots from 13:00.
    expect((await client.get('/api/ecommerce/vendor?date=2026-06-01&limit=999')).body.total).toBe(30);
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
      // Only whole numbers written with digits, not whatever Number() makes of the text.
      ['limit=1e2', 'query.limit'],
      ['limit=0x10', 'query.limit'],
      ['limit=%205', 'query.limit'],
      ['limit=5.0', 'query.limit'],
      ['limit=%2B5', 'query.limit'],
      ['start=1e1', 'query.start'],
      ['limit=5&limit=6', 'query.limit'],
    ];
    for (const [query, field] of cases) {
      const { status, body, headers } = await client.get(`/api/ecommerce/vendor?${query}`);
      expect(status, query).toBe(422);
      expect(headers.get('content-type')).toContain('application/problem+json');
      expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
    }
  });

  it('takes plain whole numbers for start and limit', async () => {
    const { status, body } = await client.get('/api/ecommerce/vendor?start=2&limit=5');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(5);
  });

  it('answers from the cache the second time', async () => {
    const first = await client.get('/api/ecommerce/vendor?text=artist%2011');
    const second = await client.get('/api/ecommerce/vendor?text=artist%2011');
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.body).toEqual(first.body);
  });

  it('answers a hit with the bytes and ETag of the miss that stored it, 304 to its ETag, and the same text in process', async () => {
    const url = new URL('/api/ecommerce/vendor?limit=7&start=3&locale=he-IL', client.baseUrl);
    const first = await fetch(url);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const second = await fetch(url);
    expect([first.headers.get('x-cache'), second.headers.get('x-cache')]).toEqual(['miss', 'hit']);
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // fetch adds Cache-Control: no-cache to a conditional request (which Express answers in full) unless it has one.
    expect((await fetch(url, { headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' } })).status).toBe(304);
    const inProcess = await api.read({ url: `${url.pathname}${url.search}`, headers: {} })!;
    expect(inProcess.body).toBe(firstBytes.toString('utf8'));
    expect(inProcess.tags).toContain('view:vendorCards');
  });
});

describe('GET /api/ecommerce/vendor?text= (ranked search over every field)', () => {
  const ids = (body: { items: { vendorId: string }[] }) => body.items.map((item) => item.vendorId);
  const search = async (text: string, extra = '') => (await client.get(`/api/ecommerce/vendor?text=${encodeURIComponent(text)}&limit=999${extra}`)).body;

  const { client } = useQueryApiOnViews({
    ports: { clock: { now: () => NOW } },
    seed: async (viewStore) => {
      const tag = (id: string, alias: string, he: string, en: string, order: number) =>
        viewStore.collection('tags').replaceOne({ _id: id, id, alias, parentId: 't-root', level: 1, order, name: { he, en }, searchText: '', searchTokens: indexTokens(he, en, alias) });
      await viewStore.collection('tags').replaceOne({ _id: 't-root', id: 't-root', alias: 'artist-categories', parentId: null, level: 0, order: 0, name: { he: 'אמנים', en: 'Artists' }, searchText: '', searchTokens: indexTokens('אמנים', 'Artists', 'artist-categories') });
      await tag('t-bands', 'bands', 'להקות', 'Bands', 1);
      await tag('t-djs', 'djs', 'תקליטנים', 'DJs', 2);
      await tag('t-magicians', 'magicians', 'קוסמים', 'Magicians', 3);
      const place = (id: string, he: string, en: string) =>
        viewStore.collection('geoLocations').replaceOne({ _id: id, id, parentId: null, lat: null, lng: null, name: { he, en }, searchText: '', searchTokens: indexTokens(he, en) });
      await place('g-tlv', 'תל אביב', 'Tel Aviv');
      await place('g-haifa', 'חיפה', 'Haifa');
      const vendor = (id: string, fields: { name: [string, string]; tagIds: string[]; geo: string[]; intro?: [string, string]; about?: string; origin?: [string, string]; products?: string[]; rating: number | null }) =>
        viewStore.collection('vendorCards').replaceOne(card(Number(id.slice(1)), {
          _id: id, vendorId: id, name: { he: fields.name[0], en: fields.name[1] }, tagIds: fields.tagIds, geoLocationIds: fields.geo,
          intro: { he: fields.intro?.[0] ?? '', en: fields.intro?.[1] ?? '' }, originLocation: { he: fields.origin?.[0] ?? '', en: fields.origin?.[1] ?? '' },
          ratingAvg: fields.rating, ratingCount: fields.rating === null ? 0 : 2, searchText: '',
          searchTokens: searchTokensOf({ name: fields.name, text: [...(fields.intro ?? []), fields.about ?? ''], place: fields.origin ?? [], product: fields.products ?? [] }),
        }));
      await vendor('a1', { name: ['להקת החתונה', 'The Wedding Band'], tagIds: ['t-bands'], geo: ['g-haifa'], rating: 3 });
      await vendor('a2', { name: ['נועה כהן', 'Noa Cohen'], tagIds: ['t-bands'], geo: ['g-tlv'], intro: ['להקה לחתונות', 'Band for weddings'], rating: 5 });
      await vendor('a3', { name: ['דנה די ג׳יי', 'Dana DJ'], tagIds: ['t-djs'], geo: [], rating: 2 });
      await vendor('a4', { name: ['איתי לוי', 'Itai Levi'], tagIds: ['t-magicians'], geo: ['g-haifa'], origin: ['תל אביב', 'Tel Aviv'], products: ['מופע קסמים', 'Magic show'], rating: 1 });
      await vendor('a5', { name: ['מאיה מזרחי', 'Maya Mizrahi'], tagIds: ['t-djs'], geo: ['g-tlv'], intro: ['תקליטנית לאירועים', 'DJ for events'], rating: 4 });
      await vendor('a6', { name: ['עומר פרץ', 'Omer Peretz'], tagIds: [], geo: [], about: '<p>A great <b>show</b> for every party</p>', rating: 5 });
    },
  });

  it('finds categories by their names in both languages and their aliases', async () => {
    for (const text of ['band', 'Bands', 'להקה', 'להקות', 'הלהקות', 'להק']) expect(ids(await search(text)).sort(), text).toEqual(['a1', 'a2']);
    expect(ids(await search('magician'))).toEqual(['a4']);
    expect(ids(await search('קוסם'))).toEqual(['a4']);
    expect(ids(await search('DJ'))).toEqual(['a3', 'a5']);
  });

  it('ranks a match in the name above one in a category, and ties by rating', async () => {
    // a1 has "band" in its name and category; a2 only in its category and intro, though rated higher.
    expect(ids(await search('band'))).toEqual(['a1', 'a2']);
    // a3 is named DJ; a5 is a DJ by category and intro.
    expect(ids(await search('dj'))).toEqual(['a3', 'a5']);
    // Both in a Tel Aviv place (a4 only by origin): the same field, so by rating.
    expect(ids(await search('Tel Aviv'))).toEqual(['a2', 'a5', 'a4']);
  });

  it('ranks a product match above an intro or about match', async () => {
    expect(ids(await search('show'))).toEqual(['a4', 'a6']);
  });

  it('needs every word to match somewhere, in any field', async () => {
    expect(ids(await search('wedding band'))).toEqual(['a1', 'a2']);
    expect(ids(await search('חתונה להקה'))).toEqual(['a1', 'a2']);
    expect(ids(await search('band haifa'))).toEqual(['a1']);
    expect(ids(await search('band magician'))).toEqual([]);
    expect(ids(await search('magic tel aviv'))).toEqual(['a4']);
  });

  it('handles places with Hebrew prefixes, and names without case or niqqud', async () => {
    expect(ids(await search('בתל אביב')).sort()).toEqual(['a2', 'a4', 'a5']);
    expect(ids(await search('מתל-אביב')).sort()).toEqual(['a2', 'a4', 'a5']);
    expect(ids(await search('NOA'))).toEqual(['a2']);
    expect(ids(await search('נוֹעָה'))).toEqual(['a2']);
  });

  it('combines with the category filter and pages the ranked list', async () => {
    expect(ids(await search('tel aviv', '&category=djs'))).toEqual(['a5']);
    const first = (await client.get(`/api/ecommerce/vendor?text=${encodeURIComponent('tel aviv')}&limit=2`)).body;
    expect(first.total).toBe(3);
    expect(ids(first)).toEqual(['a2', 'a5']);
    const second = (await client.get(`/api/ecommerce/vendor?text=${encodeURIComponent('tel aviv')}&start=2&limit=2`)).body;
    expect(ids(second)).toEqual(['a4']);
  });

  it('orders the matches by an explicit sort instead of relevance', async () => {
    expect(ids(await search('band', '&sort=-rating'))).toEqual(['a2', 'a1']);
    expect(ids(await search('tel aviv', '&sort=rating'))).toEqual(['a4', 'a5', 'a2']);
  });
});

describe('GET /api/ecommerce/vendor on the embedded sqlite store', () => {
  it('answers byte for byte what it answers on memory, pages read from kept orders included', async () => {
    const memory = createMemoryViewStore();
    // Orders kept from a listing's first read on, so the second read of each URL pages from one.
    const sqlite = openSqliteViewStore({ path: ':memory:', orderLists: 'always' });
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    try {
      for (const keys of vendorCardsProjection.indexes!) await sqlite.collection('vendorCards').createIndex(keys);
      const cards = [
        ...Array.from({ length: 40 }, (_, index) => card(index + 1, { _profileTokens: ['n:x'], ratingAvg: index % 4 === 0 ? null : (index % 5) + 0.5 })),
        card(41, { visible: false, archived: true }),
        card(42, { name: { he: 'אמן "מרכאות"\n', en: 'Émile \u2028 \\ 🎵' }, _later: { nested: { _kept: true } }, intro: { he: '_underscore', en: 'x' } }),
      ];
      for (const store of [memory, sqlite]) {
        for (const doc of cards) await store.collection('vendorCards').replaceOne(doc);
        await store.collection('tags').replaceOne({ _id: 't-singers', id: 't-singers', alias: 'singers', parentId: 't-root', level: 1, order: 1, name: { he: 'זמרים', en: 'Singers' } });
      }
      const apiOn = (viewStore: typeof memory) => createQueryApi({ viewStore, eventStore, projections: fakeProjections(), cache: createMemoryCache(), cacheTtlMs: 0, jwtSecret: TEST_SECRET, clock: { now: () => NOW }, logger: { warn() {}, error: (e) => console.error(e) } });
      const [onMemory, onSqlite] = [apiOn(memory), apiOn(sqlite)];
      const urls = ['name', '-name', 'rating', '-rating', 'price', '-price', 'createdAt', '-createdAt'].flatMap((sort) =>
        ['he-IL', 'en-US'].flatMap((locale) => ['', '&category=singers', '&geoLocation=g-haifa'].flatMap((filter) =>
          [[0, 7], [7, 7], [30, 24], [38, 5]].map(([start, limit]) => `/api/ecommerce/vendor?limit=${limit}&start=${start}&sort=${sort}&locale=${locale}${filter}`))));
      for (const url of [...urls, '/api/ecommerce/vendor', '/api/ecommerce/vendor?start=30']) {
        const expected = await onMemory.read({ url, headers: {} })!;
        expect(expected.status, url).toBe(200);
        for (let read = 0; read < 2; read += 1) expect((await onSqlite.read({ url, headers: {} })!).body, url).toBe(expected.body);
      }
      onMemory.cache.stop();
      onSqlite.cache.stop();
    } finally {
      await sqlite.close();
      await eventStore.close();
    }
  });
});
