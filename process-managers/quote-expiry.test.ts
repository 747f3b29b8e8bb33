import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { QuoteRequestEvent } from '../domain/quote-request/events.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { openSqliteViewStore } from '../infra/view-store/sqlite-view-store.ts';
import { quoteInboxProjection, type QuoteInboxView } from '../projectors/quote-requests/projection.ts';
import { fold } from '../projectors/testing/recorded-event.ts';
import type { ProjectedEvent } from '../projectors/projection.ts';
import { startQuoteExpiry } from './quote-expiry.ts';

// Quotes expire by themselves (docs/quotes.md): the sweep finds the open requests' quotes past their
// validUntil in the quoteInbox view and records QuoteExpired once each, on either embedded view store;
// a restarted sweep (nothing in memory) finds what passed meanwhile, and records nothing twice.
const at = '2026-11-21T10:00:00.000Z';
const metadata = { actor: { userId: 'u-c', roles: ['user' as const], groups: [], vendorId: null }, correlationId: 'c-1', causationId: null, at, schemaVersion: 1 };
const price = { amountMinor: 100_000, currency: 'ILS' as const };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function request(store: EventStore, views: ViewStore, requestId: string, validUntil: Record<string, string>): Promise<void> {
  const events: QuoteRequestEvent[] = [
    { type: 'QuoteRequested', data: { requestId, customerId: 'u-c', vendorIds: Object.keys(validUntil), eventDate: '2027-03-14', city: 'Haifa', eventType: 'birthday', guests: 40, message: 'Party', at } },
    ...Object.entries(validUntil).map(([vendorId, until]): QuoteRequestEvent => ({ type: 'QuoteSubmitted', data: { requestId, vendorId, price, included: 'A set', validUntil: until, by: null, at } })),
  ];
  await store.append(`quoteRequest-${requestId}`, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), 'no_stream');
  await project(store, views, requestId);
}

/** The inbox documents of a request as the projector would write them. */
async function project(store: EventStore, views: ViewStore, requestId: string): Promise<void> {
  const recorded = (await store.readStream(`quoteRequest-${requestId}`)).map((event) => ({ ...event }) as unknown as ProjectedEvent);
  for (const doc of Object.values(fold<QuoteInboxView>(quoteInboxProjection, recorded))) await views.collection('quoteInbox').replaceOne(doc);
}

const stores: Array<[string, () => ViewStore]> = [
  ['memory', () => createMemoryViewStore()],
  ['node:sqlite', () => openSqliteViewStore({ path: ':memory:' })],
];

describe.each(stores)('quote expiry on the %s view store', (_name, openViews) => {
  it('records each quote past its validUntil as expired once, and none still valid', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const views = openViews();
    let now = new Date('2026-11-25T12:00:00.000Z');
    await request(store, views, 'q-1', { 'v-1': '2026-11-24T22:00:00.000Z', 'v-2': '2026-11-30T22:00:00.000Z' });
    const first = startQuoteExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => first.stop());
    await expect.poll(async () => (await store.readStream('quoteRequest-q-1')).map((event) => event.type), { timeout: 5_000 })
      .toEqual(['QuoteRequested', 'QuoteSubmitted', 'QuoteSubmitted', 'QuoteExpired']);
    const expired = (await store.readStream('quoteRequest-q-1')).at(-1)!;
    expect(expired.data).toMatchObject({ vendorId: 'v-1', validUntil: '2026-11-24T22:00:00.000Z' });
    // Before the projector caught up, a sweep again decides nothing new.
    expect(await first.sweep()).toBe(0);
    await first.stop();

    // A restart later: the second quote passed meanwhile.
    await project(store, views, 'q-1');
    now = new Date('2026-12-02T08:00:00.000Z');
    const second = startQuoteExpiry({ eventStore: store, viewStore: views, intervalMs: 3_600_000, now: () => now });
    cleanups.push(() => second.stop());
    await expect.poll(async () => (await store.readStream('quoteRequest-q-1')).filter((event) => event.type === 'QuoteExpired').map((event) => (event.data as { vendorId: string }).vendorId), { timeout: 5_000 })
      .toEqual(['v-1', 'v-2']);
    expect(await second.sweep()).toBe(0);
  });
});
