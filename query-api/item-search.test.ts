import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { productDetails } from '../command-api/testing/fixtures.ts';
import { startFullStack } from '../test/full-stack.ts';

// SPEC §3: search items are articles, products and vendors. The products' and articles' lists take
// `text` like the artists' search: every word begins one of the item's words (both languages, Hebrew
// prefixes and final letters handled); archived products and scheduled articles stay out.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('products and articles found by words', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let weddingProduct: string;

  beforeAll(async () => {
    const details = { ...productDetails('default'), name: { he: 'חבילת חתונה מלאה', en: 'Full wedding package' }, introText: 'Ceremony and party', information: '<p>Chuppah <b>music</b> and dancing</p>' };
    weddingProduct = (await stack.api.post('/api/vendor/products', { details }, market.vendor.token)).body.id;
    const article = (alias: string, title: { he: string; en: string }, body: { he: string; en: string }, publishedAt = '2026-01-01T00:00:00.000Z') => ({
      fields: { entityType: 'article', title, alias, body, kind: 'blog', categoryId: null, publishedAt },
    });
    await stack.api.post('/api/admin/entity/article', article('wedding-bands', { he: 'להקות לחתונה', en: 'Wedding bands' }, { he: '<p>איך בוחרים להקה</p>', en: '<p>How to choose a band</p>' }), market.admin.token);
    await stack.api.post('/api/admin/entity/article', article('wedding-future', { he: 'חתונות בעתיד', en: 'Weddings of the future' }, { he: '<p>בקרוב</p>', en: '<p>Soon</p>' }, '2999-01-01T00:00:00.000Z'), market.admin.token);
    await stack.api.post('/api/admin/entity/article', article('magic', { he: 'קסמים', en: 'Magic' }, { he: '<p>קוסם לאירוע</p>', en: '<p>A magician for the party</p>' }), market.admin.token);
  });

  it('finds a product by words of its name, intro or information, in either language', async () => {
    await eventually(async () => expect((await stack.api.get('/api/ecommerce/product?text=wedding')).body.items.map((item: { productId: string }) => item.productId)).toEqual([weddingProduct]));
    for (const text of ['חתונה', 'בחתונה', 'chuppah', 'ceremony party', 'WEDDING package']) {
      const found = await stack.api.get(`/api/ecommerce/product?text=${encodeURIComponent(text)}`);
      expect(found.body.items.map((item: { productId: string }) => item.productId), text).toEqual([weddingProduct]);
    }
    expect((await stack.api.get('/api/ecommerce/product?text=wedding%20magician')).body.total).toBe(0);
    expect((await stack.api.get('/api/ecommerce/product?text=%21%21')).body.total).toBe(0);
    expect((await stack.api.get('/api/ecommerce/product')).body.items[0]).not.toHaveProperty('searchTokens');
    // Archived: out of the public search.
    const archived = await stack.api.post(`/api/admin/products/${weddingProduct}/archive`, { reason: 'test' }, market.admin.token);
    expect(archived.status).toBe(200);
    await eventually(async () => expect((await stack.api.get('/api/ecommerce/product?text=wedding')).body.total).toBe(0));
    expect((await stack.api.get('/api/ecommerce/product?text=wedding&archived=include', market.admin.token)).body.total).toBe(1);
    expect((await stack.api.get('/api/ecommerce/product?text=wedding&archived=include')).body.total).toBe(0);
    await stack.api.post(`/api/admin/products/${weddingProduct}/unarchive`, undefined, market.admin.token);
  });

  it('finds a published article by words of its title or body, in either language', async () => {
    await eventually(async () => expect((await stack.api.get('/api/entity/article?text=wedding')).body.items.map((item: { alias: string }) => item.alias)).toEqual(['wedding-bands']));
    expect((await stack.api.get(`/api/entity/article?text=${encodeURIComponent('לחתונה')}`)).body.items.map((item: { alias: string }) => item.alias)).toEqual(['wedding-bands']);
    expect((await stack.api.get('/api/entity/article?text=choose%20band')).body.items.map((item: { alias: string }) => item.alias)).toEqual(['wedding-bands']);
    expect((await stack.api.get('/api/entity/article?text=magic')).body.items.map((item: { alias: string }) => item.alias)).toEqual(['magic']);
    expect((await stack.api.get('/api/entity/article?text=wedding')).body.items[0]).not.toHaveProperty('searchTokens');
  });
});
