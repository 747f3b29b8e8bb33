import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO, page, signIn, startTestMarketplace, type TestMarketplace } from './marketplace.ts';
import { demoVendors } from '../../seed/demo-vendors.ts';

// Server-rendered HTML of every storefront page, against the started product with the demo
// seed: data in the HTML, language and direction, titles, guards and redirects.
let market: TestMarketplace;
let customer: string;
let vendorToken: string;
let vendor: { id: string; name: { he: string; en: string }; alias: string; slugHe: string; slugEn: string };
let timedProductId: string;
/** The timed service's English name (the demo seed names services per category). */
let timedProductName: string;
let defaultProductId: string;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
/** A vendor page without its collapsed list of reviews written in the other language. */
const withoutOtherLanguageReviews = (html: string) => html.replace(/<details class="other-language-reviews"[\s\S]*?<\/details>/g, '');
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

beforeAll(async () => {
  market = await startTestMarketplace();
  customer = (await signIn(market.url, DEMO.customer)).token;
  vendorToken = (await signIn(market.url, DEMO.vendor)).token;
  const cards = await apiCall<{ items: { vendorId: string; name: { he: string; en: string }; tagIds: string[] }[] }>(market.url, 'GET', 'ecommerce/vendor?text=Tamar&limit=5', null);
  const card = cards.body.items[0]!;
  const tags = await apiCall<{ items: { id: string; alias: string; level: number; order: number }[] }>(market.url, 'GET', 'tag/alias/artist-categories/children?limit=999', null);
  const tag = tags.body.items.filter((item) => card.tagIds.includes(item.id)).sort((a, b) => a.level - b.level || a.order - b.order)[0]!;
  vendor = {
    id: card.vendorId, name: card.name, alias: tag.alias,
    slugHe: encodeURIComponent(card.name.he.toLowerCase().replace(/\s+/g, '-')), slugEn: card.name.en.toLowerCase().replace(/\s+/g, '-'),
  };
  const products = await apiCall<{ items: { productId: string; type: string; name: { en: string } }[] }>(market.url, 'GET', `ecommerce/product?vendorId=${vendor.id}`, null);
  const timed = products.body.items.find((item) => item.type === 'timedService')!;
  timedProductId = timed.productId;
  timedProductName = timed.name.en;
  defaultProductId = products.body.items.find((item) => item.type === 'default')?.productId ?? timedProductId;
});

afterAll(async () => {
  await market?.close();
});

describe('document basics', () => {
  it('renders Hebrew unprefixed, right to left, with robots, title and description', async () => {
    const { status, html } = await page(market.url, '/');
    expect(status).toBe(200);
    expect(html.startsWith('<!DOCTYPE html><html lang="he" dir="rtl"')).toBe(true);
    expect(html).toContain('<meta name="robots" content="index, follow"/>');
    expect(titleOf(html)).toContain('הבמה');
    expect(descriptionOf(html).length).toBeGreaterThan(20);
    expect(html).toContain('window.__staticRouterHydrationData');
    expect(html).toMatch(/<script data-entry="\/assets\/app\.[0-9a-f]{12}\.js"/);
    expect(html).toContain('href="https://wa.me/972545550123"');
    // The demo seed's number is made up, and the footer says so.
    expect(html).toContain('<span class="muted" data-testid="support-demo">(מספר להדגמה)</span>');
  });

  it('renders English under /en, left to right, with English texts and links kept under /en', async () => {
    const { status, html } = await page(market.url, '/en');
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(titleOf(html)).toContain('HaBama');
    expect(html).toContain('href="/en/search"');
    expect(html).toContain('hrefLang="he"');
  });

  it("writes each page's own address into the header's language switch and login link, whose markup the server reuses", async () => {
    // The same section and inputs, so the later pages' headers are written from the first's markup (web/app/reused-markup.tsx).
    const pages = [
      { path: '/search?q=one', switch: '/en/search?q=one', back: '%2Fsearch%3Fq%3Done' },
      // The address as the browser sends it (fetch escapes ' and <), the tracking parameter left out, & escaped.
      { path: `/search?q=a'b%22c&utm_source=x&tag=<i>`, switch: '/en/search?q=a%27b%22c&amp;tag=%3Ci%3E', back: '%2Fsearch%3Fq%3Da%2527b%2522c%26tag%3D%253Ci%253E' },
      { path: '/en/search?q=two', switch: '/search?q=two', back: '%2Fen%2Fsearch%3Fq%3Dtwo', login: '/en/user/login' },
    ];
    for (const expected of [...pages, ...pages]) {
      const { html } = await page(market.url, expected.path);
      expect(html, expected.path).toContain(`<a class="language-switch" href="${expected.switch}"`);
      expect(html, expected.path).toContain(`href="${expected.login ?? '/user/login'}?loginRedirect=${expected.back}"`);
    }
  });

  it('serves the client bundle and the stylesheet under hashed names', async () => {
    const { html } = await page(market.url, '/');
    const script = /data-entry="(\/assets\/app\.[0-9a-f]+\.js)"/.exec(html)![1]!;
    const css = /href="(\/assets\/app\.[0-9a-f]+\.css)"/.exec(html)![1]!;
    const js = await fetch(`${market.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('content-type')).toContain('javascript');
    const styles = await (await fetch(`${market.url}${css}`)).text();
    expect(styles).toMatch(/max-width: ?981px/); // minified in the production build
    expect(styles).toContain('margin-inline');
    expect((await fetch(`${market.url}/assets/nope.js`)).status).toBe(404);
  });
});

describe('home, search and categories', () => {
  it('home lists categories and vendor cards with ILS prices', async () => {
    const { html } = await page(market.url, '/');
    expect(html).toContain('href="/artists/singers"');
    expect((html.match(/data-testid="vendor-card"/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(html).toMatch(/₪/);
  });

  it('search by text renders the matching vendor, in both languages', async () => {
    const he = await page(market.url, `/search?text=${encodeURIComponent(vendor.name.he)}`);
    expect(he.status).toBe(200);
    expect(he.html).toContain(vendor.name.he);
    const en = await page(market.url, `/en/search?text=${encodeURIComponent(vendor.name.en)}`);
    expect(en.html).toContain(vendor.name.en);
    expect(titleOf(decode(en.html))).toContain(vendor.name.en);
  });

  it('search filters by category alias and geo location, and pages through results', async () => {
    const category = await page(market.url, '/en/search?category=magicians');
    const total = Number(/Artists found: (\d+)/.exec(category.html)?.[1]);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(60);
    const place = await page(market.url, '/en/search?geoLocation=geo-eilat');
    expect(Number(/Artists found: (\d+)/.exec(place.html)?.[1])).toBeGreaterThan(0);
    const first = await page(market.url, '/en/search');
    const second = await page(market.url, '/en/search?page=2');
    const ids = (html: string) => [...html.matchAll(/data-vendor-id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids(first.html).length).toBe(12);
    expect(ids(second.html).some((id) => ids(first.html).includes(id))).toBe(false);
    expect(first.html).toContain('href="/en/search?page=2"');
  });

  it('search by a free date excludes a vendor that is busy that day', async () => {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const vendorUser = await apiCall<{ Vendor: { id: string } }>(market.url, 'GET', 'user/current', vendorToken);
    const vendorId = vendorUser.body.Vendor.id;
    const blocked = await apiCall(market.url, 'POST', 'vendor/busy-windows', vendorToken, { start: `${day}T06:00:00.000Z`, end: `${day}T20:00:00.000Z`, reason: 'Family event' });
    expect(blocked.status).toBe(201);
    const card = await apiCall<{ items: { name: { en: string } }[] }>(market.url, 'GET', `ecommerce/vendor?id=${vendorId}`, null);
    const name = card.body.items[0]!.name.en;
    const free = await page(market.url, `/en/search?text=${encodeURIComponent(name)}&date=${day}`);
    expect(free.html).not.toContain(`data-vendor-id="${vendorId}"`);
    const otherDay = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const available = await page(market.url, `/en/search?text=${encodeURIComponent(name)}&date=${otherDay}`);
    expect(available.html).toContain(`data-vendor-id="${vendorId}"`);
  });

  it('artist category list and a category by alias; an unknown alias is the 404 page', async () => {
    const list = await page(market.url, '/artists');
    expect(list.html).toContain('href="/artists/magicians"');
    const category = await page(market.url, '/en/artists/magicians');
    expect(category.status).toBe(200);
    expect(category.html).toContain('<h1>Magicians</h1>');
    expect(category.html).toContain('data-testid="vendor-card"');
    const missing = await page(market.url, '/artists/no-such-category');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('data-testid="not-found"');
  });
});

describe('vendor page', () => {
  it('renders the profile, media, products with ILS prices, reviews summary and the free-dates calendar', async () => {
    const { status, html } = await page(market.url, `/en/artists/${vendor.alias}/${vendor.id}/${vendor.slugEn}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>${vendor.name.en}</h1>`);
    // About and general info in the page's language, unmarked; reviews in the other language wait, collapsed.
    expect(html).toContain('Performing in');
    expect(html).toContain('Set length');
    expect(withoutOtherLanguageReviews(html)).not.toContain('data-testid="language-tag"');
    // Photos from the demo seed; no videos, so no video section.
    expect(html).toMatch(/<img src="\/demo\/artist-\d+-wide-thumb\.[0-9a-f]{10}\.webp"/);
    expect(html).not.toContain('class="video-placeholder"');
    expect(html).toContain('data-product-type="timedService"');
    expect(html).toMatch(/₪[\d,]+/);
    expect(html).toContain('data-testid="booking-calendar"');
    expect(html).toMatch(/data-free="true"/);
    expect(titleOf(html)).toContain(vendor.name.en);
  });

  it("hands the browser the Jewish calendar's days in the page's language only, each Hebrew date by its date", async () => {
    const jewishOf = (html: string) => {
      const data = JSON.parse(/window\.__staticRouterHydrationData = (.*?);<\/script>/s.exec(html)![1]!) as { loaderData: Record<string, { jewish?: unknown }> };
      return Object.values(data.loaderData).find((route) => route?.jewish)!.jewish as { hebrewDates: Record<string, string>; marks: Record<string, unknown> };
    };
    const he = jewishOf((await page(market.url, `/artists/${vendor.alias}/${vendor.id}/${vendor.slugHe}`)).html);
    const en = jewishOf((await page(market.url, `/en/artists/${vendor.alias}/${vendor.id}/${vendor.slugEn}`)).html);
    // The booking horizon's days, the same dates in both languages.
    expect(Object.keys(he.hebrewDates).length).toBeGreaterThan(80);
    expect(Object.keys(en.hebrewDates)).toEqual(Object.keys(he.hebrewDates));
    expect(Object.values(he.hebrewDates).every((date) => /^[\u0590-\u05FF"׳״]+ [\u0590-\u05FF ׳״]+$/.test(date))).toBe(true);
    expect(Object.values(en.hebrewDates).every((date) => /^\d{1,2} [A-Za-z' ]+ \d{4}$/.test(date))).toBe(true);
    expect(JSON.stringify(he)).not.toMatch(/Kislev|Tevet|Shvat|Adar|Nisan|Iyyar|Sivan|Tamuz|Av|Elul|Tishrei|Cheshvan/);
    expect(JSON.stringify(en)).not.toMatch(/[\u0590-\u05FF]/);
  });

  it('redirects a wrong category alias, a wrong name slug or a missing slug to the canonical URL', async () => {
    const canonicalHe = `/artists/${vendor.alias}/${vendor.id}/${vendor.slugHe}`;
    for (const wrong of [`/artists/artist/${vendor.id}/${vendor.slugHe}`, `/artists/${vendor.alias}/${vendor.id}/wrong-name`, `/artists/${vendor.alias}/${vendor.id}`]) {
      const answer = await page(market.url, wrong);
      expect(answer.status).toBe(301);
      expect(answer.location).toBe(canonicalHe);
    }
    const english = await page(market.url, `/en/artists/x/${vendor.id}/y?ref=1`);
    expect(english.location).toBe(`/en/artists/${vendor.alias}/${vendor.id}/${vendor.slugEn}?ref=1`);
    expect((await page(market.url, canonicalHe)).status).toBe(200);
  });

  it('an unknown vendor is the 404 page', async () => {
    const answer = await page(market.url, '/artists/artist/no-such-vendor/page');
    expect(answer.status).toBe(404);
    expect(answer.html).toContain('data-testid="not-found"');
  });

  it('sanitizes the rich-text about: no script, no event handler, no javascript: link', async () => {
    const admin = (await signIn(market.url, DEMO.admin)).token;
    const created = await apiCall<{ id: string }>(market.url, 'POST', 'admin/vendors', admin, {
      profile: {
        name: { he: 'בודק', en: 'Sanitizer Check' }, tagIds: [], intro: { en: 'Checks' }, languages: ['en'], originLocation: { en: 'Haifa' },
        about: '<p onclick="steal()">Safe text</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror="alert(3)">',
      },
    });
    expect(created.status).toBe(201);
    const answer = await page(market.url, `/en/artists/artist/${created.body.id}/sanitizer-check?minRevision=0`);
    const html = answer.status === 200 ? answer.html : (await page(market.url, `/en/artists/artist/${created.body.id}/sanitizer-check`)).html;
    expect(html).toContain('Safe text');
    expect(html).not.toContain('steal()');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('javascript:alert');
    expect(html).not.toContain('onerror');
  });
});

describe('one language per page', () => {
  /** The canonical page of a vendor, in `prefix`'s language, after the 301 from the short path. */
  /** Text as React writes it into HTML. */
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

  async function vendorPageHtml(prefix: '' | '/en', vendorId: string, alias: string): Promise<string> {
    const short = await page(market.url, `${prefix}/artists/${alias}/${vendorId}`);
    expect(short.status).toBe(301);
    const canonical = await page(market.url, short.location!);
    expect(canonical.status).toBe(200);
    // What the page shows, without the router's hydration data (which carries both languages).
    return canonical.html.replace(/<script[\s\S]*?<\/script>/g, '');
  }

  it('a Hebrew vendor page shows the Hebrew bio and not the English one, unmarked', async () => {
    const demo = demoVendors()[0]!;
    const demoVendorId = (await apiCall<{ Vendor: { id: string } }>(market.url, 'GET', 'user/current', vendorToken)).body.Vendor.id;
    const html = await vendorPageHtml('', demoVendorId, demo.categoryKeys[0]!);
    expect(html).toContain(`<p class="vendor-intro">${demo.intro.he}</p>`);
    expect(html).not.toContain(demo.intro.en);
    expect(html).toContain(`<h1>${demo.name.he}</h1>`);
    expect(withoutOtherLanguageReviews(html)).not.toContain('class="other-language"');
    // The reviews in English are there, behind "Reviews in English (1)", marked.
    expect(html).toMatch(/<details class="other-language-reviews" data-testid="other-language-reviews"><summary>ביקורות באנגלית \(\d+\)<\/summary>[\s\S]*?\(אנגלית\)/);
    // And the English page the other way round.
    const english = await vendorPageHtml('/en', demoVendorId, demo.categoryKeys[0]!);
    expect(english).toContain(`<p class="vendor-intro">${demo.intro.en}</p>`);
    expect(english).not.toContain(demo.intro.he);
  });

  it("a Hebrew page of an artist shows its bio, services, general info and photo captions in Hebrew, unmarked; the English page in English", async () => {
    // The fourth artist once wrote its photo captions in English only (issue 22 item 7).
    const demo = demoVendors()[3]!;
    for (const [prefix, lang] of [['', 'he'], ['/en', 'en']] as const) {
      const html = await vendorPageHtml(prefix, demo.key, demo.categoryKeys[0]!);
      const other = lang === 'he' ? 'en' : 'he';
      expect(html).toContain(`<div class="rich-text" data-testid="vendor-about">${demo.about[lang]}</div>`);
      expect(html).not.toContain(demo.about[other]);
      for (const product of demo.products) expect(html).toContain(`<p>${product.introText[lang]}</p>`);
      for (const info of demo.generalInfo) expect(html).toContain(`<dt>${info.title[lang]}</dt><dd>${info.content[lang]}</dd>`);
      for (const image of demo.images) {
        expect(html).toContain(`<figcaption data-testid="vendor-photo-caption">${escapeHtml(image.description[lang])}</figcaption>`);
        expect(html).toContain(`alt="${escapeHtml(image.description[lang])}"`);
        expect(html).not.toContain(escapeHtml(image.description[other]));
      }
      // Nothing is marked as the other language, but the collapsed reviews in the other language.
      expect(withoutOtherLanguageReviews(html), prefix).not.toContain('data-testid="language-tag"');
      expect(html, prefix).toContain('<ul class="review-list"><li class="public-review"');
    }
  });

  it('marks the English bio as English, with lang and dir, when the Hebrew one is missing', async () => {
    const demo = demoVendors()[1]!;
    const admin = (await signIn(market.url, DEMO.admin)).token;
    const profile = {
      name: demo.name, tagIds: demo.categoryKeys.map((key) => `cat-${key}`), about: demo.about, intro: { en: demo.intro.en },
      languages: demo.languages, originLocation: demo.origin, heroImageUrl: demo.heroImageUrl, images: demo.images, audio: [], videos: [],
      generalInfo: demo.generalInfo, geoLocationIds: demo.placeKeys.map((key) => `geo-${key}`),
    };
    expect((await apiCall(market.url, 'PUT', `admin/vendors/${demo.key}`, admin, { profile })).status).toBe(200);
    const marked = `<p class="vendor-intro"><bdi class="other-language" lang="en" dir="ltr">${demo.intro.en}</bdi> <small class="language-tag" data-testid="language-tag">(אנגלית)</small></p>`;
    await expect.poll(async () => (await vendorPageHtml('', demo.key, demo.categoryKeys[0]!)).includes(marked), { timeout: 15_000 }).toBe(true);
    // The English page has its own language: nothing to mark.
    const english = await vendorPageHtml('/en', demo.key, demo.categoryKeys[0]!);
    expect(english).toContain(`<p class="vendor-intro">${demo.intro.en}</p>`);
  });
});

describe('security headers', () => {
  it('pages carry a CSP that allows exactly their inline hydration script, and refuse framing and sniffing', async () => {
    const response = await fetch(`${market.url}/en/search`);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    // The hydration data and the loader that starts the bundle (web/app/document.tsx).
    const inline = [...html.matchAll(/<script(?: data-[^>]*)?>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBe(2);
    for (const script of inline) {
      const hash = createHash('sha256').update(script, 'utf8').digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('API answers refuse sniffing and framing too, and oversized headers get 431 problem+json', async () => {
    const api = await fetch(`${market.url}/api/ecommerce/vendor?limit=1`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const huge = await fetch(`${market.url}/api/ecommerce/vendor`, { headers: { cookie: `c=${'x'.repeat(20_000)}` } });
    expect(huge.status).toBe(431);
    expect(huge.headers.get('content-type')).toContain('application/problem+json');
    expect(await huge.json()).toMatchObject({ status: 431, code: 'headers-too-large' });
  });
});

describe('vendor page robustness', () => {
  it('renders a vendor whose profile lists a language code Intl cannot name (older data), instead of failing', async () => {
    const stream = `vendor-${vendor.id}`;
    const events = await market.eventStore.readStream(stream);
    const last = events.at(-1)!;
    const profile = { ...(events.findLast((e) => 'profile' in (e.data as object))!.data as { profile: Record<string, unknown> }).profile, languages: ['he', 'not a language!'] };
    const { nextRevision } = await market.eventStore.append(stream, [{
      id: crypto.randomUUID(), type: 'VendorProfileUpdated', data: { vendorId: vendor.id, profile, at: new Date().toISOString() },
      metadata: { ...last.metadata, correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() },
    }], last.revision);
    expect((await apiCall(market.url, 'GET', `ecommerce/vendor/${vendor.id}?minRevision=${nextRevision}`, null)).status).toBe(200);
    const answer = await page(market.url, `/en/artists/${vendor.alias}/${vendor.id}/${vendor.slugEn}`);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Hebrew, not a language!');
  });
});

describe('store, content and account pages', () => {
  it('store home, vendor list, product page and vendor store page', async () => {
    expect((await page(market.url, '/store')).html).toContain('data-testid="product-card"');
    expect((await page(market.url, '/en/store/vendors')).html).toContain('data-testid="vendor-card"');
    const product = await page(market.url, `/en/store/product/${timedProductId}`);
    expect(product.status).toBe(200);
    expect(product.html).toContain(timedProductName);
    expect(product.html).toContain(`/en/artists/${vendor.alias}/${vendor.id}/${vendor.slugEn}#booking`);
    const store = await page(market.url, `/store/vendor/${vendor.id}`);
    expect(store.html).toContain(vendor.name.he);
    expect((await page(market.url, '/store/product/no-such-product')).status).toBe(404);
  });

  it('blog index, article by alias, blog category; about, contact, terms and general articles', async () => {
    const blog = await page(market.url, '/en/blog');
    expect(blog.html).toContain('How to choose a wedding band');
    expect(blog.html).toContain('href="/en/blog/category/guides"');
    const article = await page(market.url, '/en/blog/article/choosing-a-wedding-band');
    expect(article.html).toContain('Three things to check');
    expect(descriptionOf(article.html)).toContain('Three things');
    expect((await page(market.url, '/blog/category/guides')).status).toBe(200);
    expect((await page(market.url, '/about')).html).toContain('שוק אמנים ישראלי');
    expect((await page(market.url, '/en/contact')).html).toContain('support@demo.local');
    expect((await page(market.url, '/en/terms')).html).toContain('refunded in full');
    expect((await page(market.url, '/en/content/article/terms')).html).toContain('refunded in full');
    expect((await page(market.url, '/content/article/no-such-article')).status).toBe(404);
  });

  it('login (with loginRedirect), two-factor view, activation, register and the 404, error and unauthorized pages', async () => {
    const login = await page(market.url, '/en/user/login?loginRedirect=%2Fen%2Fcheckout');
    expect(login.status).toBe(200);
    expect(login.html).toContain('data-testid="login-form"');
    expect((await page(market.url, '/user/login?localeSlug=en&loginRedirect=%2Fen')).location).toBe('/en/user/login?loginRedirect=%2Fen');
    expect((await page(market.url, '/user/login/two-factor')).html).toContain('כניסה דו־שלבית');
    expect((await page(market.url, '/en/user/activate?token=abc')).html).toContain('Account activation');
    expect((await page(market.url, '/en/user/register')).html).toContain('data-testid="register-form"');
    const missing = await page(market.url, '/en/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
    expect((await page(market.url, '/404')).status).toBe(404);
    expect((await page(market.url, '/en/error')).html).toContain('Something went wrong');
    expect((await page(market.url, '/error/unauthorized')).html).toContain('אין גישה');
  });
});

describe('guards and redirects (SPEC §2, §6)', () => {
  it('a guest on a guarded page goes to login with the full path as loginRedirect', async () => {
    const checkout = await page(market.url, `/en/checkout?productId=${defaultProductId}`);
    expect(checkout.status).toBe(302);
    expect(checkout.location).toBe(`/en/user/login?loginRedirect=${encodeURIComponent(`/en/checkout?productId=${defaultProductId}`)}`);
    for (const path of ['/notifications', '/user/dashboard/profile', '/order/x/payment']) {
      const answer = await page(market.url, path);
      expect(answer.location).toBe(`/user/login?loginRedirect=${encodeURIComponent(path)}`);
    }
    // "Join as an artist" explains first that an account is needed, then offers sign-in and the way back.
    const artist = await page(market.url, '/user/register/artist');
    expect(artist.status).toBe(200);
    expect(artist.html).toContain('data-testid="artist-account-first"');
    expect(artist.html).toContain(`href="/user/login?loginRedirect=${encodeURIComponent('/user/register/artist')}"`);
  });

  it('/user and /user/dashboard/dashboard go to the profile dashboard', async () => {
    expect((await page(market.url, '/user', customer)).location).toBe('/user/dashboard/profile');
    expect((await page(market.url, '/en/user/dashboard/dashboard', customer)).location).toBe('/en/user/dashboard/profile');
  });

  it('guest-only pages send a signed-in user to the root path', async () => {
    expect((await page(market.url, '/user/login', customer)).location).toBe('/');
    expect((await page(market.url, '/en/user/register', customer)).location).toBe('/en');
  });

  it('a vendor sees the vendor menu, others the personal menu; the vendor guard sends non-vendors to unauthorized', async () => {
    const vendorProfile = await page(market.url, '/en/user/dashboard/profile', vendorToken);
    expect(vendorProfile.html).toContain('data-testid="vendor-menu"');
    expect(vendorProfile.html).toContain('Busy times');
    const customerProfile = await page(market.url, '/en/user/dashboard/profile', customer);
    expect(customerProfile.html).toContain('data-testid="personal-menu"');
    expect(customerProfile.html).toContain('Dana Customer');
    expect((await page(market.url, '/en/user/dashboard/vendor/orders', customer)).location).toBe('/en/error/unauthorized');
    expect((await page(market.url, '/en/user/dashboard/vendor/orders', vendorToken)).status).toBe(200);
    expect((await page(market.url, '/user/register/artist', vendorToken)).location).toBe('/error/unauthorized');
    expect((await page(market.url, '/user/register/artist', customer)).html).toContain('data-testid="artist-form"');
  });

  it('a refused token renders the page as a guest and clears the session cookies', async () => {
    const response = await fetch(`${market.url}/en`, { headers: { cookie: 'token=not-a-real-token' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-testid="login-link"');
    expect(response.headers.getSetCookie()).toContain('token=; Path=/; SameSite=Lax; Max-Age=0; HttpOnly');
  });

  it('a refused token with a valid refresh token is renewed on the server pass', async () => {
    const pair = await signIn(market.url, DEMO.customer);
    const response = await fetch(`${market.url}/en/user/dashboard/profile`, { redirect: 'manual', headers: { cookie: `token=expired-token; refresh_token=${pair.refresh_token}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Dana Customer');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('token=ey'))).toBe(true);
  });

  it('signs in by a plain form post too (before hydration), setting the session cookies', async () => {
    const body = new URLSearchParams({ email: DEMO.customer, password: 'demo-password' });
    const ok = await fetch(`${market.url}/en/user/login?loginRedirect=%2Fen%2Fsearch`, { method: 'POST', body, redirect: 'manual' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/en/search');
    // The session cookies: HttpOnly, SameSite, living as long as the refresh token (30 days), beside a readable marker.
    const set = ok.headers.getSetCookie();
    for (const name of ['token', 'refresh_token']) {
      const cookie = set.find((line) => line.startsWith(`${name}=ey`))!;
      expect(cookie).toMatch(/; Path=\/; SameSite=Lax; Max-Age=259\d{4}; HttpOnly$/);
    }
    expect(set.find((line) => line.startsWith('session='))).toMatch(/^session=1; Path=\/; SameSite=Lax; Max-Age=259\d{4}$/);
    // A refused sign-in renders the login page again with the message and the typed e-mail (the login route's action).
    const bad = await fetch(`${market.url}/en/user/login?loginRedirect=https%3A%2F%2Fevil.example`, { method: 'POST', body: new URLSearchParams({ email: DEMO.customer, password: 'wrong-password' }), redirect: 'manual' });
    expect(bad.status).toBe(401);
    const badPage = await bad.text();
    expect(badPage).toContain('The e-mail or password is wrong.');
    expect(badPage).toContain(`value="${DEMO.customer}"`);
    expect(bad.headers.getSetCookie()).toEqual([]);
    // A sign-in that goes through never follows an off-site loginRedirect.
    const offSite = await fetch(`${market.url}/user/login?loginRedirect=https%3A%2F%2Fevil.example`, { method: 'POST', body, redirect: 'manual' });
    expect(offSite.headers.get('location')).toBe('/');
  });

  it('refuses a page form posted from another site (CSRF), whatever the cookies', async () => {
    const pair = await signIn(market.url, DEMO.customer);
    const cookie = `token=${pair.token}; refresh_token=${pair.refresh_token}`;
    const body = new URLSearchParams({ intent: 'details', fullName: 'Changed By Another Site', phonePrefix: '+972', phoneNumber: '', locale: 'en-US' });
    const foreign = await fetch(`${market.url}/en/user/dashboard/profile`, { method: 'POST', body, redirect: 'manual', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const sibling = await fetch(`${market.url}/en/user/dashboard/profile`, { method: 'POST', body, redirect: 'manual', headers: { cookie, 'sec-fetch-site': 'same-site' } });
    expect(sibling.status).toBe(403);
    expect((await page(market.url, '/en/user/dashboard/profile', customer)).html).not.toContain('Changed By Another Site');
  });
});

describe('checkout, payment and order pages', () => {
  it('checkout shows the product and the slot; payment and order complete show the order from the API', async () => {
    const start = new Date(Date.now() + 40 * 86_400_000);
    start.setUTCHours(8, 0, 0, 0);
    const checkout = await page(market.url, `/en/checkout?productId=${timedProductId}&start=${encodeURIComponent(start.toISOString())}`, customer);
    expect(checkout.status).toBe(200);
    expect(checkout.html).toContain(timedProductName);
    expect(checkout.html).toContain('data-testid="checkout-slot"');
    const placed = await apiCall<{ id: string; revision: number }>(market.url, 'POST', 'orders', customer, { productId: timedProductId, start: start.toISOString() });
    expect(placed.status).toBe(201);
    const payment = await page(market.url, `/en/order/${placed.body.id}/payment?rev=${placed.body.revision}`, customer);
    expect(payment.status).toBe(200);
    expect(payment.html).toContain('Awaiting payment');
    expect(payment.html).toContain('data-testid="payment-form"');
    const placedPage = await page(market.url, `/en/checkout/complete/${placed.body.id}`, customer);
    expect(placedPage.html).toContain('Order placed');
    const paid = await apiCall<{ revision: number }>(market.url, 'POST', `orders/${placed.body.id}/pay`, customer, { cardNumber: '4242424242424242' });
    expect(paid.status).toBe(200);
    const complete = await page(market.url, `/order/${placed.body.id}/complete?rev=${paid.body.revision}`, customer);
    expect(complete.html).toContain('שולמה');
    expect(complete.html).toContain('data-testid="order-paid"');
    // A paid order has nothing to pay: the payment page moves on.
    expect((await page(market.url, `/order/${placed.body.id}/payment`, customer)).location).toBe(`/order/${placed.body.id}/complete`);
    // Another user's order is not found.
    expect((await page(market.url, `/order/${placed.body.id}/complete`, vendorToken)).status).toBe(404);
    // The customer's dashboard lists it, and notifications render.
    expect((await page(market.url, '/en/user/dashboard/orders', customer)).html).toContain(`/en/order/${placed.body.id}/complete`);
    expect((await page(market.url, '/en/notifications', customer)).status).toBe(200);
  });
});

describe('favorites', () => {
  it('a guest\'s favorites cookie is read back as vendor cards (id filter, limit 999)', async () => {
    const answer = await page(market.url, '/en/favorites', undefined, `favorites=${vendor.id}`);
    expect(answer.html).toContain('data-testid="favorites-count">1<');
    expect(answer.html).toContain(vendor.name.en);
    expect(answer.html).toContain('aria-pressed="true"');
  });

  it('a signed-in user\'s favorites come from the server', async () => {
    const added = await apiCall(market.url, 'POST', `artists/vendor/${vendor.id}/favored/by-user`, vendorToken);
    expect(added.status).toBe(200);
    const answer = await page(market.url, '/en/favorites', vendorToken, 'favorites=ignored-for-users');
    expect(answer.html).toContain(vendor.name.en);
    expect(answer.html).not.toContain('ignored-for-users');
  });
});
