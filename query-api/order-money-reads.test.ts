import { describe, expect, it, vi } from 'vitest';
import { useMarketplaceOn } from '../command-api/testing/marketplace.ts';
import { productDetails } from '../command-api/testing/fixtures.ts';
import { SANDBOX_CARDS } from '../infra/payment/sandbox-payment-gateway.ts';
import { startFullStack } from '../test/full-stack.ts';

// An order's money as the query API answers it (issue 26, docs/payments.md): the terms it was sold
// under, each payment with its instalments, paid, the balance due and its date, whether it is
// overdue now, and what a cancel by the asker now would refund; the customer's payments list has the
// deposit, the balance and the part of each a cancel gave back.

const DAY_MS = 86_400_000;
const card = { cardNumber: SANDBOX_CARDS.accepted };
const ils = (amountMinor: number) => ({ amountMinor, currency: 'ILS' });
/** 30% of ₪1,500 holds the date; the rest is due 14 days before the event; moderate policy; up to 6 instalments. */
const terms = { deposit: { kind: 'percent', percent: 30 }, balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 };
const eventOn = (date: string) => ({ eventType: 'wedding', date, city: 'Haifa', address: 'HaNassi 5', guests: 120, contactPhone: '+972501234567' });
const minuteIn = (days: number) => new Date(Math.floor((Date.now() + days * DAY_MS) / 60_000) * 60_000).toISOString();

describe('order money reads', () => {
  const { app: stack, m: market } = useMarketplaceOn(startFullStack);
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

  async function orderWithTerms(eventAt: string): Promise<string> {
    const product = await stack.api.post('/api/vendor/products', { details: { ...productDetails('default'), paymentTerms: terms } }, market.vendor.token);
    expect(product.status).toBe(201);
    const placed = await stack.api.post('/api/orders', { productId: product.body.id, eventDetails: eventOn(eventAt) }, market.customer.token);
    expect(placed.status).toBe(201);
    return placed.body.id;
  }
  const read = async (orderId: string, token: string, revision: number) => {
    const answer = await stack.api.get(`/api/orders/${orderId}?minRevision=${revision}`, token);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('answers terms, payments with instalments, paid, balance due and its date, and each asker their cancel refund', async () => {
    // 20 days before the event: a customer's cancel gives back half under the moderate policy.
    const eventAt = minuteIn(20);
    const orderId = await orderWithTerms(eventAt);
    const placed = await read(orderId, market.customer.token, 0);
    expect(placed).toMatchObject({
      terms: { deposit: ils(45000), balanceDueDays: 14, cancellationPolicy: { kind: 'moderate' }, maxInstalments: 6 },
      holdUntil: null, payments: [], paid: ils(0), balanceDue: ils(0), balanceDueAt: null, overdue: false,
      cancellationPreview: { percent: 50, amount: ils(0) },
    });

    const paid = await stack.api.post(`/api/orders/${orderId}/pay`, { ...card, instalments: 3 }, market.customer.token);
    const afterDeposit = await read(orderId, market.customer.token, paid.body.revision);
    expect(afterDeposit).toMatchObject({
      status: 'payed', paid: ils(45000), balanceDue: ils(105000), balanceDueAt: new Date(Date.parse(eventAt) - 14 * DAY_MS).toISOString(), overdue: false,
      payments: [{ part: 'deposit', amount: ils(45000), instalments: 3, cardLast4: '4242', refund: null }],
      cancellationPreview: { percent: 50, amount: ils(22500) },
    });
    // The artist's cancel gives everything back while the balance is not overdue; an admin's too.
    expect((await read(orderId, market.vendor.token, paid.body.revision)).cancellationPreview).toEqual({ percent: 100, amount: ils(45000) });
    expect((await read(orderId, market.admin.token, paid.body.revision)).cancellationPreview).toEqual({ percent: 100, amount: ils(45000) });

    const balance = await stack.api.post(`/api/orders/${orderId}/balance`, { ...card, instalments: 6 }, market.customer.token);
    expect(balance.status).toBe(200);
    const afterBalance = await read(orderId, market.customer.token, balance.body.revision);
    expect(afterBalance).toMatchObject({
      paid: ils(150000), balanceDue: ils(0), balanceDueAt: null,
      payments: [{ part: 'deposit' }, { part: 'balance', amount: ils(105000), instalments: 6 }],
      cancellationPreview: { percent: 50, amount: ils(75000) },
    });
    expect(afterBalance.timeline.map((entry: { event: string }) => entry.event)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderBalancePaid']);

    // The customer cancels: half comes back, all of it from the balance (the latest payment first).
    const canceled = await stack.api.post(`/api/orders/${orderId}/cancel`, { reason: 'Plans changed' }, market.customer.token);
    const afterCancel = await read(orderId, market.customer.token, canceled.body.revision);
    expect(afterCancel).toMatchObject({
      status: 'canceled', overdue: false, cancellationPreview: null,
      cancellation: { refundPercent: 50, refunds: [{ paymentId: afterBalance.payments[1].paymentId, amount: ils(75000) }] },
      payments: [{ part: 'deposit', refund: null }, { part: 'balance', refund: { amount: ils(75000) } }],
    });

    // The payments list: the deposit and the balance charged, half of the balance given back.
    await eventually(async () => {
      const payments = await stack.api.get('/api/payments?limit=100', market.customer.token);
      const ofOrder = payments.body.items.filter((entry: { orderId: string }) => entry.orderId === orderId);
      expect(ofOrder.map((entry: { kind: string; part: string; amount: { amountMinor: number }; instalments: number }) => [entry.kind, entry.part, entry.amount.amountMinor, entry.instalments])).toEqual([
        ['refund', 'balance', 75000, 6], ['charge', 'balance', 105000, 6], ['charge', 'deposit', 45000, 3],
      ]);
    });
  });

  it('a balance unpaid past its due date is overdue to both, and the artist then cancels under the policy', async () => {
    // Ten days before the event, the balance (due 14 days before) is overdue at once; the moderate policy gives nothing back this late.
    const orderId = await orderWithTerms(minuteIn(10));
    const paid = await stack.api.post(`/api/orders/${orderId}/pay`, card, market.customer.token);
    const mine = await read(orderId, market.customer.token, paid.body.revision);
    expect(mine).toMatchObject({ overdue: true, balanceDue: ils(105000), cancellationPreview: { percent: 0, amount: ils(0) } });
    const theirs = await read(orderId, market.vendor.token, paid.body.revision);
    expect(theirs).toMatchObject({ overdue: true, cancellationPreview: { percent: 0, amount: ils(0) } });
    expect((await read(orderId, market.admin.token, paid.body.revision)).cancellationPreview).toEqual({ percent: 100, amount: ils(45000) });
    // Someone with no part in the order reads nothing of it.
    expect((await stack.api.get(`/api/orders/${orderId}`, market.otherVendor.token)).status).toBe(404);
    // The artist's own orders list answers the same.
    await eventually(async () => {
      const list = await stack.api.get('/api/vendor/orders?limit=100', market.vendor.token);
      expect(list.body.items.find((order: { orderId: string }) => order.orderId === orderId)).toMatchObject({ overdue: true, cancellationPreview: { percent: 0 } });
    });
  });
});
