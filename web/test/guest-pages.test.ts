import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, signIn } from './marketplace.ts';
import { demoVendors } from '../../seed/demo-vendors.ts';
import type { Marketplace } from '../../main.ts';
import { freshDemoDataDir } from '../../test/demo-data-dir.ts';

// The guest page cache as `npm start` wires it: a guest's page is stored at its second render and
// served from cache after that, and a change of the data it shows evicts it at once (the GET cache's tags), while
// signed-in visitors and guests whose cookies change the page always get a fresh render.
let market: Marketplace;
let dataDir: string;
const demo = demoVendors()[2]!;
let vendorPath: string;

const visit = async (path: string, cookie?: string) => {
  const response = await fetch(`${market.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, html: await response.text() };
};
/** What the page shows, without the router's hydration data. */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

beforeAll(async () => {
  const { startMarketplace } = await import('../../main.ts');
  dataDir = await freshDemoDataDir('guest-pages-');
  market = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'silent' });
  const short = await visit(`/en/artists/${demo.categoryKeys[0]}/${demo.key}`);
  expect(short.status).toBe(301);
  vendorPath = new URL(short.headers.get('location')!, market.url).pathname;
}, 120_000);

afterAll(async () => {
  await market?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('guest page cache', () => {
  it('stores a guest page at its second render and serves it from cache the third time, revalidated and varying by cookie', async () => {
    const first = await visit(vendorPath);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const second = await visit(vendorPath);
    expect(second.headers.get('x-cache')).toBe('miss');
    const third = await visit(vendorPath);
    expect(third.headers.get('x-cache')).toBe('hit');
    // The page stored is the second render's (the first's differs by the time it names).
    expect(third.html).toBe(second.html);
    for (const answer of [first, second, third]) {
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
      expect(answer.headers.get('vary')).toMatch(/\bCookie\b/);
    }
    expect(third.headers.get('content-security-policy')).toBe(second.headers.get('content-security-policy'));
  });

  it('keeps one entry per locale: the Hebrew page is its own', async () => {
    const hebrewShort = await visit(`/artists/${demo.categoryKeys[0]}/${demo.key}`);
    const hebrewPath = new URL(hebrewShort.headers.get('location')!, market.url).pathname;
    const hebrew = await visit(hebrewPath);
    expect(hebrew.html.startsWith('<!DOCTYPE html><html lang="he" dir="rtl"')).toBe(true);
    expect((await visit(vendorPath)).html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr"')).toBe(true);
  });

  it('shows a profile update to the next guest at once: the view change evicts the page', async () => {
    // Stored by the tests above, or again by these visits once its 10 s ran out on a slow host.
    await expect.poll(async () => (await visit(vendorPath)).headers.get('x-cache')).toBe('hit');
    const admin = (await signIn(market.url, DEMO.admin)).token;
    const intro = `${demo.intro.en} Booking weddings this summer.`;
    const profile = {
      name: demo.name, tagIds: demo.categoryKeys.map((key) => `cat-${key}`), about: demo.about, intro: { he: demo.intro.he, en: intro },
      languages: demo.languages, originLocation: demo.origin, heroImageUrl: demo.heroImageUrl, images: demo.images, audio: [], videos: [],
      generalInfo: demo.generalInfo, geoLocationIds: demo.placeKeys.map((key) => `geo-${key}`),
    };
    expect((await apiCall(market.url, 'PUT', `admin/vendors/${demo.key}`, admin, { profile })).status).toBe(200);
    // Once the views hold the change, the page cached 10 s before must not be served any more.
    expect(await market.projections.waitForPosition(await market.adapters.eventStore.headPosition(), 30_000)).toBe(true);
    const after = await visit(vendorPath);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(shown(after.html)).toContain(intro);
    expect((await visit(vendorPath)).headers.get('x-cache')).toBe('hit');
  });

  it('never caches the page of a signed-in visitor', async () => {
    const customer = (await signIn(market.url, DEMO.customer)).token;
    const answer = await visit(vendorPath, `token=${customer}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-cache')).toBeNull();
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    expect(answer.headers.get('vary')).toMatch(/\bCookie\b/);
  });

  it("renders afresh for a guest whose favorites cookie the page reads, and never stores that page", async () => {
    const withFavorites = await visit('/en/favorites', `favorites=${demo.key}`);
    expect(withFavorites.headers.get('x-cache')).toBe('bypass');
    expect(withFavorites.headers.get('cache-control')).toBe('private, no-cache');
    expect(shown(withFavorites.html)).toContain(demo.name.en);
    const plain = await visit('/en/favorites');
    expect(plain.headers.get('x-cache')).toBe('miss');
    expect(shown(plain.html)).not.toContain(demo.name.en);
    expect((await visit('/en/favorites')).headers.get('x-cache')).toBe('miss');
    expect((await visit('/en/favorites')).headers.get('x-cache')).toBe('hit');
    expect((await visit('/en/favorites', `favorites=${demo.key}`)).headers.get('x-cache')).toBe('bypass');
  });
});
