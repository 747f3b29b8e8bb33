import { describe, expect, it } from 'vitest';
import { productDetails, vendorProfile } from './testing/fixtures.ts';
import { useTestMarketplace } from './testing/marketplace.ts';

// Bad input never reaches the event store: 422 problem+json naming each failing field, 413 for an
// oversized body, 400 for a body that is not JSON.
describe('input validation over HTTP', () => {
  const { app, m } = useTestMarketplace();

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
    // A start whose slot would end past year 9999 (or past the booking horizon) is 422, not 500.
    await expect422('/api/orders', { productId: m.products.timedService, start: '9999-12-31T23:00:00Z' }, m.customer.token, 'start');
    await expect422('/api/orders', { productId: m.products.timedService, start: new Date(Date.now() + 11 * 366 * 86_400_000).toISOString() }, m.customer.token, 'start');
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

  it('SPEC §5 phone: string form (+, not +0, 13 characters) or object form (prefix ≤ 4, number 9 digits), and the local forms people type', async () => {
    for (const phone of ['050-123-456', 'not a phone', '+0501234567890', '+97250123456', '+97250123456a']) {
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
    // As people type them in Israel: stored in E.164 (a landline is 12 characters).
    for (const [index, [typed, stored]] of [['050-123-4567', '+972501234567'], ['(02) 123-4567', '+97221234567'], ['+44 20 7946 0958', '+442079460958']].entries()) {
      const local = await app.api.post('/api/user/register', register({ email: `local${index}@example.com`, phone: typed }));
      expect(local.status, typed).toBe(201);
      const [event] = await app.eventStore.readStream(local.body.streamId);
      expect((event!.data as { phone: string }).phone).toBe(stored);
    }
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

  it('a vendor lists only enabled languages of the marketplace: 422 naming the code, on every vendor write', async () => {
    const base = vendorProfile();
    const bad = { ...base, languages: ['he', 'Klingon!!'] };
    await expect422('/api/vendor/profile', { profile: bad }, m.vendor.token, 'profile.languages.1', 'PUT');
    await expect422(`/api/admin/vendors/${m.vendor.vendorId}`, { profile: { ...base, languages: ['xx'] } }, m.admin.token, 'profile.languages.0', 'PUT');
    await expect422('/api/admin/vendors', { profile: bad }, m.admin.token, 'profile.languages.1');
    const { registerAndSignIn } = await import('./client/accounts.ts');
    const newcomer = await registerAndSignIn(app.api, app.mailer, { email: 'lang-artist@example.com' });
    await expect422('/api/artists/register', { profile: { ...base, languages: ['en', 'zz-Fake'] } }, newcomer.token, 'profile.languages.1');

    // An admin adds Russian: vendors may list it; once disabled, a vendor listing it keeps it, nobody new adds it.
    expect((await app.api.put('/api/admin/languages/ru', { name: { he: 'רוסית', en: 'Russian' }, enabled: true }, m.admin.token)).status).toBe(200);
    expect((await app.api.put('/api/vendor/profile', { profile: { ...base, languages: ['he', 'ru'] } }, m.vendor.token)).status).toBe(200);
    expect((await app.api.put('/api/admin/languages/ru', { name: { he: 'רוסית', en: 'Russian' }, enabled: false }, m.admin.token)).status).toBe(200);
    expect((await app.api.put('/api/vendor/profile', { profile: { ...base, intro: { en: 'Still here' }, languages: ['he', 'ru'] } }, m.vendor.token)).status).toBe(200);
    await expect422('/api/vendor/profile', { profile: { ...base, languages: ['ru'] } }, m.otherVendor.token, 'profile.languages.0', 'PUT');
  });

  it('SPEC §5 product: introText ≤ 250, integer serviceDuration, name, information, price and currency required', async () => {
    const post = (details: unknown, field: string) => expect422('/api/vendor/products', { details }, m.vendor.token, field);
    const base = productDetails('timedService');
    await post({ ...base, introText: 'x'.repeat(251) }, 'details.introText.en');
    await post({ ...base, introText: { he: 'ש'.repeat(251), en: 'Fine' } }, 'details.introText.he');
    await post({ ...base, introText: { he: ' ', en: '' } }, 'details.introText');
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

  it('takes only http(s) media URLs or paths on this site: vendor images and audio, product images, article images', async () => {
    const base = vendorProfile();
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'relative/image.png', '//evil.example/x.png', 'java\nscript:alert(1)', 'https://user:secret@example.com/x.png', 'ftp://example.com/x.png']) {
      await expect422('/api/vendor/profile', { profile: { ...base, heroImageUrl: url } }, m.vendor.token, 'profile.heroImageUrl', 'PUT');
    }
    await expect422('/api/vendor/profile', { profile: { ...base, logoImageUrl: 'javascript:alert(1)' } }, m.vendor.token, 'profile.logoImageUrl', 'PUT');
    await expect422('/api/vendor/profile', { profile: { ...base, images: [{ url: 'https://example.com/ok.jpg' }, { url: 'javascript:alert(1)' }] } }, m.vendor.token, 'profile.images.1.url', 'PUT');
    await expect422('/api/vendor/profile', { profile: { ...base, audio: [{ url: 'data:audio/mp3;base64,AAAA' }] } }, m.vendor.token, 'profile.audio.0.url', 'PUT');
    await expect422('/api/vendor/products', { details: { ...productDetails(), introImage: 'javascript:alert(1)' } }, m.vendor.token, 'details.introImage');
    await expect422('/api/vendor/products', { details: { ...productDetails(), images: [{ url: 'vbscript:x' }] } }, m.vendor.token, 'details.images.0.url');
    const article = { entityType: 'article', title: { en: 'T' }, alias: 'media-check', body: { en: 'B' }, kind: 'blog', categoryId: null, imageUrl: 'javascript:alert(1)', publishedAt: '2026-01-01T00:00:00Z' };
    await expect422('/api/admin/entity/article', { fields: article }, m.admin.token, 'fields.imageUrl');
    const fine = { ...base, heroImageUrl: 'https://cdn.example.com/hero.jpg', logoImageUrl: 'http://cdn.example.com/logo.png', images: [{ url: 'https://cdn.example.com/a.jpg', description: '' }] };
    expect((await app.api.put('/api/vendor/profile', { profile: fine }, m.vendor.token)).status).toBe(200);
  });

  it('refuses a body that is not UTF-8 or holds lone surrogates with 400, and an unsupported charset with 415', async () => {
    const send = (body: BodyInit, contentType = 'application/json') => fetch(`${app.api.baseUrl}/api/orders`, {
      method: 'POST', body, headers: { 'content-type': contentType, authorization: `Bearer ${m.customer.token}` },
    });
    const headBefore = await app.eventStore.headPosition();
    const latin1 = Buffer.concat([Buffer.from(`{"productId":"${m.products.default}","notes":"caf`), Buffer.from([0xe9]), Buffer.from('"}')]);
    const invalidUtf8 = await send(latin1);
    expect(invalidUtf8.status).toBe(400);
    expect(invalidUtf8.headers.get('content-type')).toContain('application/problem+json');
    expect(await invalidUtf8.json()).toMatchObject({ code: 'bad-request', detail: 'The body is not valid UTF-8.' });
    const surrogate = await send(`{"productId":"${m.products.default}","notes":"\\ud800 alone"}`);
    expect(surrogate.status).toBe(400);
    expect((await surrogate.json()).detail).toContain('lone surrogates');
    const surrogateKey = await send(`{"productId":"${m.products.default}","\\udfff":1}`);
    expect(surrogateKey.status).toBe(400);
    const charset = await send(latin1, 'application/json; charset=latin1');
    expect(charset.status).toBe(415);
    expect(charset.headers.get('content-type')).toContain('application/problem+json');
    expect(await app.eventStore.headPosition()).toBe(headBefore);
    const paired = await send(JSON.stringify({ productId: m.products.default, notes: 'a well-formed pair 🎻 and café' }));
    expect(paired.status).toBe(201);
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
