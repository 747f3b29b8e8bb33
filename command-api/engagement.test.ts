import { describe, expect, it } from 'vitest';
import { useTestMarketplace } from './testing/marketplace.ts';
import { productDetails, vendorProfile } from './testing/fixtures.ts';

describe('favorites, conversations, contracts, vendors, products, admin records and tracking over HTTP', () => {
  const { app, m } = useTestMarketplace();

  const typesOf = async (streamId: string) => (await app.eventStore.readStream(streamId)).map((e) => e.type);

  it('adds and removes a favorite vendor (idempotent both ways); 404 for an unknown vendor', async () => {
    const path = `/api/artists/vendor/${m.vendor.vendorId}/favored/by-user`;
    expect((await app.api.post(path, undefined, m.customer.token)).status).toBe(200);
    expect((await app.api.post(path, undefined, m.customer.token)).status).toBe(200);
    expect((await app.api.delete(path, m.customer.token)).status).toBe(200);
    expect(await typesOf(`favorites-${m.customer.userId}`)).toEqual(['VendorFavorited', 'VendorUnfavorited']);
    expect((await app.api.post('/api/artists/vendor/nope/favored/by-user', undefined, m.customer.token)).status).toBe(404);
    expect((await app.api.post(path)).status).toBe(401);
    expect((await app.api.post(`/api/store/product/${m.products.default}/favored/by-user`, undefined, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`${path}/toggle`, undefined, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`${path}/toggle`, undefined, m.customer.token)).status).toBe(200);
    expect((await typesOf(`favorites-${m.customer.userId}`)).slice(-2)).toEqual(['VendorFavorited', 'VendorUnfavorited']);
  });

  it('opens one conversation per customer and vendor, posts on both sides, marks read; strangers 403', async () => {
    const opened = await app.api.post('/api/conversations', { vendorId: m.vendor.vendorId, text: 'Are you free in June?' }, m.customer.token);
    expect(opened.status).toBe(201);
    const again = await app.api.post('/api/conversations', { vendorId: m.vendor.vendorId }, m.customer.token);
    expect(again.body.id).toBe(opened.body.id);
    const reply = await app.api.post(`/api/conversations/${opened.body.id}/messages`, { text: 'Yes!' }, m.vendor.token);
    expect(reply.status).toBe(201);
    expect((await app.api.post(`/api/conversations/${opened.body.id}/read`, { upToMessageId: reply.body.messageId }, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`/api/conversations/${opened.body.id}/messages`, { text: 'Hi' }, m.otherVendor.token)).status).toBe(403);
    expect(await typesOf(`conversation-${opened.body.id}`)).toEqual(['ConversationOpened', 'MessagePosted', 'MessagePosted', 'ConversationRead']);
  });

  it('drafts, revises, sends and signs a contract by both parties; the other vendor may not draft for this vendor', async () => {
    const terms = { title: 'Wedding show', terms: 'Two sets of 45 minutes.', price: { amountMinor: 500000, currency: 'ILS' } };
    expect((await app.api.post('/api/contracts', { ...terms, customerId: m.customer.userId, vendorId: m.vendor.vendorId }, m.otherVendor.token)).status).toBe(403);
    const drafted = await app.api.post('/api/contracts', { ...terms, customerId: m.customer.userId }, m.vendor.token);
    expect(drafted.status).toBe(201);
    const id = drafted.body.id;
    expect((await app.api.put(`/api/contracts/${id}`, { ...terms, terms: 'Three sets.' }, m.vendor.token)).status).toBe(200);
    const signature = (fullName: string) => ({ fullName, agree: true });
    expect((await app.api.post(`/api/contracts/${id}/sign`, signature('Dana Levi'), m.customer.token)).status).toBe(409);
    expect((await app.api.post(`/api/contracts/${id}/send`, undefined, m.vendor.token)).status).toBe(200);
    expect((await app.api.post(`/api/contracts/${id}/sign`, signature('Dana Levi'), m.customer.token)).status).toBe(200);
    expect((await app.api.post(`/api/contracts/${id}/sign`, signature(' Noa Cohen '), m.vendor.token)).status).toBe(200);
    expect(await typesOf(`contract-${id}`)).toEqual(['ContractDrafted', 'ContractRevised', 'ContractSent', 'ContractSigned', 'ContractSigned', 'ContractFullySigned']);
    const signatures = (await app.eventStore.readStream(`contract-${id}`)).filter((e) => e.type === 'ContractSigned').map((e) => (e.data as { signatureName: string }).signatureName);
    expect(signatures).toEqual(['Dana Levi', 'Noa Cohen']);
    expect((await app.api.post(`/api/contracts/${id}/cancel`, { reason: 'No' }, m.customer.token)).status).toBe(403);
  });

  it('a signature needs the typed full name and "I agree"; a contract names only its vendor\'s own contractService product', async () => {
    const terms = { title: 'Bar mitzvah', terms: 'One set.', price: { amountMinor: 250000, currency: 'ILS' }, customerId: m.customer.userId };
    const drafted = await app.api.post('/api/contracts', { ...terms, productId: m.products.contractService }, m.vendor.token);
    expect(drafted.status).toBe(201);
    const [first] = await app.eventStore.readStream(`contract-${drafted.body.id}`);
    expect(first?.data).toMatchObject({ productId: m.products.contractService });
    await app.api.post(`/api/contracts/${drafted.body.id}/send`, undefined, m.vendor.token);
    for (const body of [undefined, { fullName: '  ', agree: true }, { fullName: 'Dana Levi', agree: false }, { fullName: 'Dana Levi' }]) {
      const refused = await app.api.post(`/api/contracts/${drafted.body.id}/sign`, body, m.customer.token);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.length).toBeGreaterThan(0);
    }
    const refusedFields = async (productId: string) => {
      const answer = await app.api.post('/api/contracts', { ...terms, productId }, m.vendor.token);
      return [answer.status, answer.body.errors?.map((error: { field: string }) => error.field)];
    };
    const othersProduct = await app.api.post('/api/vendor/products', { details: productDetails('contractService') }, m.otherVendor.token);
    expect(await refusedFields(othersProduct.body.id)).toEqual([422, ['productId']]);
    expect(await refusedFields(m.products.timedService)).toEqual([422, ['productId']]);
    expect(await refusedFields('no-such-product')).toEqual([422, ['productId']]);
  });

  it('a vendor manages only its own products and profile; an admin manages any', async () => {
    const productId = m.products.default;
    expect((await app.api.put(`/api/vendor/products/${productId}`, { details: productDetails('default', 900) }, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.put(`/api/vendor/products/${productId}`, { vendorId: m.vendor.vendorId, details: productDetails('default', 900) }, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.put(`/api/vendor/products/${productId}`, { details: productDetails('default', 900) }, m.vendor.token)).status).toBe(200);
    expect((await app.api.put(`/api/vendor/products/${productId}`, { vendorId: m.vendor.vendorId, details: productDetails('default', 950) }, m.admin.token)).status).toBe(200);
    expect((await app.api.post('/api/vendor/products', { details: productDetails() }, m.customer.token)).status).toBe(403);
    expect((await app.api.put('/api/vendor/profile', { vendorId: m.vendor.vendorId, profile: vendorProfile('Hijack') }, m.otherVendor.token)).status).toBe(403);
    const removed = await app.api.call('DELETE', `/api/vendor/products/${productId}?vendorId=${m.vendor.vendorId}`, { token: m.admin.token });
    expect(removed.status).toBe(200);
    expect((await app.api.post('/api/orders', { productId }, m.customer.token)).status).toBe(404);
  });

  it('artist registration gives the user a vendor and a token that carries it; a second one is refused', async () => {
    const current = await app.api.get('/api/user/current', m.vendor.token);
    expect(current.body.Vendor).toEqual({ id: m.vendor.vendorId });
    const again = await app.api.post('/api/artists/register', { profile: vendorProfile('Second') }, m.vendor.token);
    expect(again.status).toBe(409);
  });

  it('admin routes need an admin (403 otherwise); admins create vendors, content, geo locations, config, languages and ACL rules', async () => {
    const tag = { fields: { entityType: 'tag', name: { he: 'זמרים', en: 'Singers' }, alias: 'singers', level: 1, order: 1, parentId: null } };
    expect((await app.api.post('/api/admin/entity/tag', tag, m.vendor.token)).status).toBe(403);
    expect((await app.api.post('/api/admin/entity/tag', tag)).status).toBe(401);
    const created = await app.api.post('/api/admin/entity/tag', { id: 'singers', ...tag }, m.admin.token);
    expect(created.status).toBe(201);
    expect(created.body.streamId).toBe('tag-singers');
    expect((await app.api.post('/api/admin/entity/tag', { id: 'singers', ...tag }, m.admin.token)).status).toBe(409);
    expect((await app.api.put('/api/admin/entity/tag/singers', { fields: { ...tag.fields, order: 2 } }, m.admin.token)).status).toBe(200);
    expect((await app.api.delete('/api/admin/entity/tag/singers', m.admin.token)).status).toBe(200);

    const vendor = await app.api.post('/api/admin/vendors', { profile: vendorProfile('Admin made') }, m.admin.token);
    expect(vendor.status).toBe(201);
    expect((await app.api.post('/api/admin/vendors', { profile: vendorProfile('x') }, m.vendor.token)).status).toBe(403);
    expect((await app.api.put(`/api/admin/vendors/${vendor.body.id}`, { profile: vendorProfile('Renamed') }, m.admin.token)).status).toBe(200);

    const geo = await app.api.post('/api/admin/geo-locations', { fields: { name: { he: 'חיפה', en: 'Haifa' }, parentId: null } }, m.admin.token);
    expect(geo.status).toBe(201);
    expect((await app.api.put('/api/admin/config/support.whatsapp', { value: '+972501234567' }, m.admin.token)).status).toBe(200);
    expect((await app.api.put('/api/admin/languages/ru', { name: { en: 'Russian' }, enabled: true }, m.admin.token)).status).toBe(200);
    const rule = await app.api.post('/api/admin/acl', { rule: { asset: 'order', action: 'list', level: 'all', role: 'admin', public: true } }, m.admin.token);
    expect(rule.status).toBe(201);
    expect(await typesOf(`acl-${rule.body.id}`)).toEqual(['AclRuleSet']);
  });

  it('counts a tracking hit from a guest with an empty body', async () => {
    const hit = await app.api.post('/api/tracking/source/hit/newsletter');
    expect(hit.status).toBe(200);
    expect(hit.body.streamId).toBe('tracking-newsletter');
    expect((await app.api.post('/api/tracking/source/hit/bad source')).status).toBe(422);
  });

  it('busy windows: a vendor acts on its own calendar only; an admin names the vendor', async () => {
    const window = { start: '2031-05-01T10:00:00Z', end: '2031-05-01T12:00:00Z' };
    expect((await app.api.post('/api/vendor/busy-windows', { ...window, vendorId: m.otherVendor.vendorId }, m.vendor.token)).status).toBe(403);
    expect((await app.api.post('/api/vendor/busy-windows', window, m.customer.token)).status).toBe(403);
    const byAdmin = await app.api.post('/api/vendor/busy-windows', { ...window, vendorId: m.vendor.vendorId }, m.admin.token);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.streamId).toBe(`calendar-${m.vendor.vendorId}`);
    expect((await app.api.post('/api/vendor/busy-windows', window, m.vendor.token)).body.code).toBe('calendar.overlap');
  });
});
