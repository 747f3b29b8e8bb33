import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { createTestMarketplace, type TestMarketplace } from './testing/marketplace.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

describe('Idempotency-Key over HTTP', () => {
  let app: TestCommandApi;
  let m: TestMarketplace;
  beforeAll(async () => {
    app = await startTestCommandApi();
    m = await createTestMarketplace(app);
  });
  afterAll(async () => { await app.close(); });

  const domainEventsOf = async (type: string) => (await app.eventStore.readAll()).filter((e) => e.type === type);
  const withKey = (key: string) => ({ 'idempotency-key': key });

  it('a retried order answers the first result and appends nothing new', async () => {
    const body = { productId: m.products.default, notes: 'Please bring a violin' };
    const first = await app.api.post('/api/orders', body, m.customer.token, withKey('order-attempt-1'));
    expect(first.status).toBe(201);
    const placedBefore = (await domainEventsOf('OrderPlaced')).length;
    const head = await app.eventStore.headPosition();

    const retry = await app.api.post('/api/orders', body, m.customer.token, withKey('order-attempt-1'));
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await app.eventStore.headPosition()).toBe(head);
    expect((await domainEventsOf('OrderPlaced')).length).toBe(placedBefore);
  });

  it('concurrent duplicates execute once and all answer the same order', async () => {
    const before = (await domainEventsOf('OrderPlaced')).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () =>
      app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('burst-key'))));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await domainEventsOf('OrderPlaced')).length).toBe(before + 1);
  });

  it('a retried payment charges once and records one OrderPaid', async () => {
    const orderId = (await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
    const pay = () => app.api.post(`/api/orders/${orderId}/pay`, { cardNumber: SANDBOX_CARDS.accepted }, m.customer.token, withKey(`pay-${orderId}`));
    const first = await pay();
    const second = await pay();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(app.gateway.payments().filter((p) => p.orderId === orderId)).toHaveLength(1);
    expect((await app.eventStore.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
  });

  it('replays a refusal too, and keeps keys apart per user', async () => {
    const refused = await app.api.post('/api/orders', { productId: m.products.default }, m.vendor.token, withKey('shared-key'));
    expect(refused.status).toBe(403);
    const replay = await app.api.post('/api/orders', { productId: m.products.default }, m.vendor.token, withKey('shared-key'));
    expect(replay.status).toBe(403);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toContain('application/problem+json');
    const otherUser = await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('shared-key'));
    expect(otherUser.status).toBe(201);
  });

  it('never stores a token: sign-in and artist registration ignore the key', async () => {
    const { registerAndSignIn } = await import('./client/accounts.ts');
    const { vendorProfile } = await import('./testing/fixtures.ts');
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'artist-key@example.com' });
    await app.api.post('/api/token/jwt', { email: user.email, password: user.password }, undefined, withKey('login-key'));
    const registered = await app.api.post('/api/artists/register', { profile: vendorProfile('Keyed') }, user.token, withKey('artist-key'));
    expect(registered.status).toBe(201);
    const retry = await app.api.post('/api/artists/register', { profile: vendorProfile('Keyed') }, user.token, withKey('artist-key'));
    expect(retry.status).toBe(409);
    const everything = JSON.stringify(await app.eventStore.readAll());
    expect(everything).not.toContain(registered.body.token);
    expect(everything).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  it('refuses the same key for a different request (422) and a malformed key (422)', async () => {
    await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('reused-key'));
    const different = await app.api.post('/api/orders', { productId: m.products.contractService }, m.customer.token, withKey('reused-key'));
    expect(different.status).toBe(422);
    expect(different.body.code).toBe('idempotency.key-reused');
    const malformed = await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token, withKey('has space'));
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].field).toBe('Idempotency-Key');
  });
});
