// SPEC §5 Israeli personal id (teudat zehut; a business number, osek or company number, passes the
// same check): trimmed, 5 to 9 digits, padded with leading zeros to 9; check digit: digits weighted
// 1,2,1,2,…, a product over 9 counting as the sum of its digits, the total a multiple of 10. Without
// zod, so the browser's forms check with the very rule the API applies (validation.ts wraps it in zod).
export function israeliIdCheckDigitPasses(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  let sum = 0;
  for (let index = 0; index < 9; index++) {
    const product = Number(nineDigits[index]) * (index % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

/** The id padded to 9 digits when valid, otherwise null. */
export function normalizeIsraeliId(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\d{5,9}$/.test(trimmed)) return null;
  const padded = trimmed.padStart(9, '0');
  return israeliIdCheckDigitPasses(padded) ? padded : null;
}
