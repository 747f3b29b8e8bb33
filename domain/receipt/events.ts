import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Money } from '../shared/money.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Instalments } from '../order/payment-terms.ts';

// Stream `receipts-<vendorId>`: the vendor's receipt book (issue 26 item 5, docs/payments.md "Receipts").
// Each payment and each refund of the vendor's orders gets one receipt, numbered 1, 2, 3, … without gaps
// or repeats per vendor, with what it says frozen at issue: names, language and the VAT rate.
export const ReceiptKind = z.enum(['payment', 'refund']);
export type ReceiptKind = z.infer<typeof ReceiptKind>;
export const ReceiptLanguage = z.enum(['he', 'en']);
export type ReceiptLanguage = z.infer<typeof ReceiptLanguage>;
const Name = z.strictObject({ he: z.string().optional(), en: z.string().optional() });

export const ReceiptIssued = event('ReceiptIssued', z.strictObject({
  vendorId: Id,
  /** The next in the vendor's sequence: 1 for the first receipt, no gaps, no repeats. */
  number: z.number().int().positive(),
  kind: ReceiptKind,
  /** The payment's paymentId, or the refund's refundId: one receipt per source. */
  sourceId: z.string().min(1),
  /** The payment paid, or the payment the refund gives back. */
  paymentId: z.string().min(1),
  orderId: Id,
  customerId: Id,
  customerName: z.string(),
  vendorName: Name,
  productName: Name,
  /** What was paid or refunded, VAT included. */
  amount: Money,
  /** The VAT rate used, in basis points (1800 = 18%): kept, so a later rate does not change this receipt. */
  vatBasisPoints: z.number().int().min(0).max(10_000),
  /** The VAT contained in `amount` (domain/receipt/vat.ts: rounded half up to the agora). */
  vatAmount: Money,
  /** Payments: which one (the whole price, the deposit, the balance) and its card instalments. */
  part: z.enum(['full', 'deposit', 'balance']).optional(),
  instalments: Instalments.optional(),
  /** Refunds: the number of the refunded payment's receipt, when it has one. */
  refundOf: z.number().int().positive().optional(),
  /** The customer's language at issue: the receipt is written in it. */
  language: ReceiptLanguage,
  /** When the money moved (the payment's or the refund's time): the receipt's date. */
  at: IsoTime,
}));

export const ReceiptEvent = z.discriminatedUnion('type', [ReceiptIssued]);
export type ReceiptEvent = z.infer<typeof ReceiptEvent>;
export type ReceiptIssuedData = z.infer<typeof ReceiptIssued>['data'];
