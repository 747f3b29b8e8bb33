import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeGroupMessageKeys, splitRouteGroupMessages } from '../i18n/route-group-messages.ts';
import { messages } from '../i18n/i18n.ts';
import type { MessageTree } from '../i18n/i18n-instance.ts';
import { EAGER_COMPILE_HINT } from '../client-bundle.ts';

// The storefront as production serves it, both in a production deployment (NODE_ENV=production) and in
// `npm start`'s local preview (scripts/local-preview.env): a minified bundle under content-hashed names
// cached for a year, source maps as separate files, brotli and gzip, and HTML that is always revalidated.
// The local preview seeds the demo into an empty store; a production deployment never does.

/**
 * What the first load of a storefront page may cost in JavaScript, gzipped (docs/storefront.md): react-dom,
 * react-router, i18next, one language's storefront messages (the dashboards' and back office's come
 * with their screens), no zod (the answers' parsers come with the first client-side read) and no
 * sanitize-html; a little room above what that weighs, so growth is noticed, and well under the 250 kB
 * goal of `npm run lighthouse`.
 */
const FIRST_LOAD_GZIP_BUDGET = 185_000;

const localPreviewEnv = parseEnv(readFileSync(new URL('../../scripts/local-preview.env', import.meta.url), 'utf8'));
const profiles = [
  {
    name: 'a production deployment',
    // Production needs a mail server and a public address; nothing is mailed in this test.
    env: { NODE_ENV: 'production', JWT_SECRET: 'production-bundle-test-secret-of-enough-length', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://habama.example' },
    seeds: false,
  },
  { name: "npm start's local preview", env: { ...localPreviewEnv, HOST: '127.0.0.1' }, seeds: true },
];

const leavesOf = (tree: MessageTree | string): string[] => typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(leavesOf);

let url: string;
const homeHtml = async () => {
  const response = await fetch(`${url}/`);
  return { response, html: await response.text() };
};
// The loader script names the entry and the chunks it requests with it (web/app/document.tsx).
const scriptOf = (html: string) => /<script data-entry="(\/assets\/app\.[0-9a-f]{12}\.js)"/.exec(html)?.[1];
const preloadsOf = (html: string) => (/data-preloads="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);

describe.each(profiles)('production bundle, $name', (profile) => {
  let close: () => Promise<void>;
  let seedRuns = 0;
  beforeAll(async () => {
    const { startMarketplace } = await import('../../main.ts');
    const dataDir = await mkdtemp(join(tmpdir(), 'production-bundle-'));
    const marketplace = await startMarketplace({
      port: 0, dataDir, logLevel: 'silent', env: { ...process.env, ...profile.env },
      // Whether the demo is seeded is what counts here, not the demo itself.
      seedDemo: async () => { seedRuns++; return { vendors: 0, products: 0, articles: 0, firstVendorId: '' }; },
    });
    url = marketplace.url;
    close = async () => {
      await marketplace.close();
      await rm(dataDir, { recursive: true, force: true });
    };
  }, 120_000);

  afterAll(async () => {
    await close?.();
  });

  it(profile.seeds ? 'seeds the demo into the empty store' : 'never seeds the demo', () => {
    expect(seedRuns).toBe(profile.seeds ? 1 : 0);
  });

  it('answers pages with HTML that is always revalidated and loads its entry with its chunks', async () => {
    const { response, html } = await homeHtml();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const script = scriptOf(html);
    expect(script).toBeDefined();
    expect(preloadsOf(html)).toContain(script);
  });

  it("marks the first load's code, and only that, for V8 to compile as it streams in", async () => {
    const { html } = await homeHtml();
    const firstLoad = [scriptOf(html)!, ...preloadsOf(html).filter((path) => path !== scriptOf(html))];
    const starts = async (path: string) => (await (await fetch(`${url}${path}`)).text()).startsWith(`${EAGER_COMPILE_HINT}\n`);
    const hinted = await Promise.all(firstLoad.map(starts));
    // The entry and the chunks it imports statically are; the page's messages (a chunk imported lazily) are not.
    expect(hinted[0]).toBe(true);
    expect(hinted.filter(Boolean).length).toBeGreaterThan(1);
    expect(hinted.some((marked) => !marked)).toBe(true);
    // Its source map starts a line later, so the lines still map to the sources.
    const map = await (await fetch(`${url}${scriptOf(html)}.map`)).json() as { mappings: string };
    expect(map.mappings.startsWith(';')).toBe(true);
  });

  it('serves the entry minified, with a linked (not inline) source map, cached for a year', async () => {
    const script = scriptOf((await homeHtml()).html)!;
    const response = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await response.text();
    expect(text).not.toContain('sourceMappingURL=data:');
    const mapUrl = `${script}.map`;
    expect(text.trimEnd().endsWith(`//# sourceMappingURL=${mapUrl.slice('/assets/'.length)}`)).toBe(true);
    // Minified: a few very long lines (licence comments kept at the end), not tens of thousands.
    expect(text.split('\n').length).toBeLessThan(400);
    expect(text.length / text.split('\n').length).toBeGreaterThan(2_000);
    const map = await fetch(`${url}${mapUrl}`);
    expect(map.status).toBe(200);
    expect(map.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sourceMap = await map.json() as { version: number; sources: string[] };
    expect(sourceMap.version).toBe(3);
    expect(sourceMap.sources.some((source) => source.endsWith('entry-client.tsx'))).toBe(true);
  });

  it('sends brotli to browsers that take it and gzip to the others, within the first-load budget', async () => {
    const html = (await homeHtml()).html;
    let gzipTotal = 0;
    for (const path of preloadsOf(html)) {
      const brotli = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers.get('content-encoding')).toBe('br');
      expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
      const gzip = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      // fetch decodes the body; the compressed size is what travelled.
      gzipTotal += Number(gzip.headers.get('content-length'));
    }
    expect(gzipTotal).toBeGreaterThan(0);
    expect(gzipTotal).toBeLessThan(FIRST_LOAD_GZIP_BUDGET);
  });

  it("loads only the page's language's messages, no sanitize-html and no zod", async () => {
    const hebrew = 'מוצאים ומזמינים אמנים לכל אירוע בישראל.';
    const english = 'Find and book performing artists for every event in Israel.';
    for (const [path, own, other] of [['/', hebrew, english], ['/en', english, hebrew]] as const) {
      const html = await (await fetch(`${url}${path}`)).text();
      let scripts = '';
      for (const chunk of preloadsOf(html)) scripts += await (await fetch(`${url}${chunk}`)).text();
      expect(scripts, path).toContain(own);
      expect(scripts, path).not.toContain(other);
      // An option name of sanitize-html and an error class of postcss, which minifying keeps.
      expect(scripts, path).not.toContain('allowedSchemesByTag');
      expect(scripts, path).not.toContain('CssSyntaxError');
      // The name zod's core gives its base schema class, which minifying keeps.
      expect(scripts, path).not.toContain('$ZodType');
    }
  });

  it("leaves the dashboards' and back office's texts out of the storefront's first load, which names none of them", async () => {
    const { storefront, routeGroups } = splitRouteGroupMessages(messages.he);
    const storefrontTexts = leavesOf(storefront).join('\n');
    // Texts of the dashboards' screens that no storefront text contains (and that JSON leaves as they are).
    const groupOnlyTexts = leavesOf(routeGroups).filter((text) => text.length >= 25 && !/["\\\n]/.test(text) && !storefrontTexts.includes(text));
    expect(groupOnlyTexts.length).toBeGreaterThan(100);
    let scripts = '';
    for (const chunk of preloadsOf((await homeHtml()).html)) scripts += await (await fetch(`${url}${chunk}`)).text();
    expect(scripts).toContain(leavesOf(storefront.checkout!)[0]);
    for (const text of groupOnlyTexts) expect(scripts.includes(text), text).toBe(false);
    // No code of the first load names a key of theirs (a storefront screen would show it as it is).
    for (const key of routeGroupMessageKeys) expect(scripts, key).not.toMatch(new RegExp(`["'\`]${key}\\.`));
  });

  it("serves the route groups' stylesheets minified and immutable, named by the one hash the storefront's sheet has", async () => {
    const linked = async (path: string) => [...(await (await fetch(`${url}${path}`)).text()).matchAll(/<link rel="stylesheet" href="([^"]+)"\/>/g)].map((link) => link[1]!);
    const [app] = await linked('/');
    const hash = /^\/assets\/app\.([0-9a-f]{12})\.css$/.exec(app!)?.[1];
    expect(hash).toBeDefined();
    expect(await linked('/')).toEqual([`/assets/app.${hash}.css`]);
    for (const [name, rule] of [['dashboard', '.busy-layout'], ['admin', '.admin-nav'], ['dashboard-admin', '.rich-text-toolbar']] as const) {
      const css = await fetch(`${url}/assets/${name}.${hash}.css`);
      expect(css.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
      const text = await css.text();
      expect(text, name).toContain(rule);
      expect(text.split('\n').length, name).toBeLessThan(20);
    }
  });

  it('compresses the page HTML itself: brotli when accepted, else gzip, else as it is', async () => {
    for (const [acceptEncoding, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const response = await fetch(`${url}/`, { headers: { 'accept-encoding': acceptEncoding } });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe(encoding);
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      // fetch decodes the body: the same page whatever the encoding.
      expect(await response.text()).toMatch(/^<!DOCTYPE html><html lang="he"/);
    }
  });

  it('names every asset by its content and caches it for good; unknown names are 404', async () => {
    const html = (await homeHtml()).html;
    const stylesheet = /<link rel="stylesheet" href="(\/assets\/app\.[0-9a-f]{12}\.css)"\/>/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await fetch(`${url}${stylesheet}`);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const text = await css.text();
    expect(text).toContain('margin-inline');
    expect(text.split('\n').length).toBeLessThan(20);
    // The storefront's sheet leaves out the rules only the dashboards' and back office's screens use.
    expect(text).toContain('.vendor-card');
    expect(text).not.toContain('.busy-layout');
    expect(text).not.toContain('.admin-nav');
    for (const path of preloadsOf(html)) expect(path).toMatch(/^\/assets\/(app\.[0-9a-f]{12}|chunk\.[A-Z0-9]{8})\.js$/);
    expect((await fetch(`${url}/assets/app.000000000000.js`)).status).toBe(404);
  });
});
