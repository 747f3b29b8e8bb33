import { z } from 'zod';

// ILS is the only currency (SPEC §9). Amounts are integer agorot (1 ILS = 100 agorot) so sums never
// suffer from floating point.
export const Currency = z.literal('ILS');
export const Money = z.object({
  amountMinor: z.number().int().nonnegative(),
  currency: Currency,
});
export type Money = z.infer<typeof Money>;

export const ils = (shekels: number): Money => ({ amountMinor: Math.round(shekels * 100), currency: 'ILS' });
