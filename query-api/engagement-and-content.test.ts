import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';

// Conversations, contracts, content and reference data: written through the command API, read back
// through the query API with the right visibility.
const eventually = (assertion: () => unknown | Promise<unknown>) => vi.waitFor(assertion, { timeout: 10_000, interval: 25 });

describe('conversations, contracts, content and reference reads over HTTP', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  let stranger: SignedInUser;

  beforeAll(async () => {
    stranger = await registerAndSignIn(stack.api, stack.mailer, { email: 'stranger2@example.com' });
  });

  it('shows a conversation and its messages to both sides only', async () => {
    const opened = await stack.api.post('/api/conversations', { vendorId: market.vendor.vendorId, text: 'Are you free on May 1st?' }, market.customer.token);
    expect(opened.status).toBe(201);
    const id = opened.body.id;
    const mine = await stack.api.get(`/api/conversations/${id}?minRevision=${opened.body.revision}`, market.customer.token);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ conversationId: id, customerId: market.customer.userId, vendorId: market.vendor.vendorId, messageCount: 1 });
    expect(mine.body).not.toHaveProperty('messageSides');

    const vendorList = await stack.api.get('/api/conversations', market.vendor.token);
    expect(vendorList.body.items.map((c: { conversationId: string }) => c.conversationId)).toEqual([id]);
    expect(vendorList.body.items[0].unread.vendor).toBe(1);
    const messages = await stack.api.get(`/api/conversations/${id}/messages`, market.vendor.token);
    expect(messages.body.items.map((m: { text: string }) => m.text)).toEqual(['Are you free on May 1st?']);
    expect((await stack.api.get('/api/conversations?as=customer', market.vendor.token)).body.total).toBe(0);

    for (const path of [`/api/conversations/${id}`, `/api/conversations/${id}/messages`]) {
      expect((await stack.api.get(path, stranger.token)).status).toBe(404);
      expect((await stack.api.get(path, market.otherVendor.token)).status).toBe(404);
      expect((await stack.api.get(path, market.admin.token)).status).toBe(200);
    }
    expect((await stack.api.get('/api/conversations', stranger.token)).body.total).toBe(0);
    const adminList = await stack.api.get(`/api/admin/conversations?vendorId=${market.vendor.vendorId}`, market.admin.token);
    expect(adminList.body.items.map((c: { conversationId: string }) => c.conversationId)).toEqual([id]);
    expect((await stack.api.get('/api/admin/conversations', market.customer.token)).status).toBe(403);
    await eventually(async () => {
      const { body } = await stack.api.get('/api/notifications', market.vendor.token);
      expect(body.items.some((n: { kind: string; subject: { conversationId?: string } }) => n.kind === 'message.posted' && n.subject.conversationId === id)).toBe(true);
      expect(body.unread).toBeGreaterThan(0);
    });
  });

  it('shows a contract to its parties only', async () => {
    const drafted = await stack.api.post('/api/contracts', {
      customerId: market.customer.userId, title: 'Wedding show', terms: 'Two sets of 45 minutes.', price: { amountMinor: 500_000, currency: 'ILS' },
    }, market.vendor.token);
    expect(drafted.status).toBe(201);
    const id = drafted.body.id;
    const asCustomer = await stack.api.get(`/api/contracts/${id}?minRevision=${drafted.body.revision}`, market.customer.token);
    expect(asCustomer.status).toBe(200);
    expect(asCustomer.body).toMatchObject({ contractId: id, status: 'draft', title: 'Wedding show' });
    // Both parties are named: the vendor sees the customer's name, the customer the vendor's.
    expect(asCustomer.body.customerName).toBe(market.customer.email.split('@')[0]);
    expect(asCustomer.body.vendorName).toMatchObject({ he: expect.any(String) });
    const customerList = await stack.api.get('/api/contracts', market.customer.token);
    expect(customerList.body.items.map((c: { contractId: string }) => c.contractId)).toEqual([id]);
    expect(customerList.body.items[0].customerName).toBe(market.customer.email.split('@')[0]);
    expect((await stack.api.get('/api/contracts?as=vendor', market.vendor.token)).body.total).toBe(1);
    expect((await stack.api.get(`/api/contracts/${id}`, stranger.token)).status).toBe(404);
    expect((await stack.api.get('/api/contracts', market.otherVendor.token)).body.total).toBe(0);
    const adminList = await stack.api.get(`/api/admin/contracts?customerId=${market.customer.userId}&status=draft`, market.admin.token);
    expect(adminList.body.items.map((c: { contractId: string }) => c.contractId)).toEqual([id]);
    expect((await stack.api.get('/api/admin/contracts', market.vendor.token)).status).toBe(403);
  });

  it('serves the artist categories tree with a text filter, and a tag by alias', async () => {
    const root = await stack.api.post('/api/admin/entity/tag', { id: 'artist-categories', fields: { entityType: 'tag', name: { he: 'אמנים', en: 'Artists' }, alias: 'artist-categories', level: 0, order: 0, parentId: null } }, market.admin.token);
    expect(root.status).toBe(201);
    for (const [order, alias, he, en] of [[1, 'singers', 'זמרים', 'Singers'], [2, 'bands', 'להקות', 'Bands'], [3, 'djs', 'תקליטנים', 'DJs']] as const) {
      const child = await stack.api.post('/api/admin/entity/tag', { id: `tag-${alias}`, fields: { entityType: 'tag', name: { he, en }, alias, level: 1, order, parentId: 'artist-categories' } }, market.admin.token);
      expect(child.status).toBe(201);
    }
    await eventually(async () => expect((await stack.api.get('/api/tag/alias/artist-categories/children')).body.total).toBe(3));
    const all = await stack.api.get('/api/tag/alias/artist-categories/children');
    expect(all.body.items.map((t: { alias: string }) => t.alias)).toEqual(['singers', 'bands', 'djs']);
    const filtered = await stack.api.get(`/api/tag/alias/artist-categories/children?text=${encodeURIComponent('להק')}`);
    expect(filtered.body.items.map((t: { alias: string }) => t.alias)).toEqual(['bands']);
    // Suggestions as you type: Hebrew singular and prefixes, English, the alias, no match.
    for (const [text, aliases] of [['להקה', ['bands']], ['והלהקות', ['bands']], ['dj', ['djs']], ['SING', ['singers']], ['תקליטן', ['djs']], ['xyz', []]] as const) {
      const suggested = await stack.api.get(`/api/tag/alias/artist-categories/children?text=${encodeURIComponent(text)}`);
      expect(suggested.body.items.map((t: { alias: string }) => t.alias), text).toEqual(aliases);
    }
    expect((await stack.api.get('/api/tag/alias/djs')).body).toMatchObject({ alias: 'djs', parentId: 'artist-categories' });
    expect((await stack.api.get('/api/tag/alias/nope')).status).toBe(404);
  });

  it('filters geo locations by name', async () => {
    for (const [id, he, en] of [['tlv', 'תל אביב', 'Tel Aviv'], ['haifa', 'חיפה', 'Haifa']]) {
      expect((await stack.api.post('/api/admin/geo-locations', { id, fields: { name: { he, en }, parentId: null } }, market.admin.token)).status).toBe(201);
    }
    await eventually(async () => expect((await stack.api.get('/api/entity/geoLocation')).body.total).toBe(2));
    expect((await stack.api.get('/api/entity/geoLocation?name=haif')).body.items.map((g: { id: string }) => g.id)).toEqual(['haifa']);
    expect((await stack.api.get(`/api/entity/geoLocation?name=${encodeURIComponent('תל')}`)).body.items.map((g: { id: string }) => g.id)).toEqual(['tlv']);
  });

  it('serves public config entries only, all of them to admins', async () => {
    expect((await stack.api.put('/api/admin/config/support.whatsapp', { value: '+972500000000' }, market.admin.token)).status).toBe(200);
    expect((await stack.api.put('/api/admin/config/payments.providerKey', { value: 'internal' }, market.admin.token)).status).toBe(200);
    await eventually(async () => expect((await stack.api.get('/api/admin/config', market.admin.token)).body.total).toBe(2));
    const publicEntries = await stack.api.get('/api/config');
    expect(publicEntries.body.items.map((e: { key: string }) => e.key)).toEqual(['support.whatsapp']);
    expect((await stack.api.get('/api/admin/config', market.customer.token)).status).toBe(403);
  });

  it('serves enabled languages and public ACL rules', async () => {
    await stack.api.put('/api/admin/languages/he', { name: { he: 'עברית', en: 'Hebrew' }, enabled: true }, market.admin.token);
    await stack.api.put('/api/admin/languages/ru', { name: { he: 'רוסית', en: 'Russian' }, enabled: false }, market.admin.token);
    await stack.api.post('/api/admin/acl', { rule: { asset: 'vendor', action: 'update', level: 'all', role: 'admin', public: true } }, market.admin.token);
    await stack.api.post('/api/admin/acl', { rule: { asset: 'user', action: 'update', level: 'all', role: 'admin', public: false } }, market.admin.token);
    // The test marketplace defines Hebrew and English (its vendors speak them); Russian is disabled.
    await eventually(async () => expect((await stack.api.get('/api/languages?all=true', market.admin.token)).body.total).toBe(3));
    expect((await stack.api.get('/api/languages')).body.items.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'he']);
    expect((await stack.api.get('/api/languages?all=true')).status).toBe(403);
    await eventually(async () => expect((await stack.api.get('/api/acl/public')).body.items.map((r: { asset: string }) => r.asset)).toEqual(['vendor']));
  });

  it('serves published articles by alias and in lists without bodies', async () => {
    const article = (alias: string, publishedAt: string) => ({
      fields: { entityType: 'article', title: { he: alias, en: alias }, alias, body: { he: '<p>גוף</p>' }, kind: 'blog', categoryId: null, publishedAt },
    });
    expect((await stack.api.post('/api/admin/entity/article', article('how-to-book', '2026-01-01T00:00:00.000Z'), market.admin.token)).status).toBe(201);
    expect((await stack.api.post('/api/admin/entity/article', article('coming-soon', '2999-01-01T00:00:00.000Z'), market.admin.token)).status).toBe(201);
    await eventually(async () => expect((await stack.api.get('/api/entity/article/alias/coming-soon')).status).toBe(200));
    const list = await stack.api.get('/api/entity/article?kind=blog');
    expect(list.body.items.map((a: { alias: string }) => a.alias)).toEqual(['how-to-book']);
    expect(list.body.items[0]).not.toHaveProperty('body');
    expect((await stack.api.get('/api/entity/article/alias/how-to-book')).body.body).toEqual({ he: '<p>גוף</p>' });
  });

  it('lists users and vendors for admins only', async () => {
    const users = await stack.api.get(`/api/admin/users?text=${encodeURIComponent(market.customer.email)}`, market.admin.token);
    expect(users.status).toBe(200);
    expect(users.body.items.map((u: { userId: string }) => u.userId)).toEqual([market.customer.userId]);
    expect(JSON.stringify(users.body)).not.toMatch(/passwordHash|activationTokenHash/);
    const vendors = await stack.api.get('/api/admin/vendors?limit=999', market.admin.token);
    expect(vendors.body.total).toBeGreaterThanOrEqual(2);
    for (const path of ['/api/admin/users', '/api/admin/vendors', `/api/admin/users/${market.customer.userId}`]) {
      expect((await stack.api.get(path, market.vendor.token)).status).toBe(403);
      expect((await stack.api.get(path)).status).toBe(401);
    }
  });

  it('reads one user for admins: activation, roles, vendor, and no secret', async () => {
    const vendorOwner = await stack.api.get(`/api/admin/users/${market.vendor.userId}`, market.admin.token);
    expect(vendorOwner.status).toBe(200);
    expect(vendorOwner.body).toMatchObject({ userId: market.vendor.userId, email: market.vendor.email, active: true, roles: [], vendorId: market.vendor.vendorId });
    expect(JSON.stringify(vendorOwner.body)).not.toMatch(/passwordHash|activationTokenHash|searchText/);
    const admin = await stack.api.get(`/api/admin/users/${market.admin.userId}`, market.admin.token);
    expect(admin.body).toMatchObject({ roles: ['admin', 'superAdmin'], groups: ['superUsers'], vendorId: null });
    expect((await stack.api.get('/api/admin/users/no-such-user', market.admin.token)).status).toBe(404);
  });
});
