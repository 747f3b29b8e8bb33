import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, page, signIn, startTestMarketplace, type TestMarketplace } from './marketplace.ts';

// What search engines read (SPEC §9 default robots "index, follow"): each page's canonical address
// and its other language (hreflang, the vendor's slug in each language), schema.org data for artists
// (with their customers' rating), products and their offers, and breadcrumbs; /robots.txt and
// /sitemap.xml built from the views.
let market: TestMarketplace;
let reviewed: { id: string; he: string; en: string };
let productId: string;

const attribute = (text: string) => text.replace(/&amp;/g, '&');
const linksOf = (html: string) => ({
  canonical: attribute(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? ''),
  alternates: Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]*)" href="([^"]*)"/g)].map((match) => [match[1], attribute(match[2]!)])),
});
const structuredData = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].flatMap((match) => [JSON.parse(match[1]!)].flat());
const ofType = (items: Record<string, unknown>[], type: string) => items.find((item) => [item['@type']].flat().includes(type));

beforeAll(async () => {
  market = await startTestMarketplace();
  // The demo customer reviewed orders of the demo artist: an artist with a rating.
  const customer = await signIn(market.url, DEMO.customer);
  const reviews = await apiCall<{ items: { vendorId: string }[] }>(market.url, 'GET', 'reviews?limit=1', customer.token);
  const vendorId = reviews.body.items[0]!.vendorId;
  const paths = await Promise.all(['', '/en'].map(async (prefix) => {
    const answer = await page(market.url, `${prefix}/artists/x/${vendorId}/y`);
    return answer.location!;
  }));
  reviewed = { id: vendorId, he: paths[0]!, en: paths[1]! };
  const products = await apiCall<{ items: { productId: string }[] }>(market.url, 'GET', `ecommerce/product?vendorId=${vendorId}&type=default`, null);
  productId = products.body.items[0]!.productId;
}, 120_000);

afterAll(async () => {
  await market?.close();
});

describe('canonical address and the other language', () => {
  it("a vendor page names itself and its other language by each language's slug", async () => {
    for (const [locale, path] of [['he', reviewed.he], ['en', reviewed.en]] as const) {
      const { status, html } = await page(market.url, `${path}?utm_source=newsletter`);
      expect(status).toBe(200);
      const { canonical, alternates } = linksOf(html);
      expect(canonical).toBe(`${market.url}${path}`);
      expect(alternates).toEqual({ he: `${market.url}${reviewed.he}`, en: `${market.url}${reviewed.en}`, 'x-default': `${market.url}${reviewed.he}` });
      expect(html).toContain(`<meta property="og:url" content="${market.url}${locale === 'he' ? reviewed.he : reviewed.en}"/>`);
    }
  });

  it('a list keeps what it lists in its canonical address, not the tracking or a first page', async () => {
    const { html } = await page(market.url, '/en/search?utm_campaign=x&page=1&text=band&gclid=1');
    expect(linksOf(html).canonical).toBe(`${market.url}/en/search?text=band`);
    expect(linksOf(html).alternates.he).toBe(`${market.url}/search?text=band`);
    const second = await page(market.url, '/search?page=2&category=magicians');
    expect(linksOf(second.html).canonical).toBe(`${market.url}/search?category=magicians&page=2`);
  });
});

describe('structured data', () => {
  it('an artist is a performing group and local business with its rating, offers and breadcrumbs', async () => {
    const { html } = await page(market.url, reviewed.en);
    const data = structuredData(html);
    const artist = ofType(data, 'PerformingGroup')!;
    expect([artist['@type']].flat()).toEqual(['PerformingGroup', 'LocalBusiness']);
    expect(artist.url).toBe(`${market.url}${reviewed.en}`);
    const cards = await apiCall<{ items: { ratingAvg: number; ratingCount: number; name: { en: string } }[] }>(market.url, 'GET', `ecommerce/vendor?id=${reviewed.id}`, null);
    const card = cards.body.items[0]!;
    expect(artist.name).toBe(card.name.en);
    expect(card.ratingCount).toBeGreaterThan(0);
    expect(artist.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: card.ratingAvg.toFixed(1), reviewCount: card.ratingCount, bestRating: 5, worstRating: 1 });
    expect((artist.makesOffer as { priceCurrency: string }[]).every((offer) => offer.priceCurrency === 'ILS')).toBe(true);
    const crumbs = ofType(data, 'BreadcrumbList')!.itemListElement as { position: number; item: string }[];
    expect(crumbs.map((crumb) => crumb.position)).toEqual([1, 2, 3, 4]);
    expect(crumbs.at(-1)!.item).toBe(`${market.url}${reviewed.en}`);
  });

  it('a product is a Product with its Offer in ILS, and breadcrumbs through the artist\'s store', async () => {
    const { html } = await page(market.url, `/store/product/${productId}`);
    const data = structuredData(html);
    const product = ofType(data, 'Product')!;
    const api = await apiCall<{ price: { amountMinor: number }; name: { he: string } }>(market.url, 'GET', `ecommerce/product/${productId}`, null);
    expect(product.name).toBe(api.body.name.he);
    expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'ILS', price: (api.body.price.amountMinor / 100).toFixed(2), url: `${market.url}/store/product/${productId}` });
    const crumbs = ofType(data, 'BreadcrumbList')!.itemListElement as { item: string }[];
    expect(crumbs.map((crumb) => crumb.item)).toEqual([`${market.url}/`, `${market.url}/store`, `${market.url}/store/vendor/${reviewed.id}`, `${market.url}/store/product/${productId}`]);
  });

  it('a category page and a blog article carry their breadcrumbs', async () => {
    const category = structuredData((await page(market.url, '/en/artists/magicians')).html);
    expect((ofType(category, 'BreadcrumbList')!.itemListElement as { item: string }[]).at(-1)!.item).toBe(`${market.url}/en/artists/magicians`);
    const article = structuredData((await page(market.url, '/blog/article/choosing-a-wedding-band')).html);
    expect((ofType(article, 'BreadcrumbList')!.itemListElement as { item: string }[]).map((crumb) => crumb.item))
      .toEqual([`${market.url}/`, `${market.url}/blog`, `${market.url}/blog/article/choosing-a-wedding-band`]);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of personal and back office pages and names the sitemap', async () => {
    const answer = await fetch(`${market.url}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    for (const path of ['/admin', '/en/admin', '/user/dashboard', '/en/user/dashboard', '/checkout', '/api/']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${market.url}/sitemap.xml`);
  });

  it('sitemap.xml lists every artist, product, category and article in both languages with alternates, each address a page', async () => {
    const answer = await fetch(`${market.url}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/xml');
    const xml = await answer.text();
    const locations = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const vendors = await apiCall<{ total: number }>(market.url, 'GET', 'ecommerce/vendor?limit=1', null);
    const products = await apiCall<{ total: number }>(market.url, 'GET', 'ecommerce/product?limit=1', null);
    expect(locations.filter((location) => /\/artists\/[^/]+\/[^/]+\/[^/]+$/.test(location))).toHaveLength(vendors.body.total * 2);
    expect(locations.filter((location) => location.includes('/store/product/'))).toHaveLength(products.body.total * 2);
    expect(locations).toContain(`${market.url}${reviewed.he}`);
    expect(locations).toContain(`${market.url}${reviewed.en}`);
    expect(locations).toContain(`${market.url}/en/blog/article/choosing-a-wedding-band`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${market.url}${reviewed.en}"/>`);
    expect(locations.some((location) => location.includes('/admin') || location.includes('/user/'))).toBe(false);
    // Every address answers the page itself, not a redirect or a 404 (a sample of each kind).
    const sample = [...new Set([locations[0]!, locations[1]!, ...locations.filter((_, index) => index % 17 === 0)])];
    for (const location of sample) {
      const { status } = await page(market.url, location.slice(market.url.length));
      expect(status, location).toBe(200);
    }
  });
});
