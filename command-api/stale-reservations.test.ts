import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemActor } from '../domain/shared/actor.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createRequestContext } from './request-context.ts';
import { ORPHANED_AFTER_MS, releaseStaleReservations } from './stale-reservations.ts';

// The booking that finds its time taken asks releaseStaleReservations whether trying again may succeed.
// A reservation the slot-release flow gave back between the refusal and this read counts as freed:
// the booking must not answer 409 for a slot that is free by then.

const vendorId = randomUUID();
const slot = { start: '2030-06-01T18:00:00.000Z', end: '2030-06-01T20:00:00.000Z' };
const reservedAt = Date.parse('2026-12-01T10:00:00.000Z');

async function calendarWith(events: { type: string; data: Record<string, unknown> }[]) {
  const store = await openSqliteEventStore({ path: ':memory:' });
  const metadata = { actor: systemActor, correlationId: 'c', causationId: null, at: new Date(reservedAt).toISOString(), schemaVersion: 1 };
  await store.append(`calendar-${vendorId}`, events.map((event) => ({ id: randomUUID(), ...event, metadata })), 'no_stream');
  return store;
}

const release = (store: Awaited<ReturnType<typeof calendarWith>>, now: number) => releaseStaleReservations(
  { eventStore: store, clock: { now: () => new Date(now) } },
  createRequestContext({ get: () => undefined }, systemActor, new Date(now)),
  vendorId, slot,
);

describe('releaseStaleReservations', () => {
  const orderId = randomUUID();
  const reserved = { type: 'SlotReserved', data: { vendorId, orderId, ...slot } };

  it('answers false and releases nothing while a reservation without an order is young enough to be placing it', async () => {
    const store = await calendarWith([reserved]);
    expect(await release(store, reservedAt + 1000)).toBe(false);
    expect(await store.readStream(`calendar-${vendorId}`)).toHaveLength(1);
  });

  it('gives back a reservation whose order was never placed once it is old, and answers true', async () => {
    const store = await calendarWith([reserved]);
    expect(await release(store, reservedAt + ORPHANED_AFTER_MS)).toBe(true);
    expect((await store.readStream(`calendar-${vendorId}`)).at(-1)).toMatchObject({ type: 'SlotReleased', data: { orderId } });
  });

  it('answers true without appending when the reservation was given back since the refusal', async () => {
    const store = await calendarWith([reserved, { type: 'SlotReleased', data: { vendorId, orderId, reason: 'The order was canceled.' } }]);
    expect(await release(store, reservedAt + 1000)).toBe(true);
    expect(await store.readStream(`calendar-${vendorId}`)).toHaveLength(2);
  });
});
