import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, NewEvent } from '../domain/ports/event-store.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { orderDecider } from '../domain/order/decider.ts';
import { orderTermsOf } from '../domain/order/payment-terms.ts';
import { ils } from '../domain/shared/money.ts';
import { loadFolded } from '../command-api/command-handler.ts';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { storeEventFeed } from '../infra/event-feed/store-event-feed.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { memoryRelayCheckpoints } from '../infra/relay/relay-checkpoints.ts';
import { createSandboxPaymentGateway, SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { createProcessManager } from './process-manager.ts';
import { refundFlow } from './refunds.ts';

// The refunds flow (issue 26): a canceled order owes back a part of each payment its policy gives — a
// deposit and a balance are two card charges, refunded on their own — exactly once, also when a
// restarted process takes every cancel again from the start of the log.
const customer = { userId: 'u-customer', roles: ['user' as const], groups: [], vendorId: null };
const at = '2026-11-21T10:00:00.000Z';
const metadata = { actor: customer, correlationId: 'c-1', causationId: null, at, schemaVersion: 1 };
const product = { productId: 'p-1', vendorId: 'v-1', type: 'default' as const, name: { en: 'Show' }, price: ils(10_000) };
const terms = orderTermsOf({ deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 }, ils(10_000));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('refunds flow', () => {
  it('refunds the balance and the deposit of a canceled order, each once, by the amounts the cancel recorded', async () => {
    const store = await openSqliteEventStore({ path: ':memory:' });
    cleanups.push(() => store.close());
    const gateway = createSandboxPaymentGateway({ eventStore: store });
    const charge = async (key: string, amount: number) => {
      const result = await gateway.charge({ orderId: 'o-1', amount: ils(amount), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: key });
      if (result.status !== 'accepted') throw new Error('expected accepted');
      return result.paymentId;
    };
    const deposit = await charge('o-1:pay:0', 3_000);
    const balance = await charge('o-1:balance:1', 7_000);
    // Canceled by the customer 20 days before the event: the moderate policy gives half back (5,000),
    // the balance's 5,000 first, nothing of the deposit.
    const events: OrderEvent[] = [
      { type: 'OrderPlaced', data: { orderId: 'o-1', customerId: 'u-customer', vendorId: 'v-1', product, total: ils(10_000), terms, eventDetails: { eventType: 'wedding', date: '2026-12-11T18:00:00.000Z', city: 'Haifa', address: 'Herzl 1', guests: 100, contactPhone: '+972501234567' }, placedAt: at } },
      { type: 'OrderPaid', data: { orderId: 'o-1', paymentId: deposit, amount: ils(3_000), cardLast4: '4242', part: 'deposit', at } },
      { type: 'OrderBalancePaid', data: { orderId: 'o-1', paymentId: balance, amount: ils(7_000), cardLast4: '4242', instalments: 1, at } },
    ];
    await store.append('order-o-1', events.map((event): NewEvent => ({ id: randomUUID(), ...event, metadata })), 'no_stream');
    const { state } = await loadFolded(store, orderDecider, 'order-o-1');
    const [canceled] = orderDecider.decide({ type: 'CancelOrder', orderId: 'o-1', reason: 'Moved abroad', actor: customer, at }, state);
    expect(canceled).toMatchObject({ data: { refunds: [{ paymentId: balance, amount: ils(5_000) }], refundPercent: 50 } });
    // And a cancel giving back more than the balance reaches into the deposit.
    const [early] = orderDecider.decide({ type: 'CancelOrder', orderId: 'o-1', reason: 'Moved abroad', actor: customer, at: '2026-10-01T10:00:00.000Z' }, state);
    expect(early).toMatchObject({ data: { refunds: [{ paymentId: balance, amount: ils(7_000) }, { paymentId: deposit, amount: ils(3_000) }], refundPercent: 100 } });
    await store.append('order-o-1', [{ id: randomUUID(), ...early!, metadata }], 2);

    // Twice from the start of the log: the second run, like a restart, refunds nothing again.
    for (let run = 0; run < 2; run++) {
      const manager = createProcessManager({
        flow: refundFlow({ eventStore: store, paymentGateway: gateway }), feed: storeEventFeed(store), viewStore: createMemoryViewStore(),
        eventStore: store, checkpoint: memoryRelayCheckpoints(), retryDelayMs: () => 5,
      });
      await manager.start();
      expect(await manager.waitForPosition(await store.headPosition(), 10_000)).toBe(true);
      await manager.stop();
    }
    const refunded = (await store.readStream('order-o-1')).filter((event) => event.type === 'OrderRefunded').map((event) => event.data);
    expect(refunded).toEqual([
      expect.objectContaining({ paymentId: balance, amount: ils(7_000) }),
      expect.objectContaining({ paymentId: deposit, amount: ils(3_000) }),
    ]);
    expect((await gateway.payments()).map((payment) => payment.refunded)).toEqual([ils(3_000), ils(7_000)]);
    const after = (await loadFolded(store, orderDecider, 'order-o-1')).state;
    expect(Object.values(after?.refunds ?? {}).every((owed) => owed.refundId !== null)).toBe(true);
  });
});
