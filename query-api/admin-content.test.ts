import { beforeAll, describe, expect, it } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, registerVendor, signIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { vendorProfile } from '../command-api/testing/fixtures.ts';
import { grantUserRoles } from '../command-api/system-commands.ts';
import { startFullStack } from '../test/full-stack.ts';

// The admin content and settings screens' API: content of every type with all fields for
// the editors, service contract templates, typed configuration entries, access rules and languages
// one at a time (minRevision), source tracking per day and phone number dispenses for super users.
describe('admin content and settings over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let plainAdmin: SignedInUser;

  beforeAll(async () => {
    // An admin outside the superUsers group.
    const user = await registerAndSignIn(stack.api, stack.mailer, { email: 'plain-admin@example.com' });
    await grantUserRoles({ eventStore: stack.eventStore }, user.userId, ['admin'], []);
    plainAdmin = { ...user, ...(await signIn(stack.api, user.email, user.password)) };
  });

  it('creates, lists, reads and updates a service contract template; the list leaves the long text out', async () => {
    const admin = market.admin.token;
    const fields = {
      entityType: 'serviceContract', title: { he: 'הופעה בחתונה', en: 'Wedding show' }, alias: 'wedding-show',
      text: { he: 'שני סטים של 45 דקות.', en: 'Two sets of 45 minutes.' }, price: { amountMinor: 350_000, currency: 'ILS' },
    };
    const created = await stack.api.post('/api/admin/entity/serviceContract', { fields }, admin);
    expect(created.status).toBe(201);
    expect(created.body.streamId).toBe(`serviceContract-${created.body.id}`);
    const one = await stack.api.get(`/api/admin/entity/serviceContract/${created.body.id}?minRevision=${created.body.revision}`, admin);
    expect(one.status).toBe(200);
    const { entityType: _type, ...shown } = fields;
    expect(one.body).toMatchObject({ id: created.body.id, ...shown });

    const list = await stack.api.get('/api/admin/entity/serviceContract?text=WEDDING', admin);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, alias: 'wedding-show', price: fields.price });
    expect(list.body.items[0]).not.toHaveProperty('text');
    expect((await stack.api.get('/api/admin/entity/serviceContract?text=bar-mitzvah', admin)).body.total).toBe(0);

    const badAlias = await stack.api.put(`/api/admin/entity/serviceContract/${created.body.id}`, { fields: { ...fields, alias: 'Wedding Show' } }, admin);
    expect(badAlias.status).toBe(422);
    expect(badAlias.body.errors.map((e: { field: string }) => e.field)).toContain('fields.alias');
    const updated = await stack.api.put(`/api/admin/entity/serviceContract/${created.body.id}`, { fields: { ...fields, price: { amountMinor: 400_000, currency: 'ILS' } } }, admin);
    expect(updated.status).toBe(200);
    const after = await stack.api.get(`/api/admin/entity/serviceContract/${created.body.id}?minRevision=${updated.body.revision}`, admin);
    expect(after.body.price.amountMinor).toBe(400_000);

    expect((await stack.api.get('/api/admin/entity/serviceContract', market.customer.token)).status).toBe(403);
    expect((await stack.api.get(`/api/admin/entity/serviceContract/${created.body.id}`, market.vendor.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/entity/category/no-such-category', admin)).status).toBe(404);
  });

  it('lists articles not yet published to admins only, with their body on the entity read', async () => {
    const admin = market.admin.token;
    const fields = { entityType: 'article', title: { en: 'Coming soon' }, alias: 'coming-soon', body: { en: '<p>Soon.</p>' }, kind: 'blog', categoryId: null, publishedAt: '2099-01-01T00:00:00.000Z' };
    const created = await stack.api.post('/api/admin/entity/article', { id: 'coming-soon', fields }, admin);
    expect(created.status).toBe(201);
    const one = await stack.api.get(`/api/admin/entity/article/coming-soon?minRevision=${created.body.revision}`, admin);
    expect(one.body).toMatchObject({ id: 'coming-soon', body: { en: '<p>Soon.</p>' }, publishedAt: '2099-01-01T00:00:00.000Z' });
    const adminList = await stack.api.get('/api/admin/entity/article?text=coming', admin);
    expect(adminList.body.items.map((item: { id: string }) => item.id)).toEqual(['coming-soon']);
    expect(adminList.body.items[0]).not.toHaveProperty('body');
    const publicList = await stack.api.get('/api/entity/article');
    expect(publicList.body.items.map((item: { id: string }) => item.id)).not.toContain('coming-soon');
  });

  it('sets typed configuration entries, refusing values not of their type with the field named', async () => {
    const admin = market.admin.token;
    const set = await stack.api.put('/api/admin/config/booking.leadDays', { value: '3', valueType: 'number' }, admin);
    expect(set.status).toBe(200);
    const entry = await stack.api.get(`/api/admin/config/booking.leadDays?minRevision=${set.body.revision}`, admin);
    expect(entry.body).toMatchObject({ key: 'booking.leadDays', value: '3', valueType: 'number' });
    for (const [value, valueType] of [['three', 'number'], ['yes', 'boolean'], ['{"a":', 'json']]) {
      const refused = await stack.api.put('/api/admin/config/booking.leadDays', { value, valueType }, admin);
      expect(refused.status, `${valueType} ${value}`).toBe(422);
      expect(refused.body.errors).toEqual([{ field: 'value', message: expect.any(String) }]);
    }
    const badPhone = await stack.api.put('/api/admin/config/support.whatsapp', { value: '050-12345' }, admin);
    expect(badPhone.status).toBe(422);
    expect(badPhone.body.errors[0].field).toBe('value');
    // Typed as dialled in Israel, stored in E.164.
    const phone = await stack.api.put('/api/admin/config/support.whatsapp', { value: '050-111-2222' }, admin);
    expect(phone.status).toBe(200);
    const untyped = await stack.api.get(`/api/admin/config/support.whatsapp?minRevision=${phone.body.revision}`, admin);
    expect(untyped.body).toMatchObject({ value: '+972501112222', valueType: 'string' });
    expect((await stack.api.get('/api/admin/config/no.such.key', admin)).status).toBe(404);
    expect((await stack.api.get('/api/admin/config/booking.leadDays', market.customer.token)).status).toBe(403);
  });

  it('lists every access rule to admins and reads one, then forgets a deleted one', async () => {
    const admin = market.admin.token;
    const created = await stack.api.post('/api/admin/acl', { rule: { asset: 'tracking', action: 'read', level: 'all', group: 'superUsers', public: false } }, admin);
    expect(created.status).toBe(201);
    const one = await stack.api.get(`/api/admin/acl/${created.body.id}?minRevision=${created.body.revision}`, admin);
    expect(one.body).toMatchObject({ ruleId: created.body.id, asset: 'tracking', action: 'read', group: 'superUsers', role: null, public: false });
    const list = await stack.api.get('/api/admin/acl?asset=TRACK', admin);
    expect(list.body.items.map((rule: { ruleId: string }) => rule.ruleId)).toEqual([created.body.id]);
    expect((await stack.api.get('/api/acl/public')).body.items.map((rule: { ruleId: string }) => rule.ruleId)).not.toContain(created.body.id);
    const deleted = await stack.api.delete(`/api/admin/acl/${created.body.id}`, admin);
    expect(deleted.status).toBe(200);
    expect((await stack.api.get(`/api/admin/acl/${created.body.id}?minRevision=${deleted.body.revision}`, admin)).status).toBe(404);
    expect((await stack.api.get('/api/admin/acl', market.vendor.token)).status).toBe(403);
  });

  it('reads one language entry, disabled ones too', async () => {
    const admin = market.admin.token;
    const set = await stack.api.put('/api/admin/languages/yi', { name: { he: 'יידיש', en: 'Yiddish' }, enabled: false }, admin);
    expect(set.status).toBe(200);
    const one = await stack.api.get(`/api/admin/languages/yi?minRevision=${set.body.revision}`, admin);
    expect(one.body).toMatchObject({ code: 'yi', name: { en: 'Yiddish' }, enabled: false });
    expect((await stack.api.get('/api/admin/languages/yi', market.customer.token)).status).toBe(403);
  });

  it('reports hits per utm_source per day to super users only', async () => {
    for (const source of ['newsletter', 'newsletter', 'facebook']) {
      expect((await stack.api.post(`/api/tracking/source/hit/${source}`, {})).status).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    let report = await stack.api.get('/api/admin/tracking/sources', market.admin.token);
    // The views count the hits a moment later: 20 s at the most (not 2.5 s, which a loaded machine can take).
    for (let attempt = 0; attempt < 400 && report.body.hits < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      report = await stack.api.get(`/api/admin/tracking/sources?to=${today}`, market.admin.token);
    }
    expect(report.status).toBe(200);
    expect(report.body.days).toHaveLength(30);
    expect(report.body.days.at(-1)).toBe(today);
    expect(report.body.items).toEqual([
      expect.objectContaining({ source: 'newsletter', hits: 2, byDay: { [today]: 2 }, totalHits: 2 }),
      expect.objectContaining({ source: 'facebook', hits: 1, byDay: { [today]: 1 } }),
    ]);
    const before = await stack.api.get('/api/admin/tracking/sources?from=2020-01-01&to=2020-01-31', market.admin.token);
    expect(before.body).toMatchObject({ from: '2020-01-01', to: '2020-01-31', items: [], hits: 0 });
    expect((await stack.api.get('/api/admin/tracking/sources?from=2020-02-01&to=2020-01-01', market.admin.token)).status).toBe(422);
    expect((await stack.api.get('/api/admin/tracking/sources?from=2020-01-01&to=2022-01-01', market.admin.token)).status).toBe(422);
    expect((await stack.api.get('/api/admin/tracking/sources?from=2020-13-45', market.admin.token)).status).toBe(422);
    expect((await stack.api.get('/api/admin/tracking/sources', plainAdmin.token)).status).toBe(403);
  });

  it("dispenses an artist's number for a visitor's name and phone, lists it to super users, and deletes it", async () => {
    const artist = await registerVendor(stack.api, stack.mailer, 'artist-with-phone@example.com', vendorProfile('Phone Band'));
    expect((await stack.api.put('/api/user/profile', { fullName: 'Phone Band Owner', phone: '+972521234567', locale: 'he-IL' }, artist.token)).status).toBe(200);

    const guest = await stack.api.post(`/api/artists/vendor/${artist.vendorId}/phone-number`, { fullName: 'Dana Levi', phoneNumber: { prefix: '+972', number: '501234567' } });
    expect(guest.status).toBe(201);
    expect(guest.body).toMatchObject({ streamId: `phoneNumberDispense-${guest.body.id}`, dispensedNumber: '+972521234567' });
    const noPhone = await stack.api.post(`/api/artists/vendor/${market.vendor.vendorId}/phone-number`, { fullName: 'Avi Cohen', phoneNumber: '+972541112222' }, market.customer.token);
    expect(noPhone.status).toBe(201);
    expect(noPhone.body.dispensedNumber).toBeNull();

    const refused = await stack.api.post(`/api/artists/vendor/${artist.vendorId}/phone-number`, { fullName: 'D', phoneNumber: '050-123' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['fullName', 'phoneNumber']);
    expect((await stack.api.post('/api/artists/vendor/no-such-vendor/phone-number', { fullName: 'Dana Levi', phoneNumber: '+972501234567' })).status).toBe(404);

    let list = await stack.api.get('/api/admin/phone-number-dispenses', market.admin.token);
    for (let attempt = 0; attempt < 400 && list.body.total < 2; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      list = await stack.api.get('/api/admin/phone-number-dispenses', market.admin.token);
    }
    expect(list.body.total).toBe(2);
    const dana = list.body.items.find((item: { fullName: string }) => item.fullName === 'Dana Levi');
    expect(dana).toMatchObject({ vendorId: artist.vendorId, vendorName: { he: expect.any(String) }, phoneNumber: '+972501234567', userId: null, dispensedNumber: '+972521234567' });
    expect(dana).not.toHaveProperty('customerName');
    const avi = list.body.items.find((item: { fullName: string }) => item.fullName === 'Avi Cohen');
    expect(avi.userId).toBe(market.customer.userId);
    expect((await stack.api.get(`/api/admin/phone-number-dispenses?vendorId=${artist.vendorId}`, market.admin.token)).body.total).toBe(1);
    expect((await stack.api.get('/api/admin/phone-number-dispenses?text=avi', market.admin.token)).body.items.map((item: { fullName: string }) => item.fullName)).toEqual(['Avi Cohen']);

    const one = await stack.api.get(`/api/admin/phone-number-dispenses/${dana.id}?minRevision=0`, market.admin.token);
    expect(one.body).toEqual(dana);
    expect((await stack.api.get(`/api/admin/phone-number-dispenses/${dana.id}`, plainAdmin.token)).status).toBe(403);
    expect((await stack.api.get('/api/admin/phone-number-dispenses', plainAdmin.token)).status).toBe(403);
    expect((await stack.api.delete(`/api/admin/phone-number-dispenses/${dana.id}`, plainAdmin.token)).status).toBe(403);
    const deleted = await stack.api.delete(`/api/admin/phone-number-dispenses/${dana.id}`, market.admin.token);
    expect(deleted.status).toBe(200);
    expect((await stack.api.get(`/api/admin/phone-number-dispenses/${dana.id}?minRevision=${deleted.body.revision}`, market.admin.token)).status).toBe(404);
    expect((await stack.api.delete(`/api/admin/phone-number-dispenses/${dana.id}`, market.admin.token)).status).toBe(404);
  });
});
