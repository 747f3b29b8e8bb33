import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDetails, vendorProfile } from './testing/fixtures.ts';
import { createTestMarketplace, type TestMarketplace } from './testing/marketplace.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

// Bad input never reaches the event store: 422 problem+json naming each failing field, 413 for an
// oversized body, 400 for a body that is not JSON.
describe('input validation over HTTP', () => {
  let app: TestCommandApi;
  let m: TestMarketplace;
  beforeAll(async () => {
    app = await startTestCommandApi();
    m = await createTestMarketplace(app);
  });
  afterAll(async () => { await app.close(); });

  const fieldsOf = (answer: { body: { errors?: { field: string }[] } }) => (answer.body.errors ?? []).map((e) => e.field);

  /** 422 naming `field` (or a field inside it), and nothing appended to the store. */
  async function expect422(path: string, body: unknown, token: string | undefined, field: string, method = 'POST') {
    const headBefore = await app.eventStore.headPosition();
    const answer = await app.api.call(method, path, { body, token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.code).toBe('validation');
    expect(fieldsOf(answer).some((f) => f === field || f.startsWith(`${field}.`)), `${field} in ${fieldsOf(answer)}`).toBe(true);
    expect(await app.eventStore.headPosition()).toBe(headBefore);
    return answer;
  }

  const register = (overrides: Record<string, unknown>) => ({ email: 'new@example.com', password: 'long-enough', fullName: 'New', ...overrides });

  it('refuses an unknown field, naming it, and stores nothing', async () => {
    const answer = await expect422('/api/orders', { productId: m.products.default, price: 1 }, m.customer.token, 'price');
    expect(answer.body.errors).toEqual([{ field: 'price', message: 'Unknown field' }]);
    await expect422('/api/orders/x/approve', { force: true }, m.vendor.token, 'force');
    await expect422('/api/vendor/products', { details: { ...productDetails(), discount: 5 } }, m.vendor.token, 'details.discount');
  });

  it('refuses a missing field and a wrong type', async () => {
    await expect422('/api/orders', {}, m.customer.token, 'productId');
    await expect422('/api/orders', { productId: 42 }, m.customer.token, 'productId');
    await expect422('/api/orders', { productId: m.products.timedService, start: 'tomorrow' }, m.customer.token, 'start');
    await expect422(`/api/orders/x/cancel`, {}, m.customer.token, 'reason');
    await expect422('/api/orders/x/review', { rating: 'five', text: '' }, m.customer.token, 'rating');
    await expect422('/api/orders/x/review', { rating: 6, text: '' }, m.customer.token, 'rating');
    await expect422('/api/vendor/busy-windows', { start: '2030-01-01T10:00:00Z', end: 5 }, m.vendor.token, 'end');
    await expect422('/api/orders/bad%20id/approve', {}, m.vendor.token, 'params.id');
    await expect422('/api/orders', [1, 2], m.customer.token, '(body)');
  });

  it('SPEC §5 good password: at least 8 characters; a number counts as text; empty is refused at registration', async () => {
    await expect422('/api/user/register', register({ password: 'short' }), undefined, 'password');
    await expect422('/api/user/register', register({ password: '' }), undefined, 'password');
    expect((await app.api.post('/api/user/register', register({ email: 'number@example.com', password: 12345678 }))).status).toBe(201);
    await expect422('/api/user/register', register({ email: 'not-an-email' }), undefined, 'email');
  });

  it('SPEC §5 not-exactly-false: only an explicit false refuses the terms box', async () => {
    await expect422('/api/user/register', register({ acceptTerms: false }), undefined, 'acceptTerms');
    expect((await app.api.post('/api/user/register', register({ email: 'terms@example.com', acceptTerms: true }))).status).toBe(201);
  });

  it('SPEC §5 phone: string form (+, not +0, 13 characters) or object form (prefix ≤ 4, number 9 digits)', async () => {
    for (const phone of ['0501234567', '+0501234567890', '+97250123456', '+97250123456a']) {
      await expect422('/api/user/register', register({ phone }), undefined, 'phone');
    }
    await expect422('/api/user/register', register({ phone: { prefix: '972', number: '501234567' } }), undefined, 'phone');
    await expect422('/api/user/register', register({ phone: { prefix: '+97200', number: '501234567' } }), undefined, 'phone');
    await expect422('/api/user/register', register({ phone: { prefix: '+972', number: '50123456' } }), undefined, 'phone');
    expect((await app.api.post('/api/user/register', register({ email: 'p1@example.com', phone: '+972501234567' }))).status).toBe(201);
    expect((await app.api.post('/api/user/register', register({ email: 'p2@example.com', phone: '' }))).status).toBe(201);
    const objectForm = await app.api.post('/api/user/register', register({ email: 'p3@example.com', phone: { prefix: '+972', number: '501234567' } }));
    expect(objectForm.status).toBe(201);
    const [registered] = await app.eventStore.readStream(objectForm.body.streamId);
    expect((registered!.data as { phone: string }).phone).toBe('+972501234567');
  });

  it('SPEC §5 vendor: intro ≤ 100, originLocation ≤ 20, name and languages required, max element count', async () => {
    const base = vendorProfile();
    const check = (profile: unknown, field: string) => expect422('/api/vendor/profile', { profile }, m.vendor.token, field, 'PUT');
    await check({ ...base, intro: { he: 'א'.repeat(101) } }, 'profile.intro.he');
    await check({ ...base, originLocation: { en: 'x'.repeat(21) } }, 'profile.originLocation.en');
    await check({ ...base, intro: {} }, 'profile.intro');
    const { name: _name, ...withoutName } = base;
    await check(withoutName, 'profile.name');
    await check({ ...base, languages: [] }, 'profile.languages');
    await check({ ...base, tagIds: Array.from({ length: 51 }, (_, i) => `tag-${i}`) }, 'profile.tagIds');
    expect((await app.api.put('/api/vendor/profile', { profile: { ...base, intro: { he: 'א'.repeat(100) }, originLocation: { he: 'x'.repeat(20) } } }, m.vendor.token)).status).toBe(200);
  });

  it('SPEC §5 product: introText ≤ 250, integer serviceDuration, name, information, price and currency required', async () => {
    const post = (details: unknown, field: string) => expect422('/api/vendor/products', { details }, m.vendor.token, field);
    const base = productDetails('timedService');
    await post({ ...base, introText: 'x'.repeat(251) }, 'details.introText');
    await post({ ...base, serviceDuration: 1.5 }, 'details.serviceDuration');
    await post({ ...base, serviceDuration: '60' }, 'details.serviceDuration');
    await post({ ...base, information: '' }, 'details.information');
    await post({ ...base, name: {} }, 'details.name');
    await post({ ...base, price: { amountMinor: 100 } }, 'details.price.currency');
    await post({ ...base, price: { amountMinor: 100, currency: 'USD' } }, 'details.price.currency');
    const { price: _price, ...withoutPrice } = base;
    await post(withoutPrice, 'details.price');
  });

  it('SPEC §5 URL-safe string: a content alias must be its own slug', async () => {
    const tag = (alias: string) => ({ fields: { entityType: 'tag', name: { he: 'תג' }, alias, level: 1, order: 0, parentId: null } });
    for (const alias of ['Not Safe', 'trailing-', 'double--hyphen', 'x'.repeat(201)]) {
      await expect422('/api/admin/entity/tag', tag(alias), m.admin.token, 'fields.alias');
    }
    await expect422('/api/admin/entity/brand', tag('fine'), m.admin.token, 'entityType');
  });

  it('refuses an oversized body with 413 and malformed JSON with 400, both as problem+json', async () => {
    const big = await app.api.call('POST', '/api/orders', { token: m.customer.token, rawBody: JSON.stringify({ productId: m.products.default, notes: 'x'.repeat(200_000) }) });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toContain('application/problem+json');
    expect(big.body.code).toBe('payload-too-large');
    const malformed = await app.api.call('POST', '/api/orders', { token: m.customer.token, rawBody: '{"productId":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('bad-request');
  });
});
