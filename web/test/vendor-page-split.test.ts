import { readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, type WebApp } from '../server.ts';
import { createQueryApi, type QueryApi } from '../../query-api/create-query-api.ts';
import type { InProcessReader } from '../api/in-process-transport.ts';
import { apiCall, DEMO, signIn } from './marketplace.ts';
import type { Marketplace } from '../../main.ts';
import { freshDemoDataDir } from '../../test/demo-data-dir.ts';

// The vendor page of the two deployments: the storefront beside the query API in one process (its data
// handed over as values, web/api/in-process-values.ts) and a storefront in a process of its own that
// reads the API over HTTP (each answer validated). Both render the same page, byte for byte once the
// server's own address and the render's clock are set aside, and neither lets a vendor's script through.
let market: Marketplace;
let dataDir: string;
let queryApi: QueryApi;
const webs: Array<{ app: WebApp; server: Server }> = [];
let together: string;
let apart: string;
let valueReads = 0;
/** The cache tags of every value read: what the reads touched. */
const valueTags: string[] = [];
let customer: string;
let admin: string;

async function serve(app: WebApp): Promise<string> {
  const host = express();
  host.use(app.router);
  const server = await new Promise<Server>((resolve) => { const listening = host.listen(0, '127.0.0.1', () => resolve(listening)); });
  webs.push({ app, server });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A page of one of the storefronts, its own address and the time of its render set aside. */
async function visit(origin: string, path: string, cookie?: string) {
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const same = (text: string) => text.replaceAll(origin, 'ORIGIN').replaceAll(origin.replace('http://', ''), 'HOST').replace(/"now":\d+/g, '"now":0');
  return { status: response.status, location: same(response.headers.get('location') ?? ''), html: same(await response.text()) };
}

const HYDRATION = /<script>window\.__staticRouterHydrationData = (.*?);<\/script>/s;

/**
 * The same markup byte for byte, and the same hydration data: equal values, in whatever order of keys
 * (an answer validated over HTTP has its schema's order, a value handed over the view's).
 */
function expectSamePage(here: string, there: string): void {
  const [data, otherData] = [HYDRATION.exec(here)?.[1], HYDRATION.exec(there)?.[1]];
  expect(data).toBeDefined();
  expect(JSON.parse(data!)).toEqual(JSON.parse(otherData!));
  expect(here.replace(HYDRATION, '')).toBe(there.replace(HYDRATION, ''));
}

beforeAll(async () => {
  const { startMarketplace } = await import('../../main.ts');
  dataDir = await freshDemoDataDir('vendor-page-split-');
  market = await startMarketplace({ port: 0, dataDir, seed: true, logLevel: 'silent' });
  const { viewStore, eventStore, cache, jobQueue } = market.adapters;
  queryApi = createQueryApi({ viewStore, eventStore, projections: market.projections, cache, jobQueue, jwtSecret: (await readFile(join(dataDir, 'jwt-secret'), 'utf8')).trim() });
  const reader: InProcessReader = {
    read: (request) => queryApi.read(request),
    readValue: (request) => {
      valueReads++;
      const answer = queryApi.readValue(request);
      void answer?.then(({ tags }) => { valueTags.push(...(tags ?? [])); });
      return answer;
    },
  };
  // Writes and the command API's reads of both go to the started product over HTTP.
  together = await serve(await createWebApp({ apiBaseUrl: market.url, production: false, secureCookies: false, inProcessReads: reader }));
  apart = await serve(await createWebApp({ apiBaseUrl: market.url, production: false, secureCookies: false }));
  customer = (await signIn(market.url, DEMO.customer)).token;
  admin = (await signIn(market.url, DEMO.admin)).token;
}, 180_000);

afterAll(async () => {
  for (const { app, server } of webs) {
    await app.close();
    await new Promise((resolve) => server.close(resolve));
  }
  queryApi?.cache.stop();
  await market?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the vendor page, in process and over HTTP', () => {
  it('renders the same page for guests in both languages and for a signed-in customer', async () => {
    const cards = await apiCall<{ items: { vendorId: string }[] }>(market.url, 'GET', 'ecommerce/vendor?limit=3&sort=-rating', null);
    expect(cards.body.items).toHaveLength(3);
    for (const { vendorId } of cards.body.items) {
      for (const prefix of ['', '/en']) {
        // A wrong category alias and name: both answer with the canonical address.
        const short = `${prefix}/artists/artist/${vendorId}/x`;
        const [here, there] = [await visit(together, short), await visit(apart, short)];
        expect(here.status).toBe(301);
        expect(here.location).toBe(there.location);
        const canonical = here.location.replace('ORIGIN', '');
        for (const cookie of [undefined, `token=${customer}`]) {
          const before = valueReads;
          const [page, overHttp] = [await visit(together, canonical, cookie), await visit(apart, canonical, cookie)];
          expect(page.status).toBe(200);
          expect(page.html).toContain(`data-vendor-id="${vendorId}"`);
          expectSamePage(page.html, overHttp.html);
          // The page, its reviews, its busy times and its Jewish calendar, as values.
          expect(valueReads - before).toBe(4);
          // The Jewish calendar is asked at the artist's first place: their card is not read again for it.
          expect(valueTags).toContain(`doc:vendorPages:${vendorId}`);
          expect(valueTags).not.toContain(`doc:vendorCards:${vendorId}`);
        }
      }
    }
  });

  it('answers an unknown vendor with the same 404 page', async () => {
    const [here, there] = [await visit(together, '/en/artists/djs/no-such-vendor/nobody'), await visit(apart, '/en/artists/djs/no-such-vendor/nobody')];
    expect(here.status).toBe(404);
    expectSamePage(here.html, there.html);
  });

  it("sanitizes a vendor's about text on both: no script, no event handler, no javascript: link", async () => {
    const created = await apiCall<{ id: string }>(market.url, 'POST', 'admin/vendors', admin, {
      profile: {
        name: { he: 'בודק', en: 'Script Check' }, tagIds: [], intro: { en: 'Checks' }, languages: ['en'], originLocation: { en: 'Haifa' },
        about: { en: '<p onclick="steal()">Safe text</p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror="alert(3)">' },
      },
    });
    expect(created.status).toBe(201);
    expect(await market.projections.waitForPosition(await market.adapters.eventStore.headPosition(), 30_000)).toBe(true);
    const path = `/en/artists/artist/${created.body.id}/script-check`;
    const [here, there] = [await visit(together, path), await visit(apart, path)];
    for (const { status, html } of [here, there]) {
      expect(status).toBe(200);
      expect(html).toContain('Safe text');
      for (const unsafe of ['steal()', 'alert(1)', 'javascript:alert', 'onerror']) expect(html).not.toContain(unsafe);
    }
    expectSamePage(here.html, there.html);
  });
});
