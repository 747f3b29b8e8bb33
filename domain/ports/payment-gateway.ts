import type { Money } from '../shared/money.ts';

// Payments: the default adapter is a sandbox that accepts 4242424242424242 and declines
// 4000000000000002, so the whole flow runs offline.
export type ChargeResult =
  | { status: 'accepted'; paymentId: string; cardLast4: string }
  | { status: 'declined'; reason: string; cardLast4: string };

export interface PaymentGateway {
  /**
   * Idempotent by `idempotencyKey`: a retried charge answers the first result and charges nothing twice.
   * `instalments` (1–12, default 1) splits the charge on the card as Israeli issuers do (תשלומים).
   */
  charge(request: { orderId: string; amount: Money; cardNumber: string; idempotencyKey: string; instalments?: number }): Promise<ChargeResult>;
  /**
   * Refunds `amount` of a payment (all of it or a part, as a cancellation policy gives), once per payment:
   * a second refund of the same payment answers the first. More than the payment is never refundable.
   */
  refund(request: { paymentId: string; amount: Money }): Promise<{ refundId: string }>;
}

/** The gateway cannot refund this payment, and never will: it does not know it, or the amount exceeds it. */
export class PaymentNotRefundable extends Error {
  readonly paymentId: string;
  constructor(paymentId: string, reason: string) {
    super(reason);
    this.name = 'PaymentNotRefundable';
    this.paymentId = paymentId;
  }
}
