import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, signIn, startTestMarketplace, type TestMarketplace } from '../web/test/marketplace.ts';
import { articles, configEntries } from './demo-data.ts';
import { demoImages, demoVendorCount, demoVendors } from './demo-vendors.ts';
import { PRODUCT_INTRO_TEXT_MAX, VENDOR_INTRO_MAX, VENDOR_ORIGIN_LOCATION_MAX } from '../domain/shared/validation.ts';
import { languageOfScript } from '../domain/shared/translatable.ts';
import { PaymentTerms, paymentTermsProblem } from '../domain/order/payment-terms.ts';

// The demo marketplace: both languages filled, photos that exist and are served, no made-up
// videos, and a demo customer whose every account screen has something in it.

const bothLanguages = (value: { he?: string; en?: string }) => Boolean(value.he?.trim()) && Boolean(value.en?.trim());
/** Both languages filled, each written in its own script (no English standing in for the Hebrew). */
const inBothLanguages = (value: { he?: string; en?: string }) =>
  bothLanguages(value) && languageOfScript(value.he!) === 'he' && languageOfScript(value.en!) === 'en' && !/[\u05D0-\u05EA]/.test(value.en!);

describe('the demo data', () => {
  const vendors = demoVendors();

  it('fills every translatable field in both languages, within the SPEC §5 limits', () => {
    expect(vendors).toHaveLength(demoVendorCount);
    for (const vendor of vendors) {
      expect(bothLanguages(vendor.name) && bothLanguages(vendor.intro) && bothLanguages(vendor.origin), vendor.key).toBe(true);
      expect(vendor.intro.he.length <= VENDOR_INTRO_MAX && vendor.intro.en.length <= VENDOR_INTRO_MAX, vendor.key).toBe(true);
      expect(vendor.origin.he.length <= VENDOR_ORIGIN_LOCATION_MAX && vendor.origin.en.length <= VENDOR_ORIGIN_LOCATION_MAX, vendor.key).toBe(true);
      expect(inBothLanguages(vendor.about), `${vendor.key} about`).toBe(true);
      expect(vendor.generalInfo.length, vendor.key).toBeGreaterThan(0);
      for (const info of vendor.generalInfo) expect(inBothLanguages(info.title) && inBothLanguages(info.content), `${vendor.key} ${info.title.en}`).toBe(true);
      for (const product of vendor.products) {
        expect(inBothLanguages(product.name), `${vendor.key} ${product.name.en}`).toBe(true);
        expect(inBothLanguages(product.introText) && inBothLanguages(product.information), `${vendor.key} ${product.name.en}`).toBe(true);
        expect(product.introText.he.length <= PRODUCT_INTRO_TEXT_MAX && product.introText.en.length <= PRODUCT_INTRO_TEXT_MAX, vendor.key).toBe(true);
        for (const info of product.additionalInformation) expect(inBothLanguages(info.title) && inBothLanguages(info.content)).toBe(true);
      }
    }
    for (const article of articles) expect(bothLanguages(article.title) && bothLanguages(article.body), article.key).toBe(true);
  });

  it('gives every artist a tagline of its own, in both languages', () => {
    for (const vendor of vendors) expect(inBothLanguages(vendor.intro), `${vendor.key} intro`).toBe(true);
    expect(new Set(vendors.map((vendor) => vendor.intro.he)).size).toBe(vendors.length);
    expect(new Set(vendors.map((vendor) => vendor.intro.en)).size).toBe(vendors.length);
  });

  it('gives a good share of the services payment terms of each kind, each within its price (issue 26)', () => {
    const products = vendors.flatMap((vendor) => vendor.products);
    const withTerms = products.filter((product) => product.paymentTerms);
    expect(withTerms.length / products.length).toBeGreaterThan(0.4);
    expect(new Set(withTerms.map((product) => product.paymentTerms!.cancellationPolicy.kind))).toEqual(new Set(['moderate', 'strict', 'custom']));
    expect(new Set(withTerms.map((product) => product.paymentTerms!.deposit.kind))).toEqual(new Set(['percent', 'amount']));
    expect(withTerms.some((product) => product.paymentTerms!.cancellationPolicy.kind === 'strict' && product.paymentTerms!.maxInstalments === 6)).toBe(true);
    for (const product of withTerms) {
      const terms = product.paymentTerms!;
      expect(PaymentTerms.parse(terms)).toEqual(terms);
      expect(paymentTermsProblem(terms, { amountMinor: product.priceShekels * 100, currency: 'ILS' }), product.name.en).toBeNull();
    }
    // Some services are still paid in full at booking.
    expect(products.some((product) => product.type === 'timedService' && !product.paymentTerms)).toBe(true);
  });

  it('is the same at every start', () => {
    expect(JSON.stringify(demoVendors())).toBe(JSON.stringify(vendors));
  });

  it('has varied names, prices and categories, and no videos with made-up ids', () => {
    expect(new Set(vendors.map((vendor) => vendor.name.en)).size).toBe(vendors.length);
    expect(new Set(vendors.map((vendor) => vendor.name.he)).size).toBe(vendors.length);
    expect(new Set(vendors.flatMap((vendor) => vendor.products.map((product) => product.priceShekels))).size).toBeGreaterThan(30);
    expect(new Set(vendors.map((vendor) => vendor.categoryKeys[0])).size).toBe(10);
    expect(vendors.flatMap((vendor) => vendor.videos)).toEqual([]);
  });

  it('uses photos that are in web/public/demo, and a demo support number in the SPEC §5 form', () => {
    const files = demoImages.artists.flatMap((artist) => [...artist.photos.flatMap((photo) => [photo.url, photo.thumbnailUrl]), artist.portrait]);
    for (const url of files) expect(existsSync(fileURLToPath(new URL(`../web/public${url}`, import.meta.url))), url).toBe(true);
    // Photos of their own for every artist: no two artists share a photo, each has three with thumbnails.
    expect(demoImages.artists.length).toBeGreaterThanOrEqual(demoVendorCount);
    expect(new Set(vendors.flatMap((vendor) => vendor.images.map((image) => image.url))).size).toBe(vendors.length * 3);
    for (const vendor of vendors) {
      expect(vendor.images.map((image) => image.url)).toContain(vendor.heroImageUrl);
      for (const image of vendor.images) expect(files).toContain(image.thumbnailUrl);
    }
    expect(configEntries.find((entry) => entry.key === 'support.whatsapp')?.value).toBe('+972545550123');
  });
});

describe('the seeded marketplace', () => {
  let market: TestMarketplace;
  let customer: string;

  beforeAll(async () => {
    market = await startTestMarketplace();
    customer = (await signIn(market.url, DEMO.customer)).token;
  }, 120_000);

  afterAll(async () => {
    await market?.close();
  });

  it('holds every vendor, with both languages and photos, and no video ids', async () => {
    const page = await apiCall<{ total: number; items: { name: { he?: string; en?: string }; intro: { he?: string; en?: string }; heroImageUrl?: string; videos?: unknown[] }[] }>(market.url, 'GET', 'ecommerce/vendor?limit=100', null);
    expect(page.body.total).toBe(demoVendorCount);
    for (const vendor of page.body.items) {
      expect(bothLanguages(vendor.name) && bothLanguages(vendor.intro)).toBe(true);
      expect(vendor.heroImageUrl).toMatch(/^\/demo\/artist-\d+-wide\./);
    }
    const products = await apiCall<{ total: number }>(market.url, 'GET', 'ecommerce/product?limit=1', null);
    expect(products.body.total).toBe(demoVendors().reduce((sum, vendor) => sum + vendor.products.length, 0));
  });

  it("serves every artist's texts in both languages, its photos' captions too", async () => {
    const cards = await apiCall<{ items: { vendorId: string; name: { en?: string } }[] }>(market.url, 'GET', 'ecommerce/vendor?limit=100', null);
    for (const vendor of demoVendors()) {
      const id = cards.body.items.find((card) => card.name.en === vendor.name.en)?.vendorId;
      const page = await apiCall<{ profile: { about: Record<string, string>; intro: Record<string, string>; images: { description: Record<string, string> }[]; generalInfo: { title: Record<string, string>; content: Record<string, string> }[] }; products: { introText: Record<string, string> }[] }>(market.url, 'GET', `ecommerce/vendor/${id}`, null);
      expect(page.status, vendor.key).toBe(200);
      const { profile, products } = page.body;
      expect(inBothLanguages(profile.about) && inBothLanguages(profile.intro), vendor.key).toBe(true);
      expect(profile.images.length, vendor.key).toBe(3);
      for (const image of profile.images) expect(inBothLanguages(image.description), vendor.key).toBe(true);
      for (const info of profile.generalInfo) expect(inBothLanguages(info.title) && inBothLanguages(info.content), vendor.key).toBe(true);
      for (const product of products) expect(inBothLanguages(product.introText), vendor.key).toBe(true);
    }
  });

  it('gives every reviewed artist reviews in Hebrew and in English', async () => {
    const cards = await apiCall<{ items: { vendorId: string; ratingCount: number }[] }>(market.url, 'GET', 'ecommerce/vendor?limit=100', null);
    const reviewed = cards.body.items.filter((card) => card.ratingCount > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(5);
    for (const card of reviewed) {
      const reviews = await apiCall<{ items: { text: string }[] }>(market.url, 'GET', `ecommerce/vendor/${card.vendorId}/reviews?limit=100`, null);
      expect(new Set(reviews.body.items.map((review) => languageOfScript(review.text))), card.vendorId).toEqual(new Set(['he', 'en']));
    }
  });

  it('serves the photos with an image type and long caching, and 404 for others', async () => {
    for (const url of [demoImages.artists[0]!.photos[0]!.url, demoImages.artists[0]!.photos[0]!.thumbnailUrl, demoImages.artists[1]!.portrait]) {
      const answer = await fetch(`${market.url}${url}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toContain('immutable');
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect((await fetch(`${market.url}/demo/no-such-photo.jpg`)).status).toBe(404);
  });

  it('gives the demo customer orders in every status, payments with a refund, reviews, favorites, a conversation and a contract', async () => {
    const orders = await apiCall<{ items: { status: string }[] }>(market.url, 'GET', 'orders?limit=100', customer);
    expect(new Set(orders.body.items.map((order) => order.status))).toEqual(new Set(['new', 'payed', 'approved', 'completed', 'canceled']));
    const payments = await apiCall<{ items: { kind: string }[] }>(market.url, 'GET', 'payments?limit=100', customer);
    expect(new Set(payments.body.items.map((payment) => payment.kind))).toEqual(new Set(['charge', 'refund']));
    expect((await apiCall<{ items: unknown[] }>(market.url, 'GET', 'reviews?limit=100', customer)).body.items.length).toBeGreaterThanOrEqual(8);
    expect((await apiCall<{ items: unknown[] }>(market.url, 'GET', 'artists/vendor/favored/by-user', customer)).body.items.length).toBeGreaterThanOrEqual(3);
    expect((await apiCall<{ items: { messageCount: number }[] }>(market.url, 'GET', 'conversations', customer)).body.items[0]?.messageCount).toBeGreaterThanOrEqual(3);
    expect((await apiCall<{ items: { status: string }[] }>(market.url, 'GET', 'contracts', customer)).body.items.map((contract) => contract.status)).toContain('signed');
  });
});
