import { beforeAll } from 'vitest';
import { standIn, useStarted } from './use-started.ts';
import { startTestCommandApi, type TestCommandApi, type TestCommandApiOptions } from './test-command-api.ts';
import { registerAdmin, registerAndSignIn, registerVendor, type SignedInUser } from '../client/accounts.ts';
import { productDetails, vendorProfile, type ProductKind } from './fixtures.ts';
import { defineTestLanguages } from './languages.ts';

// A tiny marketplace for route tests: an admin, two vendors with a product of each type, a customer.
export interface TestMarketplace {
  admin: SignedInUser;
  vendor: SignedInUser & { vendorId: string };
  otherVendor: SignedInUser & { vendorId: string };
  customer: SignedInUser;
  products: Record<ProductKind, string>;
}

let counter = 0;

/** What the marketplace is made through: a command API, or the full stack that includes one. */
export type MarketplaceHost = Pick<TestCommandApi, 'api' | 'mailer' | 'eventStore'>;

export async function createTestMarketplace(app: MarketplaceHost): Promise<TestMarketplace> {
  const n = ++counter;
  const admin = await registerAdmin(app.api, app.mailer, app.eventStore, `admin${n}@example.com`);
  await defineTestLanguages(app.eventStore);
  const vendor = await registerVendor(app.api, app.mailer, `vendor${n}@example.com`, vendorProfile(`Band ${n}`));
  const otherVendor = await registerVendor(app.api, app.mailer, `other${n}@example.com`, vendorProfile(`Other ${n}`));
  const customer = await registerAndSignIn(app.api, app.mailer, { email: `customer${n}@example.com` });
  const products = {} as Record<ProductKind, string>;
  for (const type of ['default', 'timedService', 'contractService'] as const) {
    const created = await app.api.post('/api/vendor/products', { details: productDetails(type) }, vendor.token);
    if (created.status !== 201) throw new Error(`product ${type}: ${created.status} ${JSON.stringify(created.body)}`);
    products[type] = created.body.id;
  }
  return { admin, vendor, otherVendor, customer, products };
}

/**
 * The shared setup of a route test file: a command API with the tiny marketplace, started before the
 * calling describe block's tests and closed after them. The two answers stand for objects made in
 * beforeAll, so they are read inside tests and later hooks only (each property read goes to the
 * started one). `useMarketplaceOn` does the same over another server, e.g. test/full-stack.ts;
 * `useStarted` (use-started.ts) starts and closes a server without the marketplace.
 */
export function useTestMarketplace(options: TestCommandApiOptions = {}): { app: TestCommandApi; m: TestMarketplace } {
  return useMarketplaceOn(() => startTestCommandApi(options));
}

export function useMarketplaceOn<App extends MarketplaceHost & { close(): Promise<void> }>(
  start: () => Promise<App>,
): { app: App; m: TestMarketplace } {
  const app = useStarted(start);
  let m: TestMarketplace | undefined;
  beforeAll(async () => { m = await createTestMarketplace(app); });
  return { app, m: standIn('marketplace', () => m) };
}
