import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHROMIUM_NOT_FOUND, apiCall, DEMO, executablePath, signIn, startBrowserSuite, type BrowserSuite, type Locale } from './browser-kit.ts';
import { israelDate, israelInstant } from '../../domain/shared/israel-time.ts';

// axe-core finds no violation on the storefront's main pages and every dashboard screen,
// in Hebrew and in English. A failure lists each violation as "page: id (impact) target", so the
// report says what to fix without opening a browser.
// Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not block
// (a <script> tag would be).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

async function violationsOn(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.flatMap((violation) => violation.nodes.map((node) =>
    `${label}: ${violation.id} (${violation.impact}) ${JSON.stringify(node.target)} — ${violation.help}`));
}

let suite: BrowserSuite;
let vendorPagePath = '';
let checkoutPath = '';
let productPath = '';

const GUEST_PAGES = ['/', '/search', '/search?text=DJ', '/user/login', '/user/register', '/user/password/forgot', '/user/register/artist'];
const CUSTOMER_PAGES = [
  '/user/dashboard/profile', '/user/dashboard/my-vendors', '/user/dashboard/orders', '/user/dashboard/payments', '/user/dashboard/reviews',
  '/notifications', '/user/dashboard/conversations', '/user/dashboard/contracts', '/user/dashboard/help', '/favorites',
];
const VENDOR_PAGES = [
  '/user/dashboard/vendor/orders', '/user/dashboard/vendor/events', '/user/dashboard/vendor/busy-windows', '/user/dashboard/vendor/products', '/user/dashboard/vendor/products/new',
  '/user/dashboard/vendor/profile', '/user/dashboard/vendor/reviews', '/user/dashboard/vendor/insights', '/user/dashboard/conversations', '/user/dashboard/contracts',
];

async function check(locale: Locale, as: string | undefined, paths: string[]): Promise<string[]> {
  const session = await suite.open(locale, as ? { as } : {});
  const found: string[] = [];
  try {
    for (const path of paths) {
      await suite.goto(session, path);
      found.push(...await violationsOn(session.page, `${locale} ${path}${as ? ` as ${as}` : ''}`));
    }
  } finally {
    await session.context.close();
  }
  return found;
}

describe.skipIf(!executablePath)(`accessibility (axe-core) in Chromium (${executablePath ? 'found' : `skipped: ${CHROMIUM_NOT_FOUND}`})`, () => {
  beforeAll(async () => {
    suite = await startBrowserSuite();
    const { token } = await signIn(suite.market.url, DEMO.vendor);
    const vendorUser = await apiCall<{ Vendor: { id: string } }>(suite.market.url, 'GET', 'user/current', token);
    const vendorId = vendorUser.body.Vendor.id;
    const products = await apiCall<{ items: { productId: string; type: string }[] }>(suite.market.url, 'GET', `ecommerce/product?vendorId=${vendorId}`, null);
    const fixed = products.body.items.find((item) => item.type !== 'timedService')!;
    productPath = `/store/product/${fixed.productId}`;
    checkoutPath = `/checkout?productId=${fixed.productId}`;
    // The short vendor address redirects to the full one (with its category and name).
    const response = await fetch(`${suite.market.url}/artists/any/${vendorId}`, { redirect: 'manual' });
    vendorPagePath = response.headers.get('location') ?? `/artists/any/${vendorId}`;
    // A crowded day in the month the artist's calendar shows (today, Israel time): four hour-long windows,
    // so its day shows three chips and "+1 more", whatever the date (the demo's own orders are spread over
    // weeks ahead, so which days show more than times depended on the date).
    const today = israelDate(Date.now());
    for (const hour of [0, 1, 2, 3]) {
      const window = { start: israelInstant(today, hour).toISOString(), end: israelInstant(today, hour + 1).toISOString(), reason: 'Rehearsal' };
      expect((await apiCall(suite.market.url, 'POST', 'vendor/busy-windows', token, window)).status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await suite?.close();
  });

  for (const locale of ['he', 'en'] as const) {
    it(`no violations on the public pages and the customer's screens — ${locale}`, async () => {
      const unprefixed = (path: string) => path.replace(/^\/en(?=\/)/, '');
      const found = [
        ...await check(locale, undefined, [...GUEST_PAGES, unprefixed(vendorPagePath), productPath]),
        ...await check(locale, DEMO.customer, [unprefixed(vendorPagePath), checkoutPath, ...CUSTOMER_PAGES]),
      ];
      expect(found).toEqual([]);
    }, 300_000);

    it(`no violations on the artist's screens — ${locale}`, async () => {
      expect(await check(locale, DEMO.vendor, VENDOR_PAGES)).toEqual([]);
    }, 300_000);
  }
});
