import { randomUUID } from 'node:crypto';
import type { ChargeResult, PaymentGateway } from '../../domain/ports/payment-gateway.ts';
import type { Money } from '../../domain/shared/money.ts';

// The offline PaymentGateway (issue 2): a sandbox that decides by test card number, like a payment
// provider's test mode, so the whole order flow runs without a network.
//
//   4242 4242 4242 4242  accepted
//   4000 0000 0000 0002  declined: "Card declined"
//   4000 0000 0000 9995  declined: "Insufficient funds"
//   anything else        declined: not a valid card number (format or Luhn check digit), or a valid
//                        number that is not a sandbox test card ("Unknown test card"). A sandbox must
//                        never look like it accepts real cards.
//
// Charges are idempotent by `idempotencyKey`: a retried charge answers the first result and charges
// nothing twice. Refunds are full refunds, idempotent per payment.
export const SANDBOX_CARDS = {
  accepted: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const declineReasons: Record<string, string> = {
  [SANDBOX_CARDS.declined]: 'Card declined',
  [SANDBOX_CARDS.insufficientFunds]: 'Insufficient funds',
};

/** Digits only: spaces and dashes people type between groups are dropped. */
export const normalizeCardNumber = (cardNumber: string): string => cardNumber.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every real card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface Payment {
  paymentId: string;
  orderId: string;
  amount: Money;
  refundId?: string;
}

export interface SandboxPaymentGateway extends PaymentGateway {
  /** Every accepted charge, for tests and the demo. */
  payments(): readonly Payment[];
}

export function createSandboxPaymentGateway(): SandboxPaymentGateway {
  const resultsByKey = new Map<string, ChargeResult>();
  const paymentsById = new Map<string, Payment>();

  function decide(orderId: string, amount: Money, cardNumber: string): ChargeResult {
    const digits = normalizeCardNumber(cardNumber);
    const cardLast4 = digits.slice(-4);
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
      return { status: 'declined', reason: 'Invalid card number', cardLast4 };
    }
    const declineReason = declineReasons[digits];
    if (declineReason) return { status: 'declined', reason: declineReason, cardLast4 };
    if (digits !== SANDBOX_CARDS.accepted) {
      return { status: 'declined', reason: 'Unknown test card: the sandbox accepts only 4242 4242 4242 4242', cardLast4 };
    }
    const payment: Payment = { paymentId: `pay_${randomUUID()}`, orderId, amount };
    paymentsById.set(payment.paymentId, payment);
    return { status: 'accepted', paymentId: payment.paymentId, cardLast4 };
  }

  return {
    async charge({ orderId, amount, cardNumber, idempotencyKey }) {
      const earlier = resultsByKey.get(idempotencyKey);
      if (earlier) return earlier;
      if (amount.currency !== 'ILS' || !Number.isInteger(amount.amountMinor) || amount.amountMinor < 0) {
        throw new Error(`Sandbox gateway: invalid amount ${JSON.stringify(amount)}`);
      }
      const result = decide(orderId, amount, cardNumber);
      resultsByKey.set(idempotencyKey, result);
      return result;
    },
    async refund({ paymentId, amount }) {
      const payment = paymentsById.get(paymentId);
      if (!payment) throw new Error(`Sandbox gateway: unknown payment ${paymentId}`);
      if (amount.currency !== payment.amount.currency || amount.amountMinor > payment.amount.amountMinor) {
        throw new Error(`Sandbox gateway: refund of ${amount.amountMinor} exceeds payment ${paymentId}`);
      }
      payment.refundId ??= `re_${randomUUID()}`;
      return { refundId: payment.refundId };
    },
    payments: () => [...paymentsById.values()],
  };
}
