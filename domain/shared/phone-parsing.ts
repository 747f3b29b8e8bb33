import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { isPhoneObject, isPhoneString } from './phone-rules.ts';

// Phone numbers as people type them, read with libphonenumber-js (Google's libphonenumber rules, the
// "min" metadata: every country's number pattern and lengths, about 20 KB gzipped). Zod-free, so the
// storefront loads it only where a number is typed (web/app/phone-input.ts); the zod schema every
// writer validates with is domain/shared/phone-number.ts.
//
// What is accepted (docs/account.md "Phone"): every value SPEC §5 accepts, as it is (the string form
// `+` and 12 digits, or the object form prefix + 9 digits, joined); besides, any number the library
// finds valid: the local forms typed in Israel (050-123-4567, 0501234567, a landline 02-123-4567 or
// 03-1234567), +972 or 00972 with or without the local 0, and numbers of other countries with their
// + prefix. Separators are ignored (SEPARATORS). Stored in E.164
// (+972501234567; an Israeli landline is +97221234567, 12 characters).

/** A number typed without a country prefix is read as Israeli. */
export const HOME_COUNTRY = 'IL';
export const HOME_DIAL_PREFIX = '+972';

// Spaces (a no-break one too), dashes (the no-break hyphen and the en dash a phone keyboard or a pasted
// example brings), dots, brackets and the direction marks a right-to-left page puts around a number.
const SEPARATORS = /[\s\-\u2010-\u2015\u2212.()\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const TYPED_NUMBER = /^(?:\+|00)?\d{1,20}$/;

/** The digits of a typed number with its leading + (or 00), without separators; '' when nothing was typed. */
export const compactPhone = (typed: string): string => typed.replace(SEPARATORS, '');

/**
 * A typed phone number in E.164 (`+972501234567`), or null when it is not one. Empty text is not a
 * number either (callers that allow no phone check for it first).
 */
export function phoneNumberOf(typed: string): string | null {
  const compact = compactPhone(typed);
  if (!TYPED_NUMBER.test(compact)) return null;
  // The library first: +972 02-123-4567 is +97221234567, though +972021234567 has SPEC §5's shape.
  const parsed = parsePhoneNumberFromString(compact, HOME_COUNTRY);
  if (parsed?.isValid()) return parsed.number;
  return isPhoneString(compact) ? compact : null;
}

/** SPEC §5's object form ({ prefix: '+972', number: '501234567' }) in E.164; a local number after the prefix (0501234567, 021234567) too. */
export function phoneNumberOfParts(parts: { prefix: string; number: string }): string | null {
  if (!/^\+\d{1,3}$/.test(parts.prefix)) return null;
  const number = compactPhone(parts.number);
  if (!/^\d+$/.test(number)) return null;
  return phoneNumberOf(`${parts.prefix}${number}`) ?? (isPhoneObject(parts) ? `${parts.prefix}${parts.number}` : null);
}

/**
 * A stored number for display: an Israeli one in the local format people know (050-123-4567,
 * 02-123-4567), another country's in the international format (+44 20 7946 0958); a value the library
 * does not know as valid (SPEC §5 accepts some) as it is stored.
 */
export function formatPhoneNumber(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored);
  if (!parsed?.isValid()) return stored;
  return parsed.countryCallingCode === HOME_DIAL_PREFIX.slice(1) ? parsed.formatNational() : parsed.formatInternational();
}
