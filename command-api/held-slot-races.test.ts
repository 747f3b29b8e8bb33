import { describe, expect, it } from 'vitest';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { slotHoldsProjection, type SlotHoldView } from '../projectors/slot-holds/projection.ts';
import type { ProjectedEvent } from '../projectors/projection.ts';
import { fold } from '../projectors/testing/recorded-event.ts';
import { startHoldExpiry, type HoldExpiry } from '../process-managers/hold-expiry.ts';
import { registerAndSignIn } from './client/accounts.ts';
import { createTestMarketplace, useMarketplaceOn } from './testing/marketplace.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

// Race tests of a held slot (issue 26 item 4, docs/payments.md "Held slots"), with real concurrency
// (Promise.all over HTTP) on one event store: the hold's expiry against the customer's payment — exactly
// one of the two is recorded, and a charge the order did not take because it was let go is owed back
// and refunded; two customers on one held slot — one gets it, the other is refused while it is held and
// gets it once the hold ran out, with or without the sweep having run. The APIs' and the sweep's clocks
// are the test's: the real time moved by an offset.

const accepted = { cardNumber: SANDBOX_CARDS.accepted };
const MINUTE = 60_000;
let day = 0;
/** A slot of its own for each call: noon UTC on a later day each time, years ahead. */
const nextStart = () => new Date(Date.UTC(2031, 0, 1, 12) + day++ * 86_400_000).toISOString();

/** The API's clock: the real time moved by `offsetMs`. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
/** Sets the API's clock to `at` (give or take the milliseconds until the request). */
const setApiClock = (at: number) => { offsetMs = at - Date.now(); };

/** The slotHolds view of the log as it is now, in a store of its own (the projector's work, done by the test). */
async function holdsView(eventStore: EventStore): Promise<ViewStore> {
  const views = createMemoryViewStore();
  const events = (await eventStore.readAll()).filter((event) => event.streamId.startsWith('order-')).map((event) => ({ ...event }) as unknown as ProjectedEvent);
  for (const doc of Object.values(fold<SlotHoldView>(slotHoldsProjection, events))) await views.collection('slotHolds').replaceOne(doc);
  return views;
}

const typesOf = async (app: Pick<TestCommandApi, 'eventStore'>, orderId: string) => (await app.eventStore.readStream(`order-${orderId}`)).map((event) => event.type);
/** Which order holds the slot starting at `start`, on the vendor's calendar as the log says. */
async function holderOf(app: Pick<TestCommandApi, 'eventStore'>, vendorId: string, start: string): Promise<string | null> {
  const held = new Map<string, string>();
  for (const event of await app.eventStore.readStream(`calendar-${vendorId}`)) {
    const data = event.data as { orderId?: string; start?: string };
    if (event.type === 'SlotReserved' && data.orderId) held.set(data.orderId, data.start!);
    if (event.type === 'SlotReleased' && data.orderId) held.delete(data.orderId);
  }
  return [...held].find(([, at]) => at === start)?.[0] ?? null;
}

describe('a held slot, raced', () => {
  const { app, m } = useMarketplaceOn(() => startTestCommandApi({ clock }));

  async function placeHeld(token: string, start = nextStart()): Promise<{ orderId: string; start: string; holdUntil: number }> {
    offsetMs = 0;
    const placed = await app.api.post('/api/orders', { productId: m.products.timedService, start }, token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [event] = await app.eventStore.readStream(`order-${placed.body.id}`);
    return { orderId: placed.body.id, start, holdUntil: Date.parse((event!.data as { holdUntil: string }).holdUntil) };
  }

  it('hold expiry vs payment: exactly one is recorded, and a charge the let-go order did not take is refunded', async () => {
    const outcomes = { paid: 0, expired: 0 };
    for (let round = 0; round < 8; round++) {
      const { orderId, start, holdUntil } = await placeHeld(m.customer.token);
      const views = await holdsView(app.eventStore);
      // The payment is asked for a minute before the hold's end, the sweep runs just after it.
      setApiClock(holdUntil - MINUTE);
      // The sweep starts 0 to 21 ms after the payment, so either may land first.
      const sweeps: HoldExpiry[] = [];
      const [paid] = await Promise.all([
        app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token),
        new Promise((done) => setTimeout(done, round * 3)).then(() => {
          sweeps.push(startHoldExpiry({ eventStore: app.eventStore, viewStore: views, intervalMs: 3_600_000, now: () => new Date(holdUntil + 1000) }));
          return sweeps[0]!.sweep();
        }),
      ]);
      await sweeps[0]!.stop();
      offsetMs = 0;
      await app.flowsCaughtUp();
      const types = await typesOf(app, orderId);
      const charges = (await app.gateway.payments()).filter((payment) => payment.orderId === orderId);
      if (paid.status === 200) {
        outcomes.paid++;
        // The payment came first: the hold is over, the sweep decided nothing, the slot stays the order's.
        expect(types).toEqual(['OrderPlaced', 'OrderPaid']);
        expect(await holderOf(app, m.vendor.vendorId, start)).toBe(orderId);
      } else {
        outcomes.expired++;
        expect(paid.status).toBe(409);
        expect(types.slice(0, 2)).toEqual(['OrderPlaced', 'OrderCanceled']);
        const canceled = (await app.eventStore.readStream(`order-${orderId}`))[1]!;
        expect(canceled.data).toMatchObject({ byRole: 'system', by: null });
        // Charged before the cancel landed: owed back and refunded; refused before charging: nothing to return.
        expect(types.slice(2)).toEqual(charges.length === 1 ? ['OrderPaymentReturned', 'OrderRefunded'] : []);
        if (charges.length === 1) expect(charges[0]!.refundId).toBeTruthy();
        expect(await holderOf(app, m.vendor.vendorId, start)).toBeNull();
      }
      expect(types.filter((type) => type === 'OrderPaid' || type === 'OrderCanceled')).toHaveLength(1);
    }
    expect(outcomes.paid + outcomes.expired).toBe(8);
  });

  it('two customers on one held slot: one gets it, the other is refused while it is held and gets it when the hold ran out', async () => {
    const other = await registerAndSignIn(app.api, app.mailer, { email: 'second-customer@example.com' });
    const start = nextStart();
    offsetMs = 0;
    const body = { productId: m.products.timedService, start };
    const [first, second] = await Promise.all([
      app.api.post('/api/orders', body, m.customer.token),
      app.api.post('/api/orders', body, other.token),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const [winner, loser] = first.status === 201 ? [{ answer: first, user: m.customer }, { answer: second, user: other }] : [{ answer: second, user: other }, { answer: first, user: m.customer }];
    expect(loser.answer.body.code).toBe('calendar.slot-taken');
    const heldOrder = winner.answer.body.id as string;
    const holdUntil = Date.parse(((await app.eventStore.readStream(`order-${heldOrder}`))[0]!.data as { holdUntil: string }).holdUntil);

    // Still held a minute before its end: refused again (the API's clock keeps running, so the margin
    // must outlast one request on a loaded host; a second did not always).
    setApiClock(holdUntil - MINUTE);
    expect((await app.api.post('/api/orders', body, loser.user.token)).body.code).toBe('calendar.slot-taken');

    // Once the hold ran out, before any sweep: the booking lets the unpaid order go (once, as the system) and gets the slot.
    setApiClock(holdUntil + 1000);
    const later = await app.api.post('/api/orders', body, loser.user.token);
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    expect(await typesOf(app, heldOrder)).toEqual(['OrderPlaced', 'OrderCanceled']);
    expect((await app.eventStore.readStream(`order-${heldOrder}`))[1]!.data).toMatchObject({ byRole: 'system' });
    // The first customer can no longer pay: the order was let go.
    const late = await app.api.post(`/api/orders/${heldOrder}/pay`, accepted, winner.user.token);
    expect(late.status).toBe(409);
    // The sweep after it and the slot-release flow decide nothing more: one cancel, the slot the new order's.
    const sweep = startHoldExpiry({ eventStore: app.eventStore, viewStore: await holdsView(app.eventStore), intervalMs: 3_600_000, now: () => new Date(holdUntil + 30_000) });
    await sweep.sweep();
    await sweep.stop();
    offsetMs = 0;
    await app.flowsCaughtUp();
    expect(await typesOf(app, heldOrder)).toEqual(['OrderPlaced', 'OrderCanceled']);
    expect(await holderOf(app, m.vendor.vendorId, start)).toBe(later.body.id);
  });

  it('two customers on one held slot, the sweep first: the hold is let go by itself, and the other customer books the free slot', async () => {
    const other = await registerAndSignIn(app.api, app.mailer, { email: 'third-customer@example.com' });
    const { orderId, start, holdUntil } = await placeHeld(m.customer.token);
    expect((await app.api.post('/api/orders', { productId: m.products.timedService, start }, other.token)).body.code).toBe('calendar.slot-taken');
    const sweep = startHoldExpiry({ eventStore: app.eventStore, viewStore: await holdsView(app.eventStore), intervalMs: 3_600_000, now: () => new Date(holdUntil) });
    await expect.poll(() => typesOf(app, orderId), { timeout: 10_000 }).toEqual(['OrderPlaced', 'OrderCanceled']);
    await sweep.stop();
    await app.flowsCaughtUp();
    expect(await holderOf(app, m.vendor.vendorId, start)).toBeNull();
    setApiClock(holdUntil + 5000);
    const booked = await app.api.post('/api/orders', { productId: m.products.timedService, start }, other.token);
    offsetMs = 0;
    expect(booked.status).toBe(201);
    expect(await holderOf(app, m.vendor.vendorId, start)).toBe(booked.body.id);
  });
});

describe('a held slot let go while the card is charged', () => {
  it('the payment answers 409, its charge is owed back and refunded, and the slot is free', async () => {
    let charging: () => void = () => {};
    const charged = new Promise<void>((resolve) => (charging = resolve));
    let expired: () => void = () => {};
    const expiryDone = new Promise<void>((resolve) => (expired = resolve));
    const app = await startTestCommandApi({
      clock,
      wrapPaymentGateway: (gateway) => ({
        ...gateway,
        async charge(request) {
          charging();
          await expiryDone;
          return gateway.charge(request);
        },
      }),
    });
    try {
      const m = await createTestMarketplace(app);
      offsetMs = 0;
      const start = nextStart();
      const placed = await app.api.post('/api/orders', { productId: m.products.timedService, start }, m.customer.token);
      expect(placed.status).toBe(201);
      const orderId = placed.body.id as string;
      const holdUntil = Date.parse(((await app.eventStore.readStream(`order-${orderId}`))[0]!.data as { holdUntil: string }).holdUntil);
      setApiClock(holdUntil - MINUTE);
      const paying = app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
      await charged;
      const sweep = startHoldExpiry({ eventStore: app.eventStore, viewStore: await holdsView(app.eventStore), intervalMs: 3_600_000, now: () => new Date(holdUntil) });
      await expect.poll(() => typesOf(app, orderId), { timeout: 10_000 }).toEqual(['OrderPlaced', 'OrderCanceled']);
      await sweep.stop();
      expired();
      const paid = await paying;
      offsetMs = 0;
      expect(paid.status).toBe(409);
      expect(paid.body.code).toBe('order.illegal-transition');
      await app.flowsCaughtUp();
      const events = await app.eventStore.readStream(`order-${orderId}`);
      expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCanceled', 'OrderPaymentReturned', 'OrderRefunded']);
      const [charge] = (await app.gateway.payments()).filter((payment) => payment.orderId === orderId);
      expect(events[2]!.data).toMatchObject({ paymentId: charge!.paymentId, amount: { amountMinor: 150_000 } });
      expect(charge!.refundId).toBeTruthy();
      expect(await holderOf(app, m.vendor.vendorId, start)).toBeNull();
    } finally {
      await app.close();
    }
  });
});
