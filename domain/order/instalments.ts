import type { Money } from '../shared/money.ts';

// A card payment split into instalments (תשלומים): the card is charged the first at once and one more
// each month. As Israeli issuers do, the instalments are equal in whole agorot and the first carries
// what does not divide, so the schedule always sums to the amount.

export interface Instalment {
  /** 1-based. */
  number: number;
  amount: Money;
  /** When the card is charged it (UTC ISO): the payment's time, then a month apart. */
  chargedAt: string;
}

export function instalmentSchedule(amount: Money, instalments: number, paidAt: string): Instalment[] {
  const count = Math.max(1, Math.trunc(instalments));
  const each = Math.floor(amount.amountMinor / count);
  const first = amount.amountMinor - each * (count - 1);
  const start = new Date(paidAt);
  return Array.from({ length: count }, (_, index) => {
    const chargedAt = new Date(start);
    chargedAt.setUTCMonth(start.getUTCMonth() + index);
    // A month shorter than the start day's (31 Jan + 1 month) charges on its last day, not in the next month.
    if (chargedAt.getUTCDate() !== start.getUTCDate()) chargedAt.setUTCDate(0);
    return { number: index + 1, amount: { amountMinor: index === 0 ? first : each, currency: amount.currency }, chargedAt: chargedAt.toISOString() };
  });
}
