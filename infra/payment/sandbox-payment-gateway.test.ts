import { describe, expect, it } from 'vitest';
import { createSandboxPaymentGateway, passesLuhn, SANDBOX_CARDS } from './sandbox-payment-gateway.ts';
import { ils } from '../../domain/shared/money.ts';

const charge = (cardNumber: string, idempotencyKey = cardNumber + Math.random()) =>
  createSandboxPaymentGateway().charge({ orderId: 'o1', amount: ils(100), cardNumber, idempotencyKey });

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
    const gateway = createSandboxPaymentGateway();
    const request = { orderId: 'o1', amount: ils(250), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'order-o1:pay:0' };
    const first = await gateway.charge(request);
    const second = await gateway.charge(request);
    expect(second).toEqual(first);
    expect(gateway.payments()).toHaveLength(1);
  });

  it('refunds a payment once, and refuses unknown payments and larger amounts', async () => {
    const gateway = createSandboxPaymentGateway();
    const paid = await gateway.charge({ orderId: 'o1', amount: ils(250), cardNumber: SANDBOX_CARDS.accepted, idempotencyKey: 'k' });
    if (paid.status !== 'accepted') throw new Error('expected accepted');
    const refund = await gateway.refund({ paymentId: paid.paymentId, amount: ils(250) });
    expect(await gateway.refund({ paymentId: paid.paymentId, amount: ils(250) })).toEqual(refund);
    await expect(gateway.refund({ paymentId: 'nope', amount: ils(1) })).rejects.toThrow(/unknown payment/);
    await expect(gateway.refund({ paymentId: paid.paymentId, amount: ils(251) })).rejects.toThrow(/exceeds/);
  });
});
