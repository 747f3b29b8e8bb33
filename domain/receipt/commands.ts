import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Money } from '../shared/money.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { Instalments } from '../order/payment-terms.ts';
import { ReceiptKind, ReceiptLanguage } from './events.ts';

// The one command of a receipt book: issue the receipt of a payment or a refund (the receipts flow,
// process-managers/receipts.ts, as the system). The number and the VAT are the decider's.
const Name = z.strictObject({ he: z.string().optional(), en: z.string().optional() });

export const IssueReceipt = command('IssueReceipt', {
  vendorId: Id,
  kind: ReceiptKind,
  sourceId: z.string().min(1),
  paymentId: z.string().min(1),
  orderId: Id,
  customerId: Id,
  customerName: z.string(),
  vendorName: Name,
  productName: Name,
  amount: Money,
  /** The configured rate now, in basis points; a refund of a receipted payment keeps that payment's rate. */
  vatBasisPoints: z.number().int().min(0).max(10_000),
  part: z.enum(['full', 'deposit', 'balance']).optional(),
  instalments: Instalments.optional(),
  language: ReceiptLanguage,
  /** When the money moved. */
  paidAt: IsoTime,
});
export type IssueReceipt = z.infer<typeof IssueReceipt>;

export const ReceiptCommand = z.discriminatedUnion('type', [IssueReceipt]);
export type ReceiptCommand = z.infer<typeof ReceiptCommand>;
