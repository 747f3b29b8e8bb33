// How a notice's params write what they carry, alike for every notice (the reactor's, notifications/
// recipients.ts, and the balance reminders' sweep): the texts of both languages take them as they are.

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A translatable name as `<prefix>He` and `<prefix>En` params, each falling back to the other language. */
export const namesOf = (prefix: string, value: unknown): Record<string, string> => {
  const name = (value ?? {}) as { he?: string; en?: string };
  return { [`${prefix}He`]: name.he || name.en || '', [`${prefix}En`]: name.en || name.he || '' };
};

/** Agorot as shekels with grouping and agorot only when there are any: 1,500 or 99.50. */
export const shekelsOfMinor = (minor: number): string =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: minor % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 });

/** An amount (`{ amountMinor }`) as shekels, as `shekelsOfMinor` writes them. */
export const shekels = (value: unknown): string => shekelsOfMinor((value as { amountMinor?: number } | undefined)?.amountMinor ?? 0);

/** A day (YYYY-MM-DD) as 12.02.2027: read alike in both languages, and kept together in right-to-left text. */
export const dayText = (day: string): string => day.split('-').reverse().join('.');
