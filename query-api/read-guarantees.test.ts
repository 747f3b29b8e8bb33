import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useQueryApiOnViews } from './testing/query-api-on-views.ts';
import { TEST_SECRET, tokenFor } from '../test/tokens.ts';

// The GET cache and read-your-writes bounds, with view documents written by the test and a stand-in
// for the projectors runtime that announces the changes the test makes.
const systemMetadata = { actor: { userId: null, roles: ['system' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at: '2026-01-01T00:00:00.000Z', schemaVersion: 1 };

describe('GET cache and read-your-writes bounds', () => {
  // Entries live 10 min here: what purges them is the announced change, never the time (the default
  // 10 s could run out between two requests on a loaded host).
  const { viewStore, eventStore, projections, api, client } = useQueryApiOnViews({ ports: { readYourWritesTimeoutMs: 100, cacheTtlMs: 600_000 } });
  const customer = tokenFor(TEST_SECRET, { userId: 'u1' });
  const otherUser = tokenFor(TEST_SECRET, { userId: 'u2' });

  const order = (id: string, status: string) => ({ _id: id, _seen: {}, orderId: id, customerId: 'u1', vendorId: 'v1', status, placedAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

  it('serves a hit until a change to that document is announced', async () => {
    await viewStore.collection('orders').replaceOne(order('o1', 'new'));
    expect((await client.get('/api/orders/o1', customer)).headers.get('x-cache')).toBe('miss');
    expect((await client.get('/api/orders/o1', customer)).headers.get('x-cache')).toBe('hit');

    // A change the cache is not told about is not seen (the cache really answers)...
    await viewStore.collection('orders').replaceOne(order('o1', 'payed'));
    expect((await client.get('/api/orders/o1', customer)).body.status).toBe('new');
    // ...an unrelated document's change leaves the entry...
    projections.announce({ collection: 'orders', ids: ['o-other'] });
    await api.cache.settled();
    expect((await client.get('/api/orders/o1', customer)).headers.get('x-cache')).toBe('hit');
    // ...and this document's change purges it.
    projections.announce({ collection: 'orders', ids: ['o1'] });
    await api.cache.settled();
    const fresh = await client.get('/api/orders/o1', customer);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(fresh.body.status).toBe('payed');
  });

  it('purges lists on any change to their collection', async () => {
    await client.get('/api/orders', customer);
    expect((await client.get('/api/orders', customer)).headers.get('x-cache')).toBe('hit');
    await viewStore.collection('orders').replaceOne(order('o2', 'new'));
    projections.announce({ collection: 'orders', ids: ['o2'] });
    await api.cache.settled();
    const fresh = await client.get('/api/orders', customer);
    expect(fresh.headers.get('x-cache')).toBe('miss');
    expect(fresh.body.total).toBe(2);
  });

  it('purges document answers too after a rebuild of their collection', async () => {
    await client.get('/api/orders/o2', customer);
    expect((await client.get('/api/orders/o2', customer)).headers.get('x-cache')).toBe('hit');
    projections.announce({ collection: 'orders', ids: [], all: true });
    await api.cache.settled();
    expect((await client.get('/api/orders/o2', customer)).headers.get('x-cache')).toBe('miss');
  });

  it('keys answers by caller and locale', async () => {
    await client.get('/api/acl/public');
    expect((await client.get('/api/acl/public')).headers.get('x-cache')).toBe('hit');
    expect((await client.get('/api/acl/public', otherUser)).headers.get('x-cache')).toBe('miss');
    expect((await client.call('GET', '/api/acl/public', { headers: { 'accept-language': 'en-US' } })).headers.get('x-cache')).toBe('miss');
  });

  it('finds a cached answer before validating the URL again, under the key a validated read stores', async () => {
    // The query's locale is the key's, whatever the header says: the second read is a hit, in English.
    const english = { headers: { 'accept-language': 'he-IL' } };
    expect((await client.call('GET', '/api/acl/public?locale=en-US', english)).headers.get('x-cache')).toBe('miss');
    expect((await client.call('GET', '/api/acl/public?locale=en-US', english)).headers.get('x-cache')).toBe('hit');
    expect((await client.call('GET', '/api/acl/public?locale=he-IL', { headers: { 'accept-language': 'en-US' } })).headers.get('x-cache')).toBe('miss');
    // A URL that does not validate is refused every time, never answered from the cache.
    for (const url of ['/api/acl/public?locale=fr', '/api/acl/public?colour=blue']) {
      expect((await client.get(url)).status).toBe(422);
      expect((await client.get(url)).status).toBe(422);
    }
    // A read that asks for a revision is never a hit.
    await viewStore.collection('orders').replaceOne(order('o3', 'new'));
    await eventStore.append('order-o3', [{ id: randomUUID(), type: 'OrderApproved', data: { orderId: 'o3', by: null, at: '2026-01-01T00:00:00.000Z' }, metadata: systemMetadata }], 'no_stream');
    expect((await client.get('/api/orders/o3', customer)).headers.get('x-cache')).toBe('miss');
    expect((await client.get('/api/orders/o3', customer)).headers.get('x-cache')).toBe('hit');
    const waited = await client.get('/api/orders/o3?minRevision=0', customer);
    expect(waited.status).toBe(200);
    expect(waited.headers.get('x-cache')).toBe('miss');
  });

  it('answers 504 views-behind when the views do not reach the revision in time', async () => {
    const id = randomUUID();
    await eventStore.append(`order-${id}`, [{ id: randomUUID(), type: 'OrderApproved', data: { orderId: id, by: null, at: '2026-01-01T00:00:00.000Z' }, metadata: systemMetadata }], 'no_stream');
    projections.reachNothing();
    const late = await client.get(`/api/orders/${id}?minRevision=0`, customer);
    expect(late.status).toBe(504);
    expect(late.body).toMatchObject({ code: 'views-behind', streamId: `order-${id}`, minRevision: 0 });
    expect(late.body.detail).toContain(`order-${id}`);
  });

  it('refuses minRevision on a route without a document, and a negative one', async () => {
    expect((await client.get('/api/orders?minRevision=1', customer)).status).toBe(422);
    expect((await client.get('/api/orders/o1?minRevision=-1', customer)).status).toBe(422);
  });
});
