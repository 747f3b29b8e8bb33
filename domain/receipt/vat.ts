// VAT on a receipt (issue 26 item 5). Prices are VAT-inclusive (Israeli consumer prices are), so a
// receipt shows the VAT contained in what was paid: amount × rate / (100% + rate).
// The rate is held in basis points (1/100 of a percent: 18% is 1800) so every step stays in integers;
// the VAT is rounded half up to the agora: ⌊(2·amount·bp + (10000 + bp)) / (2·(10000 + bp))⌋.
// E.g. 100.00 ₪ at 18%: 10000 × 1800 / 11800 = 1525.42… → 15.25 ₪ of VAT; 118.00 ₪ → exactly 18.00 ₪.
// BigInt keeps the product exact whatever the amount.

/** Israel's VAT since 2025-01-01 (17% before): the rate when the `receipts.vatPercent` entry is not set. */
export const DEFAULT_VAT_BASIS_POINTS = 1800;

/** The configuration entry an admin sets the rate with, in percent (e.g. 18 or 17.5); docs/payments.md. */
export const VAT_CONFIG_KEY = 'receipts.vatPercent';

/** Why a percent typed for the VAT entry cannot be used, or null: 0–100, at most two decimals. */
export function vatPercentProblem(value: string): string | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value.trim())) return 'Must be a percent between 0 and 100 with at most two decimals, e.g. 18';
  return Number(value) > 100 ? 'Must be a percent between 0 and 100, e.g. 18' : null;
}

/** The rate in basis points from the entry's value; the default when absent or unusable. */
export function vatBasisPointsOf(configValue: string | undefined): number {
  if (configValue === undefined || vatPercentProblem(configValue) !== null) return DEFAULT_VAT_BASIS_POINTS;
  const [whole, fraction = ''] = configValue.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The VAT contained in a VAT-inclusive amount, in agorot, rounded half up. */
export function includedVat(amountMinor: number, basisPoints: number): number {
  if (basisPoints === 0 || amountMinor === 0) return 0;
  const amount = BigInt(amountMinor);
  const rate = BigInt(basisPoints);
  const denominator = 10000n + rate;
  return Number((2n * amount * rate + denominator) / (2n * denominator));
}

/** The rate as people read it: 1800 → "18", 1750 → "17.5". */
export const vatPercentText = (basisPoints: number): string => String(basisPoints / 100);
