import { describe, expect, it } from 'vitest';
import { NO_PRICE_ORDER, vendorCardsProjection, type VendorCard } from './projection.ts';
import { vendorSortOf } from '../../query-api/routes/vendor-reads.ts';
import { fold, recorded } from '../testing/recorded-event.ts';
import { productDetails, vendorProfile } from '../testing/domain-fixtures.ts';
import { openSqliteViewStore } from '../../infra/view-store/sqlite-view-store.ts';
import { ensureViewIndexes } from '../view-indexes.ts';

const at = '2026-02-01T09:00:00.000Z';

describe('vendor cards view', () => {
  it('shows a created vendor with its searchable names, tags and locations', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v1', { type: 'VendorCreated', data: { vendorId: 'v1', ownerUserId: 'u1', profile: vendorProfile(), at } }),
    ]);
    expect(docs.v1).toMatchObject({
      vendorId: 'v1', visible: true, archived: false, name: { he: 'להקת הכוכבים', en: 'The Stars Band' },
      searchText: 'להקת הכוכבים the stars band', tagIds: ['tag-music'], geoLocationIds: ['geo-haifa'],
      ratingAvg: null, ratingCount: 0, priceFromMinor: null, productCount: 0, createdAt: at,
    });
    // Without a price the search's price sort puts the card after every priced one.
    expect(docs.v1!._priceOrder).toBe(NO_PRICE_ORDER);
  });

  it('derives price-from over live products and the rating over live reviews', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v1', { type: 'VendorCreated', data: { vendorId: 'v1', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v1', details: productDetails({ price: { amountMinor: 90_000, currency: 'ILS' } }), at } }),
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v1', details: productDetails({ price: { amountMinor: 50_000, currency: 'ILS' } }), at } }),
      recorded('product-p2', { type: 'ProductUpdated', data: { productId: 'p2', vendorId: 'v1', details: productDetails({ price: { amountMinor: 120_000, currency: 'ILS' } }), at } }),
      recorded('product-p3', { type: 'ProductCreated', data: { productId: 'p3', vendorId: 'v1', details: productDetails({ price: { amountMinor: 10_000, currency: 'ILS' } }), at } }),
      recorded('product-p3', { type: 'ProductRemoved', data: { productId: 'p3', vendorId: 'v1', at } }),
      recorded('review-o1', { type: 'ReviewPosted', data: { orderId: 'o1', vendorId: 'v1', customerId: 'c1', rating: 5, text: 'great', at } }),
      recorded('review-o2', { type: 'ReviewPosted', data: { orderId: 'o2', vendorId: 'v1', customerId: 'c2', rating: 4, text: 'good', at } }),
      recorded('review-o3', { type: 'ReviewPosted', data: { orderId: 'o3', vendorId: 'v1', customerId: 'c3', rating: 1, text: 'bad', at } }),
      recorded('review-o3', { type: 'ReviewRemoved', data: { orderId: 'o3', vendorId: 'v1', previousRating: 1, reason: 'abuse', at } }),
    ]);
    expect(docs.v1).toMatchObject({ priceFromMinor: 90_000, _priceOrder: 90_000, productCount: 2, ratingAvg: 4.5, ratingCount: 2 });
    // The reviews per star, not each order's rating: the card does not grow with the orders reviewed.
    expect(docs.v1).toMatchObject({ _ratingStars: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 } });
    expect(docs.v1).not.toHaveProperty('ratings');
  });

  it('keeps a card hidden until the vendor exists, and hides an archived vendor', () => {
    const early = fold<VendorCard>(vendorCardsProjection, [
      recorded('product-p9', { type: 'ProductCreated', data: { productId: 'p9', vendorId: 'v2', details: productDetails(), at } }),
    ]);
    expect(early.v2).toMatchObject({ visible: false, _profileKnown: false, priceFromMinor: 150_000 });
    const archived = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v2', { type: 'VendorCreated', data: { vendorId: 'v2', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('vendor-v2', { type: 'VendorArchived', data: { vendorId: 'v2', reason: 'left', at: '2026-03-01T00:00:00.000Z' } }),
    ], early);
    expect(archived.v2).toMatchObject({ visible: false, archived: true, priceFromMinor: 150_000, updatedAt: '2026-03-01T00:00:00.000Z' });
    const back = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v2', { type: 'VendorUnarchived', data: { vendorId: 'v2', at: '2026-03-02T00:00:00.000Z' } }),
    ], archived);
    expect(back.v2).toMatchObject({ visible: true, archived: false, updatedAt: '2026-03-02T00:00:00.000Z' });
  });

  it('follows a profile update', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v3', { type: 'VendorCreated', data: { vendorId: 'v3', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('vendor-v3', { type: 'VendorProfileUpdated', data: { vendorId: 'v3', profile: vendorProfile({ name: { en: 'Solo' }, tagIds: ['tag-magic', 'tag-kids'], geoLocationIds: [] }), at } }),
    ]);
    expect(docs.v3).toMatchObject({ name: { en: 'Solo' }, searchText: 'solo', tagIds: ['tag-magic', 'tag-kids'], geoLocationIds: [], createdAt: at });
  });

  it('follows an edited rating and drops a withdrawn one', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('review-q1', { type: 'ReviewPosted', data: { orderId: 'q1', vendorId: 'v8', customerId: 'c1', rating: 1, text: '', at } }),
      recorded('review-q2', { type: 'ReviewPosted', data: { orderId: 'q2', vendorId: 'v8', customerId: 'c2', rating: 2, text: '', at } }),
      recorded('review-q1', { type: 'ReviewEdited', data: { orderId: 'q1', vendorId: 'v8', customerId: 'c1', rating: 4, previousRating: 1, text: 'on reflection', at } }),
      recorded('review-q2', { type: 'ReviewWithdrawn', data: { orderId: 'q2', vendorId: 'v8', customerId: 'c2', previousRating: 2, at } }),
    ]);
    expect(docs.v8).toMatchObject({ ratingCount: 1, ratingAvg: 4 });
  });

  it('builds the search document: field-coded tokens of name, intro, about, origin and live products', () => {
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v9', { type: 'VendorCreated', data: { vendorId: 'v9', ownerUserId: null, profile: vendorProfile({ about: { en: '<p>Weddings &amp; <b>bar mitzvahs</b></p>' } }), at } }),
      recorded('product-p1', { type: 'ProductCreated', data: { productId: 'p1', vendorId: 'v9', details: productDetails({ name: { he: 'מופע קסמים', en: 'Magic show' }, introText: { en: 'Tricks for kids' } }), at } }),
      recorded('product-p2', { type: 'ProductCreated', data: { productId: 'p2', vendorId: 'v9', details: productDetails({ name: { en: 'Recorded greeting' } }), at } }),
    ]);
    const tokens = docs.v9!.searchTokens;
    expect(tokens).toEqual(expect.arrayContaining([
      'n:להקת', 'n:כוכבימ', 'n:stars', 'n:band', // name, final letters folded, prefix ה stripped
      't:להקה', 't:אירועימ', 't:weddings', 't:mitzvahs', // intro and about (without HTML)
      'l:חיפה', 'l:haifa', // origin location
      'p:קסמימ', 'p:magic', 'p:tricks', 'p:recorded', // products
    ]));
    expect(tokens.some((token) => token.includes('<') || token.includes('amp'))).toBe(false);
    const removed = fold<VendorCard>(vendorCardsProjection, [
      recorded('product-p1', { type: 'ProductRemoved', data: { productId: 'p1', vendorId: 'v9', at } }),
    ], docs);
    expect(removed.v9!.searchTokens).not.toContain('p:magic');
    expect(removed.v9!.searchTokens).toContain('p:recorded');
    const renamed = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v9', { type: 'VendorProfileUpdated', data: { vendorId: 'v9', profile: vendorProfile({ name: { en: 'Solo' } }), at } }),
    ], removed);
    expect(renamed.v9!.searchTokens).toContain('n:solo');
    expect(renamed.v9!.searchTokens).not.toContain('n:stars');
    expect(renamed.v9!.searchTokens).toContain('p:recorded');
  });

  it('keeps the shortest live timed service, which decides free days', () => {
    const timed = (productId: string, minutes: number) => recorded(`product-${productId}`, { type: 'ProductCreated', data: { productId, vendorId: 'v7', details: productDetails({ type: 'timedService', serviceDuration: minutes }), at } });
    const docs = fold<VendorCard>(vendorCardsProjection, [
      recorded('vendor-v7', { type: 'VendorCreated', data: { vendorId: 'v7', ownerUserId: null, profile: vendorProfile(), at } }),
      recorded('product-f1', { type: 'ProductCreated', data: { productId: 'f1', vendorId: 'v7', details: productDetails({ type: 'default', serviceDuration: 15 }), at } }),
    ]);
    expect(docs.v7!.shortestTimedServiceMinutes).toBeNull();
    const withTimed = fold<VendorCard>(vendorCardsProjection, [timed('t1', 120), timed('t2', 90)], docs);
    expect(withTimed.v7!.shortestTimedServiceMinutes).toBe(90);
    const changed = fold<VendorCard>(vendorCardsProjection, [
      recorded('product-t2', { type: 'ProductUpdated', data: { productId: 't2', vendorId: 'v7', details: productDetails({ type: 'default', serviceDuration: 90 }), at } }),
    ], withTimed);
    expect(changed.v7!.shortestTimedServiceMinutes).toBe(120);
  });

  it('declares an index for every sort of the search, so a page of visible cards never sorts the catalog', async () => {
    const store = openSqliteViewStore({ path: ':memory:' });
    const cards = store.collection('vendorCards');
    // Ties on every sort key, nulls and numbers mixed: the shapes the bench's 100,000 cards have.
    for (let i = 0; i < 40; i += 1) {
      const priceFromMinor = i % 7 === 0 ? null : 1000 * (i % 4);
      await cards.replaceOne({ _id: `v${i}`, visible: i % 5 !== 0, name: { he: `אמן ${i % 6}`, en: `Artist ${i % 6}` }, ratingAvg: i % 3 === 0 ? null : (i % 4) + 0.5,
        ratingCount: i % 3 === 0 ? 0 : i % 2, priceFromMinor, _priceOrder: priceFromMinor ?? NO_PRICE_ORDER, createdAt: `2026-01-0${1 + (i % 3)}T10:00:00.000Z`, tagIds: [`t${i % 5}`] });
    }
    await ensureViewIndexes(store, [vendorCardsProjection]);
    const firstKey: Record<string, string> = { name: 'name', rating: 'ratingAvg', price: '_priceOrder', createdAt: 'createdAt' };
    for (const field of ['name', 'rating', 'price', 'createdAt']) {
      for (const sort of [field, `-${field}`]) {
        for (const locale of ['he-IL', 'en-US'] as const) {
          for (const filter of [{ visible: true }, { visible: true, $and: [{ tagIds: 't1' }] }]) {
            // As the query API sorts (query-api/routes/vendor-reads.ts): the reverse is the exact reverse, so one index serves both.
            const plan = store.explain('vendorCards', filter, { sort: vendorSortOf(sort, locale), skip: 24, limit: 24 }).join('\n');
            expect(plan, `${sort} ${locale}`).toMatch(new RegExp(`USING INDEX v_vendorCards:visible_1_${firstKey[field]}`));
            expect(plan, `${sort} ${locale}`).not.toMatch(/TEMP B-TREE/);
          }
        }
      }
    }
    await store.close();
  });
});
