import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../infra/cache/memory-cache.ts';
import { createGuestPageCache, guestPageKey, isGuestRequest, type GuestPage } from './guest-page-cache.ts';

// When a guest's page may be stored, and that the GET cache's purge by tag removes it.
const page: GuestPage = { status: 200, html: '<!DOCTYPE html><html lang="en">\n<p>page</p></html>', contentSecurityPolicy: "default-src 'self'" };
const key = guestPageKey({ host: 'localhost', url: '/en/search', bundle: '/assets/app.0123456789ab.js' });

function setup(now = () => 1_000, renderedKeysKept?: number) {
  const cache = createMemoryCache({ now });
  let generation = 0;
  const pages = createGuestPageCache({ cache, generation: () => generation, logError: () => {}, renderedKeysKept });
  return { cache, pages, purge: () => { generation += 1; } };
}

/** A storable render of the page at `key` (tagged, no cookie read), stored or not. */
const render = (pages: ReturnType<typeof setup>['pages'], at = key) => {
  const recording = pages.record({});
  recording.onRead(['view:vendors']);
  return recording.store(at, page, { setCookie: false });
};

describe('guest page cache', () => {
  it('stores a page rendered from tagged reads and serves it, until a purge of one of its tags', async () => {
    const { cache, pages } = setup();
    await render(pages);
    const recording = pages.record({});
    recording.onRead(['view:vendors']);
    recording.onRead(['doc:vendorPages:v1', 'all:vendorPages']);
    expect(await recording.store(key, page, { setCookie: false })).toBe('stored');
    expect(await pages.lookup(key, {})).toEqual(page);
    await cache.purgeTags(['view:orders']);
    expect(await pages.lookup(key, {})).toEqual(page);
    await cache.purgeTags(['doc:vendorPages:v1']);
    expect(await pages.lookup(key, {})).toBeUndefined();
  });

  it('keeps a page no longer than the answers it holds (10 s)', async () => {
    let time = 1_000;
    const { pages } = setup(() => time);
    await render(pages);
    expect(await render(pages)).toBe('stored');
    time += 9_999;
    expect(await pages.lookup(key, {})).toEqual(page);
    time += 1;
    expect(await pages.lookup(key, {})).toBeUndefined();
  });

  it('does not store a page with a read of unknown tags (an error, an HTTP read), a changed view, a cookie set or a status other than 200', async () => {
    const { pages, purge } = setup();
    await render(pages);
    const untagged = pages.record({});
    untagged.onRead(['view:vendors']);
    untagged.onRead(null);
    expect(await untagged.store(key, page, { setCookie: false })).toBe('not-storable');

    const acrossPurge = pages.record({});
    acrossPurge.onRead(['view:vendors']);
    purge();
    expect(await acrossPurge.store(key, page, { setCookie: false })).toBe('not-storable');

    expect(await pages.record({}).store(key, page, { setCookie: true })).toBe('not-storable');
    expect(await pages.record({}).store(key, { ...page, status: 404 }, { setCookie: false })).toBe('not-storable');
    expect(await pages.lookup(key, {})).toBeUndefined();
  });

  it("renders afresh for a guest whose cookies the page reads (favorites), and serves others from cache", async () => {
    const { pages } = setup();
    await render(pages);
    const withFavorites = pages.record({ favorites: 'v1,v2' });
    expect(withFavorites.cookies.favorites).toBe('v1,v2');
    expect(await withFavorites.store(key, page, { setCookie: false })).toBe('not-storable');

    const plain = pages.record({ consent: 'yes' });
    expect(plain.cookies.favorites).toBeUndefined();
    expect(await plain.store(key, page, { setCookie: false })).toBe('stored');
    expect(await pages.lookup(key, { consent: 'yes' })).toEqual(page);
    // The stored page read `favorites` (absent then): a guest who has favorites does not get it.
    expect(await pages.lookup(key, { favorites: 'v3' })).toBeUndefined();
  });

  it('treats a render that lists every cookie as depending on all of them', async () => {
    const { pages } = setup();
    await render(pages);
    const listing = pages.record({});
    expect(Object.keys(listing.cookies)).toEqual([]);
    expect(await listing.store(key, page, { setCookie: false })).toBe('stored');
    expect(await pages.lookup(key, {})).toEqual(page);
    expect(await pages.lookup(key, { anything: '1' })).toBeUndefined();
  });

  it("stores a page at its address's second render, not its first: a page asked for once never takes room", async () => {
    const { pages } = setup(() => 1_000, 2);
    const other = (n: number) => guestPageKey({ host: 'localhost', url: `/en/artists/a/v${n}`, bundle: '/assets/app.0123456789ab.js' });
    expect(await render(pages)).toBe('first-render');
    expect(await pages.lookup(key, {})).toBeUndefined();
    expect(await render(pages)).toBe('stored');
    expect(await pages.lookup(key, {})).toEqual(page);
    // Only the last renderedKeysKept addresses are remembered: two others rendered since, v1 is new again.
    expect(await render(pages, other(1))).toBe('first-render');
    expect(await render(pages, other(2))).toBe('first-render');
    expect(await render(pages, other(3))).toBe('first-render');
    expect(await render(pages, other(1))).toBe('first-render');
    expect(await render(pages, other(1))).toBe('stored');
    expect(await pages.lookup(other(2), {})).toBeUndefined();
  });

  it('counts a visitor with an access or a refresh token as signed in', () => {
    expect(isGuestRequest({})).toBe(true);
    expect(isGuestRequest({ favorites: 'v1' })).toBe(true);
    expect(isGuestRequest({ token: 'x' })).toBe(false);
    expect(isGuestRequest({ refresh_token: 'x' })).toBe(false);
  });
});
