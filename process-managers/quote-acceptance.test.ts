import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import type { QuoteRequestEvent } from '../domain/quote-request/events.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { memoryRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { createProcessManager } from './process-manager.ts';
import { quoteAcceptanceFlow } from './quote-acceptance.ts';

// The quote-acceptance flow (docs/quotes.md): an accepted quote becomes a contract sent to sign or an
// order to pay, at the quoted price, the order with the event the request named, exactly once — also
// when the process dies halfway and when a restarted one takes every acceptance again from the start.
const customer = { userId: 'u-customer', roles: ['user' as const], groups: [], vendorId: null };
const metadata = { actor: customer, correlationId: 'c-1', causationId: null, at: '2026-11-21T10:00:00.000Z', schemaVersion: 1 };
const at = '2026-11-21T10:00:00.000Z';
const price = { amountMinor: 490_000, currency: 'ILS' as const };
const pkg = { productId: 'p-pkg', type: 'contractService' as const, name: { he: 'חבילת אירוע מלאה', en: 'Full event package' } };
const show = { productId: 'p-show', type: 'default' as const, name: { en: 'Show' } };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function acceptedRequest(store: EventStore, requestId: string, product: typeof pkg | typeof show, outcomeId: string): Promise<void> {
  const events: QuoteRequestEvent[] = [
    { type: 'QuoteRequested', data: { requestId, customerId: 'u-customer', vendorIds: ['v-1', 'v-2'], eventDate: '2027-03-14', city: 'Haifa', eventType: 'wedding', guests: 200, message: 'Garden wedding', at } },
    { type: 'QuoteSubmitted', data: { requestId, vendorId: 'v-1', price, included: 'Two sets', validUntil: '2026-12-01T00:00:00.000Z', product, by: 'u-v1', at } },
    {
      type: 'QuoteAccepted',
      data: { requestId, customerId: 'u-customer', vendorId: 'v-1', price, included: 'Two sets', product, eventDate: '2027-03-14', outcome: product.type === 'default' ? 'order' : 'contract', outcomeId, notChosen: ['v-2'], at },
    },
  ];
  await store.append(`quoteRequest-${requestId}`, events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), 'no_stream');
}

/** The store as a process that dies on its first attempt to send a contract (after drafting it). */
function dyingOnceOnSend(store: EventStore): EventStore {
  let died = false;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (!died && args[1].some((event) => event.type === 'ContractSent')) {
          died = true;
          throw new Error('process killed');
        }
        return target.append(...args);
      };
    },
  });
}

function run(store: EventStore, flowStore: EventStore = store) {
  const manager = createProcessManager({
    flow: quoteAcceptanceFlow({ eventStore: flowStore }), feed: storeEventFeed(store), viewStore: createMemoryViewStore(), eventStore: store,
    checkpoint: memoryRelayCheckpoints(), retryDelayMs: () => 5,
  });
  cleanups.push(() => manager.stop());
  return manager;
}

const typesOf = async (store: EventStore, streamId: string) => (await store.readStream(streamId)).map((event) => event.type);

describe('quote acceptance flow', () => {
  it('makes a contract package’s accepted quote a contract sent to sign, and a fixed service’s an order to pay, at the quoted price', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    await acceptedRequest(store, 'q-1', pkg, 'k-1');
    await acceptedRequest(store, 'q-2', show, 'o-1');
    const manager = run(store);
    await manager.start();
    expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(await typesOf(store, 'contract-k-1')).toEqual(['ContractDrafted', 'ContractSent']);
    const [drafted] = await store.readStream('contract-k-1');
    expect(drafted!.data).toMatchObject({ contractId: 'k-1', customerId: 'u-customer', vendorId: 'v-1', productId: 'p-pkg', price, terms: 'Two sets', title: 'חבילת אירוע מלאה' });
    expect(drafted!.metadata).toMatchObject({ actor: { roles: ['system'] }, correlationId: 'c-1' });
    expect(await typesOf(store, 'order-o-1')).toEqual(['OrderPlaced']);
    const [placed] = await store.readStream('order-o-1');
    expect(placed!.data).toMatchObject({ orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', total: price, product: { productId: 'p-show', type: 'default', price } });
    // The order carries the event the request named (noon of its day, Israel); the customer adds the address and phone.
    expect((placed!.data as { eventDetails: unknown }).eventDetails).toEqual({ eventType: 'wedding', date: '2027-03-14T10:00:00.000Z', city: 'Haifa', guests: 200 });
    // The contract's event date is the same moment.
    expect(drafted!.data).toMatchObject({ eventDate: '2027-03-14T10:00:00.000Z' });
    expect(manager.stats()).toMatchObject({ deadLetters: 0 });
  });

  it('after a crash between drafting and sending, and a restart that takes every acceptance again, each is done exactly once', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    await acceptedRequest(store, 'q-3', pkg, 'k-3');
    await acceptedRequest(store, 'q-4', show, 'o-4');
    // The first process dies after the draft, before the send; its page is taken again after a wait.
    const first = run(store, dyingOnceOnSend(store));
    await first.start();
    expect(await first.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(first.stats().retries).toBeGreaterThan(0);
    await first.stop();
    // A process that lost its checkpoint takes every acceptance from the start.
    const second = run(store);
    await second.start();
    expect(await second.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
    expect(await typesOf(store, 'contract-k-3')).toEqual(['ContractDrafted', 'ContractSent']);
    expect(await typesOf(store, 'order-o-4')).toEqual(['OrderPlaced']);
    expect(second.stats()).toMatchObject({ deadLetters: 0 });
  });
});
