import { describe, expect, it } from 'vitest';
import { orderDecider } from '../domain/order/decider.ts';
import { amountPaid, balanceDue } from '../domain/order/order-money.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import type { RecordedEvent } from '../domain/ports/event-store.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { productDetails } from './testing/fixtures.ts';
import { createTestMarketplace, useTestMarketplace } from './testing/marketplace.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

// Deposit, balance and instalments over HTTP (issue 26, docs/payments.md): the first payment charges
// the deposit, the balance is a second charge from the order page, each in up to the order's most
// instalments; a refused payment charges nobody; a charge the order no longer takes is owed back.
// Race tests: paying the balance while the order is canceled.

const accepted = { cardNumber: SANDBOX_CARDS.accepted };
const DAY_MS = 86_400_000;
/** 30% deposit of ₪1,500: ₪450 now, ₪1,050 14 days before the event; moderate policy; up to 6 instalments. */
const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 } as const;
const eventIn = (days: number) => ({
  eventType: 'wedding', date: new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000).toISOString(), city: 'Haifa', address: 'HaNassi 5', guests: 120, contactPhone: '+972501234567',
});

async function productWithTerms(app: Pick<TestCommandApi, 'api'>, token: string): Promise<string> {
  const created = await app.api.post('/api/vendor/products', { details: { ...productDetails('default'), paymentTerms: terms } }, token);
  expect(created.status).toBe(201);
  return created.body.id;
}

/** The order as the decider folds it from its stream. */
async function folded(app: Pick<TestCommandApi, 'eventStore'>, orderId: string) {
  const events = await app.eventStore.readStream(`order-${orderId}`);
  return { events, state: events.reduce((state, event: RecordedEvent) => orderDecider.evolve(state, { type: event.type, data: event.data } as OrderEvent), orderDecider.initialState)! };
}

describe('deposit, balance and instalments', () => {
  const { app, m } = useTestMarketplace();
  const place = async (productId: string, days = 60) => {
    const placed = await app.api.post('/api/orders', { productId, eventDetails: eventIn(days) }, m.customer.token);
    expect(placed.status).toBe(201);
    return placed.body.id as string;
  };
  const gatewayCharges = async (orderId: string) => (await app.gateway.payments()).filter((payment) => payment.orderId === orderId);

  it('charges the deposit in the instalments asked, then the balance in its own', async () => {
    const productId = await productWithTerms(app, m.vendor.token);
    const orderId = await place(productId);
    const paid = await app.api.post(`/api/orders/${orderId}/pay`, { ...accepted, instalments: 3 }, m.customer.token);
    expect(paid.status).toBe(200);
    const balance = await app.api.post(`/api/orders/${orderId}/balance`, { ...accepted, instalments: 6 }, m.customer.token);
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ id: orderId, streamId: `order-${orderId}`, revision: 2 });
    const { events, state } = await folded(app, orderId);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderBalancePaid']);
    expect(events[1]!.data).toMatchObject({ amount: { amountMinor: 45000 }, part: 'deposit', instalments: 3 });
    expect(events[2]!.data).toMatchObject({ amount: { amountMinor: 105000 }, instalments: 6, cardLast4: '4242' });
    // The card was charged exactly what the order recorded, in the same instalments.
    const charges = await gatewayCharges(orderId);
    expect(charges.map((charge) => [charge.amount.amountMinor, charge.instalments]).sort()).toEqual([[105000, 6], [45000, 3]].sort());
    expect(amountPaid(state).amountMinor).toBe(150000);
    expect(balanceDue(state).amountMinor).toBe(0);
    const again = await app.api.post(`/api/orders/${orderId}/balance`, accepted, m.customer.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('order.nothing-due');
  });

  it('refuses before charging anyone: too many instalments (422 naming the field), the vendor, before the deposit, a missing order', async () => {
    const productId = await productWithTerms(app, m.vendor.token);
    const orderId = await place(productId);
    const tooMany = await app.api.post(`/api/orders/${orderId}/pay`, { ...accepted, instalments: 7 }, m.customer.token);
    expect(tooMany.status).toBe(422);
    expect(tooMany.headers.get('content-type')).toContain('application/problem+json');
    expect(tooMany.body).toMatchObject({ code: 'order.too-many-instalments', errors: [{ field: 'instalments', message: 'The vendor allows at most 6 instalments for this order.' }] });
    const outOfRange = await app.api.post(`/api/orders/${orderId}/pay`, { ...accepted, instalments: 13 }, m.customer.token);
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body.errors).toEqual([expect.objectContaining({ field: 'instalments' })]);
    const early = await app.api.post(`/api/orders/${orderId}/balance`, accepted, m.customer.token);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('order.deposit-first');
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    const before = (await gatewayCharges(orderId)).length;
    expect((await app.api.post(`/api/orders/${orderId}/balance`, accepted, m.vendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/orders/${orderId}/balance`, accepted, m.otherVendor.token)).status).toBe(403);
    expect((await app.api.post('/api/orders/missing/balance', accepted, m.customer.token)).status).toBe(404);
    const balanceTooMany = await app.api.post(`/api/orders/${orderId}/balance`, { ...accepted, instalments: 12 }, m.customer.token);
    expect(balanceTooMany.body).toMatchObject({ status: 422, errors: [{ field: 'instalments' }] });
    expect((await gatewayCharges(orderId)).length).toBe(before);
    // An order without terms is paid at once, in one payment, and owes no balance.
    const plain = (await app.api.post('/api/orders', { productId: m.products.default }, m.customer.token)).body.id;
    expect((await app.api.post(`/api/orders/${plain}/pay`, { ...accepted, instalments: 2 }, m.customer.token)).body.code).toBe('order.too-many-instalments');
    expect((await app.api.post(`/api/orders/${plain}/pay`, accepted, m.customer.token)).status).toBe(200);
    expect((await app.api.post(`/api/orders/${plain}/balance`, accepted, m.customer.token)).body.code).toBe('order.nothing-due');
  });

  it('a declined balance answers 402 and leaves it due', async () => {
    const orderId = await place(await productWithTerms(app, m.vendor.token));
    await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
    const declined = await app.api.post(`/api/orders/${orderId}/balance`, { cardNumber: SANDBOX_CARDS.declined }, m.customer.token);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ code: 'payment.declined', detail: 'Card declined' });
    const { events, state } = await folded(app, orderId);
    expect(events.at(-1)).toMatchObject({ type: 'OrderPaymentDeclined', data: { part: 'balance' } });
    expect(balanceDue(state).amountMinor).toBe(105000);
    expect((await app.api.post(`/api/orders/${orderId}/balance`, accepted, m.customer.token)).status).toBe(200);
  });

  it("a customer's cancel refunds by the recorded policy, latest payment first; the vendor's in full", async () => {
    const productId = await productWithTerms(app, m.vendor.token);
    // 20 days before the event, the moderate policy gives back half: ₪750 of ₪1,500, all of it from the balance.
    const mine = await place(productId, 20);
    await app.api.post(`/api/orders/${mine}/pay`, accepted, m.customer.token);
    await app.api.post(`/api/orders/${mine}/balance`, accepted, m.customer.token);
    expect((await app.api.post(`/api/orders/${mine}/cancel`, { reason: 'Plans changed' }, m.customer.token)).status).toBe(200);
    const { events } = await folded(app, mine);
    const balancePayment = events.find((event) => event.type === 'OrderBalancePaid')!.data as { paymentId: string };
    expect(events.at(-1)).toMatchObject({ type: 'OrderCanceled', data: { refundPercent: 50, refunds: [{ paymentId: balancePayment.paymentId, amount: { amountMinor: 75000 } }] } });

    const theirs = await place(productId, 20);
    await app.api.post(`/api/orders/${theirs}/pay`, accepted, m.customer.token);
    expect((await app.api.post(`/api/orders/${theirs}/cancel`, { reason: 'Double booked' }, m.vendor.token)).status).toBe(200);
    expect((await folded(app, theirs)).events.at(-1)).toMatchObject({ type: 'OrderCanceled', data: { byRole: 'vendor', refundPercent: 100, refunds: [{ amount: { amountMinor: 45000 } }] } });
  });
});

describe('paying the balance while the order is canceled', () => {
  it('real concurrency: exactly one order of the two wins each time, and a charge the order did not take is owed back', { timeout: 120_000 }, async () => {
    const app = await startTestCommandApi();
    try {
      const m = await createTestMarketplace(app);
      const productId = await productWithTerms(app, m.vendor.token);
      const outcomes = { balanceFirst: 0, cancelFirst: 0 };
      for (let round = 0; round < 12; round++) {
        const orderId = (await app.api.post('/api/orders', { productId, eventDetails: eventIn(60) }, m.customer.token)).body.id;
        expect((await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token)).status).toBe(200);
        // The customer pays the balance while the artist cancels (both take the same order as read).
        const [balance, cancel] = await Promise.all([
          app.api.post(`/api/orders/${orderId}/balance`, accepted, m.customer.token),
          app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Not available that day' }, m.vendor.token),
        ]);
        expect(cancel.status).toBe(200);
        expect([200, 409]).toContain(balance.status);
        await app.flowsCaughtUp();
        const { events, state } = await folded(app, orderId);
        const types = events.map((event) => event.type);
        const charges = (await app.gateway.payments()).filter((payment) => payment.orderId === orderId);
        const cancelEvent = events.find((event) => event.type === 'OrderCanceled')!.data as { refunds: { paymentId: string; amount: { amountMinor: number } }[] };
        if (balance.status === 200) {
          // The balance came first: it is paid, and the vendor's cancel refunds both payments in full.
          outcomes.balanceFirst++;
          expect(types.indexOf('OrderBalancePaid')).toBeLessThan(types.indexOf('OrderCanceled'));
          expect(amountPaid(state).amountMinor).toBe(150000);
          expect(cancelEvent.refunds.reduce((sum, refund) => sum + refund.amount.amountMinor, 0)).toBe(150000);
          expect(types).not.toContain('OrderPaymentReturned');
        } else {
          // The cancel came first: the balance is refused, and a charge the gateway took is owed back and refunded.
          outcomes.cancelFirst++;
          expect(types).not.toContain('OrderBalancePaid');
          expect(amountPaid(state).amountMinor).toBe(45000);
          const returned = events.filter((event) => event.type === 'OrderPaymentReturned').map((event) => event.data as { paymentId: string; amount: { amountMinor: number } });
          const balanceCharges = charges.filter((charge) => charge.amount.amountMinor === 105000);
          expect(returned.map((entry) => [entry.paymentId, entry.amount.amountMinor])).toEqual(balanceCharges.map((charge) => [charge.paymentId, 105000]));
          for (const charge of balanceCharges) expect(charge.refundId).toBeDefined();
        }
        // Totals always equal the fold: every accepted charge is a payment of the order or owed back, and every refund owed is made.
        const owedBack = Object.entries(state.refunds ?? {});
        expect(charges.map((charge) => charge.paymentId).sort()).toEqual([...state.payments.map((payment) => payment.paymentId), ...events.filter((event) => event.type === 'OrderPaymentReturned').map((event) => (event.data as { paymentId: string }).paymentId)].sort());
        expect(owedBack.every(([, owed]) => owed.refundId !== null)).toBe(true);
        expect(balanceDue(state).amountMinor).toBe(150000 - amountPaid(state).amountMinor);
      }
      expect(outcomes.balanceFirst + outcomes.cancelFirst).toBe(12);
    } finally {
      await app.close();
    }
  });

  it('the cancel lands while the card is charged: the balance answers 409 and its charge is owed back and refunded', async () => {
    let charging: () => void = () => {};
    const balanceCharging = new Promise<void>((resolve) => (charging = resolve));
    let canceled: () => void = () => {};
    const cancelDone = new Promise<void>((resolve) => (canceled = resolve));
    const app = await startTestCommandApi({
      wrapPaymentGateway: (gateway) => ({
        ...gateway,
        async charge(request) {
          // Only the balance's charge waits for the cancel.
          if (request.idempotencyKey.includes(':balance:')) {
            charging();
            await cancelDone;
          }
          return gateway.charge(request);
        },
      }),
    });
    try {
      const m = await createTestMarketplace(app);
      const productId = await productWithTerms(app, m.vendor.token);
      const orderId = (await app.api.post('/api/orders', { productId, eventDetails: eventIn(60) }, m.customer.token)).body.id;
      await app.api.post(`/api/orders/${orderId}/pay`, accepted, m.customer.token);
      const paying = app.api.post(`/api/orders/${orderId}/balance`, { ...accepted, instalments: 2 }, m.customer.token);
      await balanceCharging;
      expect((await app.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Not available that day' }, m.vendor.token)).status).toBe(200);
      canceled();
      const paid = await paying;
      expect(paid.status).toBe(409);
      expect(paid.body.code).toBe('order.illegal-transition');
      await app.flowsCaughtUp();
      const { events, state } = await folded(app, orderId);
      // The deposit's refund (the cancel's) and the balance charge's (owed back) are written in either order.
      expect(events.slice(0, 3).map((event) => event.type)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderCanceled']);
      expect(events.slice(3).map((event) => event.type).sort()).toEqual(['OrderPaymentReturned', 'OrderRefunded', 'OrderRefunded']);
      const balanceCharge = (await app.gateway.payments()).find((payment) => payment.orderId === orderId && payment.amount.amountMinor === 105000)!;
      expect(balanceCharge.instalments).toBe(2);
      expect(events.find((event) => event.type === 'OrderPaymentReturned')!.data).toMatchObject({ paymentId: balanceCharge.paymentId, amount: { amountMinor: 105000 }, reason: 'This order was canceled, so nothing more can be paid on it.' });
      expect(state.refunds?.[balanceCharge.paymentId]?.refundId).toBe(balanceCharge.refundId);
      expect(amountPaid(state).amountMinor).toBe(45000);
    } finally {
      await app.close();
    }
  });
});
