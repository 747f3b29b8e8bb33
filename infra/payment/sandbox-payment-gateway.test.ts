import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentGateway, passesLuhn, SANDBOX_CARDS, type SandboxPaymentGateway } from './sandbox-payment-gateway.ts';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { ils } from '../../domain/shared/money.ts';

const stores: Array<{ close(): Promise<void> }> = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function createSandboxPaymentGatewayOnAStore(path = ':memory:'): Promise<SandboxPaymentGateway> {
  const eventStore = await openSqliteEventStore({ path });
  stores.push(eventStore);
  return createSandboxPaymentGateway({ eventStore });
}

const charge = async (cardNumber: string, idempotencyKey = cardNumber + Math.random()) =>
  (await createSandboxPaymentGatewayOnAStore()).charge({ orderId: 'o1', amount: ils(100), cardNumber, idempotencyKey });

describe('sandbox payment gateway', () => {
  it('accepts the accepted test card, also typed with spaces', async () => {
    const result = await charge('4242 4242 4242 4242');
    expect(result.status).toBe('accepted');
    expect(result.cardLast4).toBe('4242');
  });

  it('declines the declined test card with a reason', async () => {
    expect(await charge(SANDBOX_CARDS.declined)).toEqual({ status: 'declined', reason: 'Card declined', cardLast4: '0002' });
    expect(await charge(SANDBOX_CARDS.insufficientFunds)).toMatchObject({ status: 'declined', reason: 'Insufficient funds' });
  });

  it('declines a number failing the Luhn check, and a valid number that is not a test card', async () => {
    expect(await charge('4242424242424241')).toMatchObject({ status: 'declined', reason: 'Invalid card number' });
    expect(await charge('12ab')).toMatchObject({ status: 'declined', reason: 'Invalid card number' });
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(await charge('5555555555554444')).toMatchObject({ status: 'declined', reason: expect.stringContaining('Unknown test card') });
  });

  it('answers a retried charge with the first result and charges once', async () => {
    const gateway = await createSandboxPaymentGatewayOnAStore();
    const request = { orderId: 'o1', amount: ils(250), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'order-o1:pay:0' };
    const first = await gateway.charge(request);
    const second = await gateway.charge(request);
    expect(second).toEqual(first);
    expect(await gateway.payments()).toHaveLength(1);
  });

  it('refunds a payment once, and refuses unknown payments and larger amounts', async () => {
    const gateway = await createSandboxPaymentGatewayOnAStore();
    const paid = await gateway.charge({ orderId: 'o1', amount: ils(250), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'k' });
    if (paid.status !== 'accepted') throw new Error('expected accepted');
    const refund = await gateway.refund({ paymentId: paid.paymentId, amount: ils(250) });
    expect(await gateway.refund({ paymentId: paid.paymentId, amount: ils(250) })).toEqual(refund);
    await expect(gateway.refund({ paymentId: 'nope', amount: ils(1) })).rejects.toThrow(/unknown payment/);
    await expect(gateway.refund({ paymentId: paid.paymentId, amount: ils(251) })).rejects.toThrow(/exceeds/);
  });

  it('keeps its records where every process sees them: charged through one instance, refunded through another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-gateway-'));
    dirs.push(dir);
    const one = await createSandboxPaymentGatewayOnAStore(join(dir, 'events.sqlite'));
    const other = await createSandboxPaymentGatewayOnAStore(join(dir, 'events.sqlite'));
    const request = { orderId: 'o7', amount: ils(300), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'order-o7:pay:0' };
    const [first, second] = await Promise.all([one.charge(request), other.charge(request)]);
    expect(second).toEqual(first);
    if (first.status !== 'accepted') throw new Error('expected accepted');
    const refunds = await Promise.all([other.refund({ paymentId: first.paymentId, amount: ils(300) }), one.refund({ paymentId: first.paymentId, amount: ils(300) })]);
    expect(refunds[1]).toEqual(refunds[0]);
    expect(await one.payments()).toEqual([{ paymentId: first.paymentId, orderId: 'o7', amount: ils(300), instalments: 1, refundId: refunds[0].refundId, refunded: ils(300) }]);
  });

  it('splits a charge into 1 to 12 instalments and refunds a part of a payment, once', async () => {
    const gateway = await createSandboxPaymentGatewayOnAStore();
    const request = { orderId: 'o8', amount: ils(1200), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'order-o8:pay:0', instalments: 6 };
    const paid = await gateway.charge(request);
    if (paid.status !== 'accepted') throw new Error('expected accepted');
    for (const instalments of [0, 13, 2.5]) {
      await expect(gateway.charge({ ...request, idempotencyKey: `other-${instalments}`, instalments })).rejects.toThrow(/instalments/);
    }
    const refund = await gateway.refund({ paymentId: paid.paymentId, amount: ils(600) });
    // A policy's refund is decided once: asking again (a retried step) answers the first refund.
    expect(await gateway.refund({ paymentId: paid.paymentId, amount: ils(600) })).toEqual(refund);
    expect(await gateway.payments()).toEqual([{ paymentId: paid.paymentId, orderId: 'o8', amount: ils(1200), instalments: 6, refundId: refund.refundId, refunded: ils(600) }]);
  });
});
