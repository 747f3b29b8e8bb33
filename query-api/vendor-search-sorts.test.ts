import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { openMongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import { NO_PRICE_ORDER, vendorCardsProjection } from '../projectors/vendor-cards/projection.ts';
import { vendorResponsesProjection, type ResponseSample } from '../projectors/vendor-responses/projection.ts';
import { ensureViewIndexes } from '../projectors/view-indexes.ts';
import { describeWithEngine } from '../test/real-engines.ts';
import { fakeProjections } from '../test/fake-projections.ts';
import { TEST_SECRET } from '../test/tokens.ts';
import { createQueryApi, type QueryApi } from './create-query-api.ts';
import { distanceKm, placeRings } from './vendor-distance.ts';

// The search's sorts (issue 22 item 6: relevance, rating, price, distance; issue 27 item 3: response) on every view-store adapter:
// the same answers from memory, the embedded sqlite store (with the declared indexes, listings' orders
// kept from the first read) and MongoDB (MONGO_URL: FerretDB here), every page of every sort.

const places = [
  { id: 'g-tlv', he: 'תל אביב', en: 'Tel Aviv', lat: 32.0853, lng: 34.7818 },
  { id: 'g-herzliya', he: 'הרצליה', en: 'Herzliya', lat: 32.1624, lng: 34.8447 },
  { id: 'g-haifa', he: 'חיפה', en: 'Haifa', lat: 32.794, lng: 34.9896 },
  { id: 'g-eilat', he: 'אילת', en: 'Eilat', lat: 29.5577, lng: 34.9519 },
  { id: 'g-nowhere', he: 'בלי מקום', en: 'Unplaced', lat: null, lng: null },
];

interface Seller { id: string; he: string; en: string; rating: number | null; count: number; price: number | null; geo: string[]; tag: string; visible?: boolean }
const sellers: Seller[] = [
  { id: 's1', he: 'תמר', en: 'Alon', rating: 4.5, count: 10, price: 50_000, geo: ['g-haifa'], tag: 't-bands' },
  { id: 's2', he: 'בת', en: 'Bat', rating: 4.5, count: 20, price: null, geo: ['g-herzliya', 'g-eilat'], tag: 't-bands' },
  { id: 's3', he: 'כרמל', en: 'Carmel', rating: 4.5, count: 10, price: 30_000, geo: ['g-eilat'], tag: 't-bands' },
  { id: 's4', he: 'דן', en: 'Dan', rating: null, count: 0, price: 30_000, geo: [], tag: 't-singers' },
  { id: 's5', he: 'עדן', en: 'Eden', rating: 5, count: 1, price: 80_000, geo: ['g-tlv', 'g-haifa'], tag: 't-singers' },
  { id: 's6', he: 'פיי', en: 'Fay', rating: 3, count: 2, price: null, geo: ['g-nowhere'], tag: 't-singers' },
  { id: 's7', he: 'אבי', en: 'Gil', rating: 4.5, count: 10, price: 50_000, geo: ['g-haifa'], tag: 't-singers' },
  { id: 's8', he: 'מוסתר', en: 'Hidden', rating: 5, count: 9, price: 1, geo: ['g-tlv'], tag: 't-bands', visible: false },
];

const cardOf = (seller: Seller) => ({
  _id: seller.id, _seen: { [`vendor-${seller.id}`]: 0 }, vendorId: seller.id, visible: seller.visible ?? true, archived: !(seller.visible ?? true),
  name: { he: seller.he, en: seller.en }, intro: { he: '', en: '' }, originLocation: { he: '', en: '' },
  searchText: '', searchTokens: [`n:${seller.en.toLowerCase()}`], shortestTimedServiceMinutes: null, tagIds: [seller.tag], geoLocationIds: seller.geo, languages: ['he'],
  logoImageUrl: null, heroImageUrl: null, ratingAvg: seller.rating, ratingCount: seller.count,
  priceFromMinor: seller.price, _priceOrder: seller.price ?? NO_PRICE_ORDER, productCount: seller.price === null ? 0 : 1,
  createdAt: '2026-01-01T10:00:00.000Z', updatedAt: null, productPrices: seller.price === null ? {} : { [`p-${seller.id}`]: seller.price },
  _ratingStars: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
});

// The time of every read: the response figures are those of the 90 days before it.
const NOW = new Date('2026-10-01T12:00:00.000Z');
const minutesBefore = (days: number, plusMinutes = 0) => new Date(NOW.getTime() - days * 86_400_000 + plusMinutes * 60_000).toISOString();
/** Three answered quote requests, `minutes` after being asked, `days` ago. */
const answeredIn = (minutes: number, days = 5): ResponseSample[] =>
  [0, 1, 2].map((n) => ({ kind: 'quote', ref: `r-${minutes}-${days}-${n}`, askedAt: minutesBefore(days + n), repliedAt: minutesBefore(days + n, minutes), closedAt: null }));
// Medians: s3 20 min, s5 20 min (ties by name: Carmel, Eden), s1 3 hours, s7 2 days; s2 answered
// too few to have a median (a rate only); s6 answered fast, but 100 days ago; s4 and the hidden s8 nothing / hidden.
const responses: Record<string, ResponseSample[]> = {
  s1: answeredIn(180), s3: answeredIn(20), s5: answeredIn(20, 10), s7: answeredIn(2 * 1440),
  s2: [answeredIn(5)[0]!, { kind: 'conversation', ref: 'c-s2', askedAt: minutesBefore(4), repliedAt: null, closedAt: null }, { kind: 'quote', ref: 'q-s2', askedAt: minutesBefore(3), repliedAt: null, closedAt: null }],
  s6: answeredIn(1, 100), s8: answeredIn(1),
};

async function seed(viewStore: ViewStore): Promise<void> {
  await ensureViewIndexes(viewStore, [vendorCardsProjection, vendorResponsesProjection]);
  for (const [vendorId, samples] of Object.entries(responses)) {
    const latestAt = samples.map((sample) => sample.repliedAt ?? sample.askedAt).sort().at(-1)!;
    await viewStore.collection('vendorResponses').replaceOne({ _id: vendorId, vendorId, samples, latestAt, _waiting: [] });
  }
  for (const seller of sellers) await viewStore.collection('vendorCards').replaceOne(cardOf(seller));
  for (const place of places) {
    await viewStore.collection('geoLocations').replaceOne({ _id: place.id, id: place.id, name: { he: place.he, en: place.en }, parentId: null, lat: place.lat, lng: place.lng, searchText: '', searchTokens: [] });
  }
  for (const [id, alias] of [['t-bands', 'bands'], ['t-singers', 'singers']]) {
    await viewStore.collection('tags').replaceOne({ _id: id, id, alias, parentId: 't-root', level: 1, order: 1, name: { he: alias, en: alias } });
  }
}

/** The expected order of each sort, in English (names Alon…Gil follow the ids). */
const expected: Record<string, string[]> = {
  // Best average first; 4.5 with 20 reviews before 4.5 with 10; then by name; unrated last.
  '-rating': ['s5', 's2', 's1', 's3', 's7', 's6', 's4'],
  rating: ['s4', 's6', 's7', 's3', 's1', 's2', 's5'],
  // Lowest price from first, ties by name; vendors without a price last.
  price: ['s3', 's4', 's1', 's7', 's5', 's2', 's6'],
  '-price': ['s6', 's2', 's5', 's7', 's1', 's4', 's3'],
  name: ['s1', 's2', 's3', 's4', 's5', 's6', 's7'],
  // From Tel Aviv: s5 is there, s2 in Herzliya (~10 km), s1 and s7 in Haifa, s3 in Eilat; s4 and s6 have no located place.
  'distance&near=g-tlv': ['s5', 's2', 's1', 's7', 's3', 's4', 's6'],
  '-distance&near=g-tlv': ['s6', 's4', 's3', 's7', 's1', 's2', 's5'],
  // From Eilat: s2 and s3 are there (by name), then Tel Aviv, then Haifa.
  'distance&near=g-eilat': ['s2', 's3', 's5', 's1', 's7', 's4', 's6'],
  // A place without coordinates measures nothing: everyone by name.
  'distance&near=g-nowhere': ['s1', 's2', 's3', 's4', 's5', 's6', 's7'],
  // Fastest median reply first (ties by name), vendors without a median in the last 90 days last, by name.
  response: ['s3', 's5', 's1', 's7', 's2', 's4', 's6'],
  '-response': ['s6', 's4', 's2', 's7', 's1', 's5', 's3'],
};

function sortSuite(name: string, open: () => Promise<ViewStore>): void {
  describe(`vendor search sorts on ${name}`, () => {
    let viewStore: ViewStore;
    let eventStore: EventStore;
    let api: QueryApi;
    const get = async (url: string) => {
      const answer = await api.read({ url, headers: {} })!;
      return { status: answer.status, body: JSON.parse(answer.body as string) as { items: Array<{ vendorId: string }>; total: number; errors?: Array<{ field: string }> } };
    };
    const ids = async (query: string) => (await get(`/api/ecommerce/vendor?limit=999&${query}`)).body.items.map((item) => item.vendorId);

    beforeAll(async () => {
      viewStore = await open();
      await viewStore.dropAll();
      await seed(viewStore);
      eventStore = await openSqliteEventStore({ path: ':memory:' });
      api = createQueryApi({ viewStore, eventStore, projections: fakeProjections(), cache: createMemoryCache(), cacheTtlMs: 0, jwtSecret: TEST_SECRET, clock: { now: () => NOW }, logger: { warn() {}, error: (e) => console.error(e) } });
    }, 60_000);
    afterAll(async () => {
      api?.cache.stop();
      await viewStore?.dropAll();
      await viewStore?.close();
      await eventStore?.close();
    });

    it('orders by each sort, ties by name then id, and pages every sort without a gap or an overlap', async () => {
      for (const [sort, order] of Object.entries(expected)) {
        expect(await ids(`sort=${sort}&locale=en-US`), sort).toEqual(order);
        for (const limit of [2, 3]) {
          const paged: string[] = [];
          for (let start = 0; start < 9; start += limit) {
            const { body } = await get(`/api/ecommerce/vendor?limit=${limit}&start=${start}&sort=${sort}&locale=en-US`);
            expect(body.total, `${sort} from ${start}`).toBe(7);
            paged.push(...body.items.map((item) => item.vendorId));
          }
          expect(paged, `${sort} by ${limit}`).toEqual(order);
        }
      }
    }, 120_000);

    it('breaks ties by the name in the reader\'s language', async () => {
      // In Hebrew אבי (s7) < כרמל (s3) < תמר (s1).
      expect(await ids('sort=-rating&locale=he-IL')).toEqual(['s5', 's2', 's7', 's3', 's1', 's6', 's4']);
      expect(await ids('sort=price&locale=he-IL')).toEqual(['s4', 's3', 's7', 's1', 's5', 's2', 's6']);
      expect(await ids('sort=distance&near=g-tlv&locale=he-IL')).toEqual(['s5', 's2', 's7', 's1', 's3', 's4', 's6']);
      expect(await ids('sort=response&locale=he-IL')).toEqual(['s3', 's5', 's1', 's7', 's2', 's4', 's6']);
      // Without a median: בת (s2), דן (s4), פיי (s6).
      expect(await ids('sort=-response&locale=he-IL')).toEqual(['s6', 's4', 's2', 's7', 's1', 's5', 's3']);
    });

    it('answers every card with its response figures of the last 90 days, whatever the sort', async () => {
      for (const sort of ['name', 'response', 'distance&near=g-tlv', '-rating']) {
        const { body } = await get(`/api/ecommerce/vendor?limit=999&sort=${sort}&locale=en-US`);
        const figures = Object.fromEntries(body.items.map((item) => [item.vendorId, (item as { response?: unknown }).response]));
        expect(figures, sort).toEqual({
          s1: { within: 'hours', medianMinutes: 180, conversationMedianMinutes: null, quoteMedianMinutes: 180, replyRate: 1, answered: 3, counted: 3 },
          s3: expect.objectContaining({ within: 'hour', medianMinutes: 20 }),
          s5: expect.objectContaining({ within: 'hour', medianMinutes: 20 }),
          s7: expect.objectContaining({ within: null, medianMinutes: 2880, replyRate: 1 }),
          s2: { within: null, medianMinutes: null, conversationMedianMinutes: null, quoteMedianMinutes: null, replyRate: 0.33, answered: 1, counted: 3 },
          s4: null, s6: null,
        });
      }
      const { body } = await get('/api/ecommerce/vendor?text=carmel&locale=en-US');
      expect(body.items).toEqual([expect.objectContaining({ vendorId: 's3', response: expect.objectContaining({ medianMinutes: 20 }) })]);
    });

    it('combines every sort with the other filters', async () => {
      expect(await ids('category=bands&sort=distance&near=g-tlv&locale=en-US')).toEqual(['s2', 's1', 's3']);
      expect(await ids('category=bands&sort=price&locale=en-US')).toEqual(['s3', 's1', 's2']);
      expect(await ids('category=singers&sort=response&locale=en-US')).toEqual(['s5', 's7', 's4', 's6']);
      expect(await ids('category=bands&sort=-response&locale=en-US')).toEqual(['s2', 's1', 's3']);
      expect(await ids('geoLocation=g-haifa&sort=-rating&locale=en-US')).toEqual(['s5', 's1', 's7']);
      // A place filter and a distance from another place.
      expect(await ids('geoLocation=g-haifa&sort=distance&near=g-eilat&locale=en-US')).toEqual(['s5', 's1', 's7']);
      const { body } = await get('/api/ecommerce/vendor?category=singers&sort=distance&near=g-tlv&limit=2&start=1&locale=en-US');
      expect(body).toMatchObject({ total: 4 });
      expect(body.items.map((item) => item.vendorId)).toEqual(['s7', 's4']);
    });

    it('refuses a distance sort without a known place, and unknown sorts, naming the field', async () => {
      for (const [query, field] of [['sort=distance', 'query.near'], ['sort=-distance', 'query.near'], ['sort=distance&near=g-atlantis', 'query.near'], ['sort=nearest', 'query.sort'], ['sort=popularity', 'query.sort']]) {
        const { status, body } = await get(`/api/ecommerce/vendor?${query}`);
        expect(status, query).toBe(422);
        expect(body.errors!.map((error) => error.field), query).toContain(field);
      }
    });
  });
}

describe('distance between places', () => {
  it('measures great-circle kilometres and rings places at the same distance together', () => {
    expect(distanceKm(places[0]! as { lat: number; lng: number }, places[2]! as { lat: number; lng: number })).toBeCloseTo(81.3, 0);
    const origin = { _id: 'o', lat: 32.0853, lng: 34.7818 };
    const rings = placeRings(origin, [
      { _id: 'b', lat: 32.794, lng: 34.9896 }, { _id: 'a', lat: 32.794, lng: 34.9896 }, { _id: 'here', lat: 32.0853, lng: 34.7818 }, { _id: 'unknown', lat: null, lng: null },
    ]);
    expect(rings).toEqual([['here'], ['a', 'b']]);
    expect(placeRings({ _id: 'o', lat: null, lng: null }, [{ _id: 'a', lat: 1, lng: 1 }])).toEqual([]);
  });
});

sortSuite('memory', async () => createMemoryViewStore());
sortSuite('sqlite (declared indexes, kept orders)', async () => openSqliteViewStore({ path: ':memory:', orderLists: 'always' }));
describeWithEngine('mongo', 'vendor search sorts', (url) => {
  sortSuite('mongo', () => openMongoViewStore({ url, dbName: `sorts_${randomUUID().slice(0, 8)}` }));
});
