import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import { verifyAccessToken } from '../infra/auth/jwt-tokens.ts';
import { registerAndSignIn } from './client/accounts.ts';
import { ORPHANED_AFTER_MS } from './stale-reservations.ts';
import { vendorProfile } from './testing/fixtures.ts';
import { defineTestLanguages } from './testing/languages.ts';
import { createTestMarketplace, type TestMarketplace } from './testing/marketplace.ts';
import { startTestCommandApi, TEST_JWT_SECRET, type TestCommandApi } from './testing/test-command-api.ts';

// Multi-step commands when the process dies between their appends — no compensation
// runs, no answer is recorded — and a fresh process on the same store file takes the retry:
//   artist registration  VendorCreated (vendor stream) → UserVendorLinked (user stream)
//   placing a timed order SlotReserved (calendar stream) → OrderPlaced (order stream) → the keyed answer
// A retry converges on one result, and no slot stays reserved for an order that does not exist.

const withKey = (key: string) => ({ 'idempotency-key': key });

/** A store whose process dies at the first append matching `dies`: that append and every later one fail. */
function dyingStore(dies: (streamId: string, events: NewEvent[]) => boolean) {
  return (store: EventStore): EventStore => {
    let dead = false;
    return {
      ...store,
      append: async (streamId, events, expected) => {
        if (!dead && dies(streamId, events)) dead = true;
        if (dead) throw new Error('the process died');
        return store.append(streamId, events, expected);
      },
      readStream: (...args) => store.readStream(...args),
      readAll: (...args) => store.readAll(...args),
      subscribeToAll: (...args) => store.subscribeToAll(...args),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
    };
  };
}

const typesOf = async (store: EventStore, type: string) => (await store.readAll()).filter((event) => event.type === type);
const ofOrder = (orderId: string) => (event: { data: unknown }) => (event.data as { orderId?: string }).orderId === orderId;

describe('a crash between the appends of a multi-step command', () => {
  let dir: string;
  let now = Date.parse('2030-03-01T10:00:00.000Z');
  const clock = { now: () => new Date(now) };
  const quiet = () => {};
  let file = 0;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'crash-between-appends-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A marketplace on a fresh store file; `crash` runs on an app whose process dies as `dies` says; then a restarted app. */
  async function crashThenRestart(dies: (streamId: string, events: NewEvent[]) => boolean, crash: (app: TestCommandApi, m: TestMarketplace) => Promise<void>) {
    const storePath = join(dir, `store-${++file}.sqlite`);
    const setup = await startTestCommandApi({ storePath, clock });
    const market = await createTestMarketplace(setup);
    await setup.close();
    const crashing = await startTestCommandApi({ storePath, clock, wrapEventStore: dyingStore(dies), idempotencyWaitMs: 50, logError: quiet });
    await crash(crashing, market);
    await crashing.close();
    const restarted = await startTestCommandApi({ storePath, clock, idempotencyWaitMs: 50 });
    return { restarted, market };
  }

  const orderAppend = (streamId: string) => streamId.startsWith('order-');
  const answerAppend = (streamId: string, events: NewEvent[]) => streamId.startsWith('idempotency-') && events.some((event) => event.type !== 'IdempotentRequestStarted');

  describe('placing a timed order', () => {
    it('dead after SlotReserved, before OrderPlaced: the keyed retry places the order on the slot it reserved, once', async () => {
      const body = { productId: '', start: '2030-06-01T18:00:00.000Z' };
      const { restarted, market } = await crashThenRestart(orderAppend, async (crashing, m) => {
        body.productId = m.products.timedService;
        expect((await crashing.api.post('/api/orders', body, m.customer.token, withKey('slot-then-crash'))).status).toBe(500);
        expect(await typesOf(crashing.eventStore, 'SlotReserved')).toHaveLength(1);
        expect(await typesOf(crashing.eventStore, 'OrderPlaced')).toHaveLength(0);
      });
      try {
        now += 61_000; // the crashed run's claim is stale
        const retry = await restarted.api.post('/api/orders', body, market.customer.token, withKey('slot-then-crash'));
        expect(retry.status).toBe(201);
        const calendar = await restarted.eventStore.readStream(`calendar-${market.vendor.vendorId}`);
        expect(calendar.filter(ofOrder(retry.body.id)).map((event) => event.type)).toEqual(['SlotReserved']);
        expect((await typesOf(restarted.eventStore, 'OrderPlaced')).map((event) => (event.data as { orderId: string }).orderId)).toEqual([retry.body.id]);
        const again = await restarted.api.post('/api/orders', body, market.customer.token, withKey('slot-then-crash'));
        expect(again.body).toEqual(retry.body);
        // Taken by a real order now: nobody else books it, however late.
        now += ORPHANED_AFTER_MS;
        expect((await restarted.api.post('/api/orders', body, market.admin.token)).body.code).toBe('calendar.slot-taken');
      } finally {
        await restarted.close();
      }
    });

    it('dead after SlotReserved with nobody retrying: once the reservation is orphaned, the next booking of that time gets the slot', async () => {
      const body = { productId: '', start: '2030-06-02T18:00:00.000Z' };
      let orphanId = '';
      const { restarted, market } = await crashThenRestart(orderAppend, async (crashing, m) => {
        body.productId = m.products.timedService;
        expect((await crashing.api.post('/api/orders', body, m.customer.token)).status).toBe(500);
        orphanId = ((await typesOf(crashing.eventStore, 'SlotReserved'))[0]!.data as { orderId: string }).orderId;
      });
      try {
        // While the run that reserved it could still be placing its order, the slot stays taken.
        now += 60_000;
        const tooSoon = await restarted.api.post('/api/orders', body, market.admin.token);
        expect(tooSoon.status).toBe(409);
        expect(tooSoon.body.code).toBe('calendar.slot-taken');

        now += ORPHANED_AFTER_MS;
        const booked = await restarted.api.post('/api/orders', body, market.admin.token);
        expect(booked.status).toBe(201);
        const calendar = await restarted.eventStore.readStream(`calendar-${market.vendor.vendorId}`);
        expect(calendar.map((event) => [event.type, (event.data as { orderId: string }).orderId])).toEqual([
          ['SlotReserved', orphanId], ['SlotReleased', orphanId], ['SlotReserved', booked.body.id],
        ]);
        // Given back by the product itself, tied to the request that found it.
        const released = calendar[1]!;
        expect(released.metadata.actor.roles).toEqual(['system']);
        expect(released.metadata.causationId).toBe(calendar[0]!.id);
        expect((released.data as { reason: string }).reason).toBe('No order was placed for this slot.');
        expect(await restarted.eventStore.readStream(`order-${orphanId}`)).toEqual([]);
      } finally {
        await restarted.close();
      }
    });

    it('the vendor blocking a time over an orphaned reservation gets it, not a refusal naming an order that does not exist', async () => {
      const body = { productId: '', start: '2030-06-03T18:00:00.000Z' };
      const { restarted, market } = await crashThenRestart(orderAppend, async (crashing, m) => {
        body.productId = m.products.timedService;
        expect((await crashing.api.post('/api/orders', body, m.customer.token)).status).toBe(500);
      });
      try {
        now += ORPHANED_AFTER_MS + 1000;
        const blocked = await restarted.api.post('/api/vendor/busy-windows', { start: '2030-06-03T17:00:00.000Z', end: '2030-06-03T22:00:00.000Z' }, market.vendor.token);
        expect(blocked.status).toBe(201);
        expect((await restarted.eventStore.readStream(`calendar-${market.vendor.vendorId}`)).map((event) => event.type)).toEqual(['SlotReserved', 'SlotReleased', 'BusyWindowCreated']);
      } finally {
        await restarted.close();
      }
    });

    it('dead after OrderPlaced, before anything else: the keyed retry answers that order; its slot is never given back', async () => {
      const body = { productId: '', start: '2030-06-04T18:00:00.000Z' };
      let placedId = '';
      const { restarted, market } = await crashThenRestart(answerAppend, async (crashing, m) => {
        body.productId = m.products.timedService;
        expect((await crashing.api.post('/api/orders', body, m.customer.token, withKey('order-then-crash'))).status).toBe(500);
        placedId = ((await typesOf(crashing.eventStore, 'OrderPlaced'))[0]!.data as { orderId: string }).orderId;
      });
      try {
        now += ORPHANED_AFTER_MS;
        const retry = await restarted.api.post('/api/orders', body, market.customer.token, withKey('order-then-crash'));
        expect(retry.status).toBe(201);
        expect(retry.body.id).toBe(placedId);
        expect((await typesOf(restarted.eventStore, 'OrderPlaced')).filter(ofOrder(placedId))).toHaveLength(1);
        const calendar = await restarted.eventStore.readStream(`calendar-${market.vendor.vendorId}`);
        expect(calendar.filter(ofOrder(placedId)).map((event) => event.type)).toEqual(['SlotReserved']);
        // An order exists for it: however old the reservation, it is not orphaned.
        expect((await restarted.api.post('/api/orders', body, market.admin.token)).body.code).toBe('calendar.slot-taken');
      } finally {
        await restarted.close();
      }
    });
  });

  describe('artist registration', () => {
    const vendorOfToken = (token: string) => verifyAccessToken(TEST_JWT_SECRET, token)?.vendorId ?? null;

    it('dead after VendorCreated, before UserVendorLinked: the retry links that vendor; one vendor in all', async () => {
      let user: Awaited<ReturnType<typeof registerAndSignIn>> | null = null;
      let createdId = '';
      const { restarted } = await crashThenRestart((streamId, events) => streamId.startsWith('user-') && events.some((event) => event.type === 'UserVendorLinked'), async (crashing) => {
        user = await registerAndSignIn(crashing.api, crashing.mailer, { email: 'half-artist@example.com' });
        expect((await crashing.api.post('/api/artists/register', { profile: vendorProfile('Half') }, user.token)).status).toBe(500);
        createdId = ((await typesOf(crashing.eventStore, 'VendorCreated')).find((event) => (event.data as { ownerUserId: string | null }).ownerUserId === user!.userId)!.data as { vendorId: string }).vendorId;
      });
      try {
        const retry = await restarted.api.post('/api/artists/register', { profile: vendorProfile('Half') }, user!.token);
        expect(retry.status).toBe(201);
        expect(retry.body.id).toBe(createdId);
        expect(vendorOfToken(retry.body.token)).toBe(createdId);
        const mine = (await typesOf(restarted.eventStore, 'VendorCreated')).filter((event) => (event.data as { ownerUserId: string | null }).ownerUserId === user!.userId);
        expect(mine).toHaveLength(1);
        expect((await restarted.eventStore.readStream(`user-${user!.userId}`)).filter((event) => event.type === 'UserVendorLinked')).toHaveLength(1);
      } finally {
        await restarted.close();
      }
    });

    describe('on a live process', () => {
      let app: TestCommandApi;
      beforeAll(async () => {
        app = await startTestCommandApi({ clock });
        await defineTestLanguages(app.eventStore);
      });
      afterAll(async () => { await app.close(); });
      const vendorsOf = async (userId: string) => (await typesOf(app.eventStore, 'VendorCreated')).filter((event) => (event.data as { ownerUserId: string | null }).ownerUserId === userId);

      it('a retry after both appends (the answer lost) and a double submit answer the same vendor', async () => {
        const user = await registerAndSignIn(app.api, app.mailer, { email: 'twice-artist@example.com' });
        const both = await Promise.all([1, 2].map(() => app.api.post('/api/artists/register', { profile: vendorProfile('Twice') }, user.token)));
        expect(both.map((answer) => answer.status)).toEqual([201, 201]);
        expect(both[1]!.body.id).toBe(both[0]!.body.id);
        const later = await app.api.post('/api/artists/register', { profile: vendorProfile('Twice') }, user.token);
        expect(later.status).toBe(201);
        expect(later.body.id).toBe(both[0]!.body.id);
        // Another profile is not a retry: a second vendor, refused.
        const another = await app.api.post('/api/artists/register', { profile: vendorProfile('Another') }, user.token);
        expect(another.status).toBe(409);
        expect(another.body.code).toBe('user.has-vendor');
        expect(await vendorsOf(user.userId)).toHaveLength(1);
      });

      it('a user who let go of their vendor registers a new one; one who owns another vendor is refused', async () => {
        const user = await registerAndSignIn(app.api, app.mailer, { email: 'again-artist@example.com' });
        const first = await app.api.post('/api/artists/register', { profile: vendorProfile('First') }, user.token);
        expect(first.status).toBe(201);
        // An admin gave the vendor to someone else: the user let go of it (as the admin's owner change records).
        const stream = `user-${user.userId}`;
        const revision = (await app.eventStore.readStream(stream)).at(-1)!.revision;
        await app.eventStore.append(stream, [{
          id: randomUUID(), type: 'UserVendorUnlinked', data: { userId: user.userId, vendorId: first.body.id, at: new Date(now).toISOString() },
          metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: randomUUID(), causationId: null, at: new Date(now).toISOString(), schemaVersion: 1 },
        }], revision);
        const second = await app.api.post('/api/artists/register', { profile: vendorProfile('Second') }, user.token);
        expect(second.status).toBe(201);
        expect(second.body.id).not.toBe(first.body.id);
        expect(await vendorsOf(user.userId)).toHaveLength(2);

        const owner = await registerAndSignIn(app.api, app.mailer, { email: 'owner-artist@example.com' });
        const mine = await app.api.post('/api/artists/register', { profile: vendorProfile('Owned') }, owner.token);
        // An admin assigns this user another vendor: a registration now would be a second vendor.
        const ownerStream = `user-${owner.userId}`;
        const ownerRevision = (await app.eventStore.readStream(ownerStream)).at(-1)!.revision;
        await app.eventStore.append(ownerStream, [
          { id: randomUUID(), type: 'UserVendorUnlinked', data: { userId: owner.userId, vendorId: mine.body.id, at: new Date(now).toISOString() }, metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: randomUUID(), causationId: null, at: new Date(now).toISOString(), schemaVersion: 1 } },
          { id: randomUUID(), type: 'UserVendorLinked', data: { userId: owner.userId, vendorId: first.body.id, at: new Date(now).toISOString() }, metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: randomUUID(), causationId: null, at: new Date(now).toISOString(), schemaVersion: 1 } },
        ], ownerRevision);
        const refused = await app.api.post('/api/artists/register', { profile: vendorProfile('Owned') }, owner.token);
        expect(refused.status).toBe(409);
        expect(refused.body.code).toBe('user.has-vendor');
      });
    });
  });
});
