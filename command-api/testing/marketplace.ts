import { afterAll, beforeAll } from 'vitest';
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

export async function createTestMarketplace(app: TestCommandApi): Promise<TestMarketplace> {
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
 * beforeAll, so they are read inside tests only (each property read goes to the started one).
 */
export function useTestMarketplace(options: TestCommandApiOptions = {}): { app: TestCommandApi; m: TestMarketplace } {
  let started: { app: TestCommandApi; m: TestMarketplace } | undefined;
  beforeAll(async () => {
    const app = await startTestCommandApi(options);
    started = { app, m: await createTestMarketplace(app) };
  });
  afterAll(async () => { await started?.app.close(); });
  const standIn = <K extends 'app' | 'm'>(key: K) => new Proxy({} as { app: TestCommandApi; m: TestMarketplace }[K], {
    get: (_target, property) => {
      if (!started) throw new Error(`useTestMarketplace: ${key} is read before its beforeAll ran (read it inside a test)`);
      return Reflect.get(started[key], property);
    },
  });
  return { app: standIn('app'), m: standIn('m') };
}
