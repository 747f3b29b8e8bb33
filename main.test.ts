import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMarketplace, type Marketplace } from './main.ts';
import { DEMO_ACCOUNTS } from './seed/seed-demo.ts';

// The product as `npm start` runs it: one process, embedded adapters, the demo seed.
const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };

async function json(marketplace: Marketplace, path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, marketplace.url), init);
  return { status: response.status, body: await response.json() as any };
}

async function signIn(marketplace: Marketplace, email: string) {
  const answer = await json(marketplace, '/api/token/jwt', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo-password' }),
  });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

describe('one process on embedded defaults (npm start)', () => {
  let dataDir: string;
  let marketplace: Marketplace;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'marketplace-main-'));
    marketplace = await startMarketplace({ port: 0, dataDir, env });
  }, 120_000);
  afterAll(async () => {
    await marketplace?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds at least 50 vendors with products of all three types and three demo accounts', async () => {
    expect(marketplace.seeded?.vendors).toBeGreaterThanOrEqual(50);
    const vendors = await json(marketplace, '/api/ecommerce/vendor?limit=999');
    expect(vendors.body.total).toBeGreaterThanOrEqual(50);

    const vendorToken = await signIn(marketplace, DEMO_ACCOUNTS.vendor);
    const current = await json(marketplace, '/api/user/current', { headers: { authorization: `Bearer ${vendorToken}` } });
    expect(current.body.Vendor.id).toBe(marketplace.seeded!.firstVendorId);
    const products = await json(marketplace, `/api/ecommerce/product?vendorId=${current.body.Vendor.id}`);
    expect(new Set(products.body.items.map((p: { type: string }) => p.type))).toEqual(new Set(['default', 'timedService', 'contractService']));

    const admin = await json(marketplace, '/api/user/current', { headers: { authorization: `Bearer ${await signIn(marketplace, DEMO_ACCOUNTS.admin)}` } });
    expect(admin.body.isAdmin).toBe(true);
    expect(admin.body.groups).toContain('superUsers');
    const customer = await json(marketplace, '/api/user/current', { headers: { authorization: `Bearer ${await signIn(marketplace, DEMO_ACCOUNTS.customer)}` } });
    expect(customer.body.isAdmin).toBe(false);
    expect(customer.body.Vendor ?? null).toBeNull();
  });

  it('answers vendor search by text, category and location from the views', async () => {
    const byText = await json(marketplace, '/api/ecommerce/vendor?text=Cohen&limit=999');
    expect(byText.body.total).toBeGreaterThan(0);
    for (const vendor of byText.body.items) expect(vendor.name.en).toContain('Cohen');

    const byCategory = await json(marketplace, '/api/ecommerce/vendor?category=djs&limit=999');
    expect(byCategory.body.total).toBeGreaterThan(0);
    for (const vendor of byCategory.body.items) expect(vendor.tagIds).toContain('cat-djs');

    const byPlace = await json(marketplace, '/api/ecommerce/vendor?geoLocation=geo-haifa&limit=999');
    expect(byPlace.body.total).toBeGreaterThan(0);
    for (const vendor of byPlace.body.items) expect(vendor.geoLocationIds).toContain('geo-haifa');
    expect(byPlace.body.total).toBeLessThan(byText.body.total + 60);
  });

  it('restarts on the same store without seeding again, rebuilding the views by replay', async () => {
    const before = await json(marketplace, '/api/ecommerce/vendor?limit=999');
    await marketplace.close();
    marketplace = await startMarketplace({ port: 0, dataDir, env });
    expect(marketplace.seeded).toBeNull();
    await marketplace.projections.waitForPosition(await marketplace.adapters.eventStore.headPosition(), 30_000);
    const after = await json(marketplace, '/api/ecommerce/vendor?limit=999');
    expect(after.body.total).toBe(before.body.total);
    expect(after.body.items.map((v: { vendorId: string }) => v.vendorId)).toEqual(before.body.items.map((v: { vendorId: string }) => v.vendorId));
  }, 120_000);
});
