import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { WrongExpectedRevision, type EventStore } from '../../domain/ports/event-store.ts';
import { PaymentNotRefundable, type ChargeResult, type PaymentGateway } from '../../domain/ports/payment-gateway.ts';
import { Money } from '../../domain/shared/money.ts';
import { systemActor } from '../../domain/shared/actor.ts';
import { PaymentResult } from '../../domain/order/commands.ts';

// The offline PaymentGateway: a sandbox that decides by test card number, like a payment
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
// nothing twice; a charge may be split into 1–12 instalments. A refund returns all of a payment or a
// part, once per payment. Its records live in the event store
// (see createSandboxPaymentGateway), where every process of a deployment sees them.
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
  instalments: number;
  refundId?: string;
  refunded?: Money;
}

/** The sandbox's own records, one stream per charge (`sandboxpayment-<digest of its idempotency key>`). */
export const SANDBOX_PAYMENT_STREAM_PREFIX = 'sandboxpayment-';

const SandboxPaymentEvent = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('SandboxChargeDecided'),
    data: z.strictObject({ orderId: z.string(), amount: Money, instalments: z.number().int().min(1).max(12).optional(), result: PaymentResult }),
  }),
  z.strictObject({ type: z.literal('SandboxRefundIssued'), data: z.strictObject({ refundId: z.string(), amount: Money }) }),
]);
type SandboxPaymentEvent = z.infer<typeof SandboxPaymentEvent>;

export interface SandboxPaymentGateway extends PaymentGateway {
  /** Every accepted charge, for tests and the demo. */
  payments(): Promise<Payment[]>;
}

/**
 * The sandbox keeps its charges and refunds in the event store, in streams of its own: every process
 * of a deployment shares that store, so a payment taken through one instance is refunded through
 * another, as with a real gateway, and a restart forgets nothing. These are the gateway's records, not
 * domain events: no projection reads them.
 */
export function createSandboxPaymentGateway(options: { eventStore: EventStore }): SandboxPaymentGateway {
  const { eventStore } = options;
  const digestOf = (idempotencyKey: string) => createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  const streamOf = (digest: string) => SANDBOX_PAYMENT_STREAM_PREFIX + digest;
  const metadata = () => ({ actor: systemActor, correlationId: randomUUID(), causationId: null, at: new Date().toISOString(), schemaVersion: 1 });

  async function recorded(streamId: string): Promise<{ events: SandboxPaymentEvent[]; revision: number }> {
    const events = await eventStore.readStream(streamId);
    return { events: events.map((event) => SandboxPaymentEvent.parse({ type: event.type, data: event.data })), revision: events.at(-1)?.revision ?? -1 };
  }

  /** Appends unless another process appended first; answers whether this one wrote. */
  async function record(streamId: string, event: SandboxPaymentEvent, expected: number | 'no_stream'): Promise<boolean> {
    try {
      await eventStore.append(streamId, [{ id: randomUUID(), ...event, metadata: metadata() }], expected);
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevision) return false;
      throw error;
    }
  }

  function decide(digest: string, amount: Money, cardNumber: string): ChargeResult {
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
    return { status: 'accepted', paymentId: `pay_${digest}`, cardLast4 };
  }

  return {
    async charge({ orderId, amount, cardNumber, idempotencyKey, instalments = 1 }) {
      if (amount.currency !== 'ILS' || !Number.isInteger(amount.amountMinor) || amount.amountMinor < 0) {
        throw new Error(`Sandbox gateway: invalid amount ${JSON.stringify(amount)}`);
      }
      if (!Number.isInteger(instalments) || instalments < 1 || instalments > 12) {
        throw new Error(`Sandbox gateway: ${instalments} instalments; a card takes 1 to 12`);
      }
      const digest = digestOf(idempotencyKey);
      const streamId = streamOf(digest);
      // A retried charge answers the first result; of two at once, the one that wrote first is the result.
      for (;;) {
        const [first] = (await recorded(streamId)).events;
        if (first?.type === 'SandboxChargeDecided') return first.data.result;
        const result = decide(digest, amount, cardNumber);
        const data = { orderId, amount, ...(instalments > 1 ? { instalments } : {}), result };
        if (await record(streamId, { type: 'SandboxChargeDecided', data }, 'no_stream')) return result;
      }
    },
    async refund({ paymentId, amount }) {
      const digest = paymentId.startsWith('pay_') ? paymentId.slice(4) : '';
      const streamId = streamOf(digest);
      for (;;) {
        const { events, revision } = await recorded(streamId);
        const charged = events[0]?.type === 'SandboxChargeDecided' ? events[0].data : null;
        if (!digest || charged?.result.status !== 'accepted') throw new PaymentNotRefundable(paymentId, `Sandbox gateway: unknown payment ${paymentId}`);
        if (amount.currency !== charged.amount.currency || amount.amountMinor > charged.amount.amountMinor) {
          throw new PaymentNotRefundable(paymentId, `Sandbox gateway: refund of ${amount.amountMinor} exceeds payment ${paymentId}`);
        }
        // Once per payment: a second refund answers the first.
        const refunded = events.find((event) => event.type === 'SandboxRefundIssued');
        if (refunded?.type === 'SandboxRefundIssued') return { refundId: refunded.data.refundId };
        const refundId = `re_${digest}`;
        if (await record(streamId, { type: 'SandboxRefundIssued', data: { refundId, amount } }, revision)) return { refundId };
      }
    },
    async payments() {
      const found = new Map<string, Payment>();
      for (const event of await eventStore.readAll()) {
        if (!event.streamId.startsWith(SANDBOX_PAYMENT_STREAM_PREFIX)) continue;
        const parsed = SandboxPaymentEvent.parse({ type: event.type, data: event.data });
        if (parsed.type === 'SandboxChargeDecided' && parsed.data.result.status === 'accepted') {
          const { orderId, amount, instalments = 1 } = parsed.data;
          found.set(event.streamId, { paymentId: parsed.data.result.paymentId, orderId, amount, instalments });
        } else if (parsed.type === 'SandboxRefundIssued') {
          const payment = found.get(event.streamId);
          if (payment) Object.assign(payment, { refundId: parsed.data.refundId, refunded: parsed.data.amount });
        }
      }
      return [...found.values()];
    },
  };
}
