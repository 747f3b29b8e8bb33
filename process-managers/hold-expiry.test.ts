import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { slotHoldsProjection, type SlotHoldView } from '../projectors/slot-holds/projection.ts';
import { fold } from '../projectors/testing/recorded-event.ts';
import type { ProjectedEvent } from '../projectors/projection.ts';
import { startHoldExpiry } from './hold-expiry.ts';

// Held slots let go by themselves (docs/payments.md "Held slots"): the sweep finds the open holds past
// their holdUntil in the slotHolds view and cancels each order once, as the system, on either embedded
// view store; a paid order or one still held is left alone; two sweepers at once, a sweep redone before
// the view caught up, or a restart (nothing in memory) cancel nothing twice. The clock is the test's.
const placedAt = '2026-11-29T10:00:00.000Z';
const holdUntil = '2026-11-29T10:15:00.000Z';
const customer = { userId: 'u-c', roles: ['user' as const], groups: [], vendorId: null };
const metadata = { actor: customer, correlationId: 'c-1', causationId: null, at: placedAt, schemaVersion: 1 };
const price = { amountMinor: 50_000, currency: 'ILS' as const };
const product = { productId: 'p-1', vendorId: 'v-1', type: 'timedService' as const, name: { en: 'An hour' }, price, serviceDuration: 60 };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function append(store: EventStore, orderId: string, events: OrderEvent[], expected: number | 'no_stream'): Promise<void> {
  await store.append(`order-${orderId}`, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), expected);
}

/** A customer's timed order placed at 10:00, held until `until`. */
async function place(store: EventStore, orderId: string, until = holdUntil): Promise<void> {
  await append(store, orderId, [{
    type: 'OrderPlaced',
    data: { orderId, customerId: 'u-c', vendorId: 'v-1', product, total: price, start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T11:00:00.000Z', holdUntil: until, placedAt },
  }], 'no_stream');
}

/** The slotHolds documents of these orders as the projector would write them. */
async function project(store: EventStore, views: ViewStore, ...orderIds: string[]): Promise<void> {
  for (const orderId of orderIds) {
    const recorded = (await store.readStream(`order-${orderId}`)).map((event) => ({ ...event }) as unknown as ProjectedEvent);
    for (const doc of Object.values(fold<SlotHoldView>(slotHoldsProjection, recorded))) await views.collection('slotHolds').replaceOne(doc);
  }
}

const types = async (store: EventStore, orderId: string) => (await store.readStream(`order-${orderId}`)).map((event) => event.type);

const stores: Array<[string, () => ViewStore]> = [
  ['memory', () => createMemoryViewStore()],
  ['node:sqlite', () => openSqliteViewStore({ path: ':memory:' })],
];

describe.each(stores)('hold expiry on the %s view store', (_name, openViews) => {
  it('cancels each unpaid order once its hold ran out, as the system, and leaves paid and still-held ones', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const views = openViews();
    await place(store, 'o-unpaid');
    await place(store, 'o-paid');
    await place(store, 'o-later', '2026-11-29T10:40:00.000Z');
    await append(store, 'o-paid', [{ type: 'OrderPaid', data: { orderId: 'o-paid', paymentId: 'pay-1', amount: price, cardLast4: '4242', at: '2026-11-29T10:05:00.000Z' } }], 0);
    await project(store, views, 'o-unpaid', 'o-paid', 'o-later');

    // Before the hold's end nothing happens.
    let now = new Date('2026-11-29T10:14:59.999Z');
    const first = startHoldExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => first.stop());
    expect(await first.sweep()).toBe(0);
    expect(await types(store, 'o-unpaid')).toEqual(['OrderPlaced']);

    now = new Date(holdUntil);
    expect(await first.sweep()).toBe(1);
    const canceled = (await store.readStream('order-o-unpaid')).at(-1)!;
    expect(canceled).toMatchObject({ type: 'OrderCanceled', data: { orderId: 'o-unpaid', byRole: 'system', by: null, at: holdUntil }, metadata: { actor: { roles: ['system'] } } });
    expect(await types(store, 'o-paid')).toEqual(['OrderPlaced', 'OrderPaid']);
    expect(await types(store, 'o-later')).toEqual(['OrderPlaced']);
    // Before the projector caught up the view still says open: a sweep again decides nothing new.
    expect(await first.sweep()).toBe(0);
    expect(await types(store, 'o-unpaid')).toEqual(['OrderPlaced', 'OrderCanceled']);
    await first.stop();

    // The process was down past the second hold's end: the sweep at start finds it.
    await project(store, views, 'o-unpaid');
    now = new Date('2026-11-29T12:00:00.000Z');
    const second = startHoldExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => second.stop());
    await expect.poll(() => types(store, 'o-later'), { timeout: 10_000 }).toEqual(['OrderPlaced', 'OrderCanceled']);
    expect(await second.sweep()).toBe(0);
    expect(await types(store, 'o-unpaid')).toEqual(['OrderPlaced', 'OrderCanceled']);
  });

  it('two sweepers at once cancel an order once', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const views = openViews();
    const orderIds = ['o-1', 'o-2', 'o-3', 'o-4', 'o-5'];
    for (const orderId of orderIds) await place(store, orderId);
    await project(store, views, ...orderIds);
    const now = () => new Date('2026-11-29T10:20:00.000Z');
    // Each starts with a sweep of its own; then both sweep once more, at the same time.
    const a = startHoldExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now });
    const b = startHoldExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now });
    cleanups.push(() => a.stop(), () => b.stop());
    await Promise.all([a.sweep(), b.sweep()]);
    for (const orderId of orderIds) {
      await expect.poll(() => types(store, orderId), { timeout: 10_000 }).toEqual(['OrderPlaced', 'OrderCanceled']);
    }
    await Promise.all([a.sweep(), b.sweep()]);
    for (const orderId of orderIds) expect(await types(store, orderId)).toEqual(['OrderPlaced', 'OrderCanceled']);
  });
});
