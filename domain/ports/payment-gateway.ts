import type { Money } from '../shared/money.ts';

// Payments (issue 2): the default adapter is a sandbox that accepts 4242424242424242 and declines
// 4000000000000002, so the whole flow runs offline.
export type ChargeResult =
  | { status: 'accepted'; paymentId: string; cardLast4: string }
  | { status: 'declined'; reason: string; cardLast4: string };

export interface PaymentGateway {
  charge(request: { orderId: string; amount: Money; cardNumber: string; idempotencyKey: string }): Promise<ChargeResult>;
  refund(request: { paymentId: string; amount: Money }): Promise<{ refundId: string }>;
}
