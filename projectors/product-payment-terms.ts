import type { Money } from '../domain/shared/money.ts';
import { defaultPaymentTerms, depositAmount, refundSchedule, type PaymentTerms, type RefundStep } from '../domain/order/payment-terms.ts';

// A product's payment terms as the products and vendor pages views keep them (issue 26,
// docs/payments.md "Payment terms on a product"): the terms as the vendor set them (the defaults
// when they set none: paid in full, the flexible policy, one payment), with what they come to on the
// price worked out here by the domain's functions, so the storefront shows amounts and the refund
// schedule without the domain's code in the browser.
export type ProductPaymentTerms = PaymentTerms & {
  /** What holds the date (`depositAmount`): the whole price when there is no deposit. */
  depositDue: Money;
  /** The rest of the price, due `balanceDueDays` before the event (nothing without a deposit). */
  balance: Money;
  /** The cancellation policy's rows, most days first (`refundSchedule`): cancel at least `daysBefore` days before, `percent` comes back. */
  refundSchedule: RefundStep[];
};

export function productPaymentTerms(terms: PaymentTerms | undefined, price: Money): ProductPaymentTerms {
  const set = terms ?? defaultPaymentTerms;
  const depositDue = depositAmount(price, set.deposit);
  return {
    ...set,
    depositDue,
    balance: { amountMinor: price.amountMinor - depositDue.amountMinor, currency: price.currency },
    refundSchedule: refundSchedule(set.cancellationPolicy),
  };
}
