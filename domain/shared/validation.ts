import { z } from 'zod';
import { israeliIdCheckDigitPasses } from './israeli-id.ts';
import { isUrlSafe } from './slug.ts';
import { translatable, translatableText } from './translatable.ts';
import { PHONE_LENGTH, PHONE_NUMBER, PHONE_PREFIX, isPhoneString } from './phone-rules.ts';

// The validation rules of SPEC §5, each exactly as written there, as zod schemas (or functions
// behind them) that commands, events and HTTP bodies share.

// --- Good password: empty passes; a number is turned into text; length at least 8.
export const PASSWORD_MIN_LENGTH = 8;
export const goodPassword = z
  .union([z.string(), z.number(), z.null(), z.undefined()])
  .transform((value) => (value === null || value === undefined ? '' : String(value)))
  .refine((text) => text === '' || text.length >= PASSWORD_MIN_LENGTH, {
    message: `Password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  });
/** A password that must be given (registration, password change): goodPassword, but not empty. */
export const requiredPassword = goodPassword.refine((text) => text !== '', { message: 'Password is required' });

// --- Not exactly false: fails only when the value is exactly false (e.g. an "I agree" checkbox).
export const isNotExactlyFalse = (value: unknown): boolean => value !== false;
export const notExactlyFalse = z.unknown().refine(isNotExactlyFalse, { message: 'Must not be false' });

// --- Phone, string form: empty or null valid; otherwise starts with +, not +0, exactly 13
// characters, the rest digits (e.g. +972501234567). The rules themselves are in phone-rules.ts.
export { PHONE_LENGTH, isPhoneString };
export const phoneString = z
  .string()
  .nullish()
  .refine(isPhoneString, { message: `Phone must start with + (not +0) and have ${PHONE_LENGTH} characters, the rest digits` });

// --- Phone, object form: prefix starts with +, at most 4 characters, digits after the plus;
// number exactly 9 digits (e.g. { prefix: '+972', number: '501234567' }).
export const phoneObject = z.strictObject({
  prefix: z.string().regex(PHONE_PREFIX, 'Prefix must be + and 1 to 3 digits'),
  number: z.string().regex(PHONE_NUMBER, 'Number must be exactly 9 digits'),
});
export type PhoneObject = z.infer<typeof phoneObject>;

/** Either phone form is accepted. */
export const phone = z.union([phoneString, phoneObject]);

// --- Israeli personal id (teudat zehut): the rule is in israeli-id.ts (zod-free, for the browser too).
export { israeliIdCheckDigitPasses, normalizeIsraeliId } from './israeli-id.ts';
/** Parses to the 9-digit padded id. */
export const israeliId = z
  .string()
  .trim()
  .regex(/^\d{5,9}$/, 'Id must have 5 to 9 digits')
  .transform((digits) => digits.padStart(9, '0'))
  .refine(israeliIdCheckDigitPasses, { message: 'Id check digit is wrong' });

// --- URL-safe string: valid only if equal to its URL-safe form (see slug.ts).
export const urlSafeString = z.string().refine(isUrlSafe, { message: 'Must be a URL-safe slug (lowercase letters and digits joined by single hyphens, at most 200 characters)' });

// --- Maximum element count: an array or an object may hold no more entries than max.
export const elementCount = (value: readonly unknown[] | Record<string, unknown>): number =>
  Array.isArray(value) ? value.length : Object.keys(value).length;
export const maxElementCount = (max: number) =>
  z
    .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
    .refine((value) => elementCount(value) <= max, { message: `Must hold at most ${max} entries` });

// --- Vendor (SPEC §5): intro required max 100; originLocation required max 20; name and languages required.
export const VENDOR_INTRO_MAX = 100;
export const VENDOR_ORIGIN_LOCATION_MAX = 20;
export const vendorName = translatable({ max: 200 });
export const vendorIntro = translatable({ max: VENDOR_INTRO_MAX });
export const vendorOriginLocation = translatable({ max: VENDOR_ORIGIN_LOCATION_MAX });
export const vendorLanguages = z.array(z.string().trim().min(2).max(20)).min(1, 'At least one language is required').max(20);

// --- Product (SPEC §5): introText required max 250; serviceDuration required integer; name,
// information, price, currency required.
export const PRODUCT_INTRO_TEXT_MAX = 250;
export const productName = translatable({ max: 200 });
/** Rich text (HTML) per language; a plain string is one language's (translatableText). */
export const productInformation = translatableText({ max: 50_000 });
export const productIntroText = translatableText({ max: PRODUCT_INTRO_TEXT_MAX });
/** Minutes. */
export const serviceDuration = z.number().int('Service duration must be a whole number').nonnegative();
