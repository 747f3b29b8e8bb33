import { z } from 'zod';
import { Money } from '../shared/money.ts';

// How an event is paid for (issue 26, docs/payments.md): the vendor sets per product a deposit that
// holds the date, when the balance is due, a cancellation policy and the most card instalments
// (תשלומים) a customer may split a payment into. An order copies the terms when it is placed, so
// what it was sold under never changes afterwards. Amounts are integer agorot.

/** The deposit that moves an order to `payed`: none (the whole price is paid at once), a percent of the price, or an amount. */
export const DepositRule = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('percent'), percent: z.number().int().min(1).max(100) }),
  z.strictObject({ kind: z.literal('amount'), amount: Money }),
]);
export type DepositRule = z.infer<typeof DepositRule>;

/** One row of a refund schedule: cancel at least `daysBefore` whole days before the event and `percent` of what was paid comes back. */
export const RefundStep = z.strictObject({
  daysBefore: z.number().int().min(0).max(730),
  percent: z.number().int().min(0).max(100),
});
export type RefundStep = z.infer<typeof RefundStep>;

export const cancellationPolicyKinds = ['flexible', 'moderate', 'strict', 'custom'] as const;

export const CancellationPolicy = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('flexible') }),
  z.strictObject({ kind: z.literal('moderate') }),
  z.strictObject({ kind: z.literal('strict') }),
  z.strictObject({ kind: z.literal('custom'), schedule: z.array(RefundStep).min(1).max(10) }),
]);
export type CancellationPolicy = z.infer<typeof CancellationPolicy>;

/** The named policies' schedules: the first row whose `daysBefore` the cancel still meets gives the percent; past the last, nothing. */
export const namedPolicySchedules: Record<Exclude<CancellationPolicy['kind'], 'custom'>, readonly RefundStep[]> = {
  flexible: [{ daysBefore: 7, percent: 100 }, { daysBefore: 2, percent: 50 }],
  moderate: [{ daysBefore: 30, percent: 100 }, { daysBefore: 14, percent: 50 }],
  strict: [{ daysBefore: 60, percent: 50 }],
};

/** The card instalments a payment may be split into, as Israeli cards allow. */
export const MAX_INSTALMENTS = 12;
export const Instalments = z.number().int().min(1).max(MAX_INSTALMENTS);

/** What a vendor sets on a product. */
export const PaymentTerms = z.strictObject({
  deposit: DepositRule,
  /** The balance is due this many days before the event (0: on the day). */
  balanceDueDays: z.number().int().min(0).max(365),
  cancellationPolicy: CancellationPolicy,
  maxInstalments: Instalments,
});
export type PaymentTerms = z.infer<typeof PaymentTerms>;

/** A product whose vendor set nothing: paid in full at booking, the flexible policy, one payment. */
export const defaultPaymentTerms: PaymentTerms = {
  deposit: { kind: 'none' }, balanceDueDays: 0, cancellationPolicy: { kind: 'flexible' }, maxInstalments: 1,
};

/** What an order records when placed: its terms with the deposit settled to an amount. */
export const OrderTerms = z.strictObject({
  deposit: Money,
  balanceDueDays: z.number().int().min(0).max(365),
  cancellationPolicy: CancellationPolicy,
  maxInstalments: Instalments,
});
export type OrderTerms = z.infer<typeof OrderTerms>;

/** Why terms do not fit a price, or null when they do (the product decider refuses with it). */
export function paymentTermsProblem(terms: PaymentTerms, price: Money): { field: string; message: string } | null {
  if (terms.deposit.kind === 'amount' && terms.deposit.amount.amountMinor > price.amountMinor) {
    return { field: 'paymentTerms.deposit.amount', message: 'The deposit cannot be more than the price.' };
  }
  if (terms.deposit.kind === 'amount' && terms.deposit.amount.amountMinor === 0) {
    return { field: 'paymentTerms.deposit.amount', message: 'A deposit of nothing is no deposit: choose "no deposit" instead.' };
  }
  if (terms.cancellationPolicy.kind === 'custom') {
    const days = terms.cancellationPolicy.schedule.map((step) => step.daysBefore);
    if (new Set(days).size !== days.length) {
      return { field: 'paymentTerms.cancellationPolicy.schedule', message: 'Each row of the refund schedule needs its own number of days.' };
    }
  }
  return null;
}

/** The deposit of a price under a rule, in agorot: rounded down, never more than the price. */
export function depositAmount(price: Money, rule: DepositRule): Money {
  switch (rule.kind) {
    case 'none':
      return price;
    case 'percent':
      return { amountMinor: Math.floor((price.amountMinor * rule.percent) / 100), currency: price.currency };
    case 'amount':
      return { amountMinor: Math.min(rule.amount.amountMinor, price.amountMinor), currency: price.currency };
  }
}

/** The terms an order records for a product sold at `total`. */
export function orderTermsOf(terms: PaymentTerms | undefined, total: Money): OrderTerms {
  const { deposit, balanceDueDays, cancellationPolicy, maxInstalments } = terms ?? defaultPaymentTerms;
  return { deposit: depositAmount(total, deposit), balanceDueDays, cancellationPolicy, maxInstalments };
}

/** The rows of a policy, most days first. */
export function refundSchedule(policy: CancellationPolicy): RefundStep[] {
  const steps = policy.kind === 'custom' ? policy.schedule : namedPolicySchedules[policy.kind];
  return [...steps].sort((a, b) => b.daysBefore - a.daysBefore);
}

const DAY_MS = 86_400_000;

/** Whole days from `at` to the event (negative once it began). */
export const daysBeforeEvent = (eventAt: string, at: string): number => Math.floor((Date.parse(eventAt) - Date.parse(at)) / DAY_MS);

/**
 * The percent of what was paid a policy refunds when the order is canceled at `at`. With no event
 * time known, nothing can be late: everything comes back.
 */
export function policyRefundPercent(policy: CancellationPolicy, eventAt: string | undefined, at: string): number {
  if (eventAt === undefined) return 100;
  const days = daysBeforeEvent(eventAt, at);
  return refundSchedule(policy).find((step) => days >= step.daysBefore)?.percent ?? 0;
}

/** When the balance is due: `balanceDueDays` before the event; null when the event has no time. */
export function balanceDueAt(terms: Pick<OrderTerms, 'balanceDueDays'>, eventAt: string | undefined): string | null {
  if (eventAt === undefined) return null;
  return new Date(Date.parse(eventAt) - terms.balanceDueDays * DAY_MS).toISOString();
}
