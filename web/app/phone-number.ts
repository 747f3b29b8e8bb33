import { isPhoneObject, isPhoneString } from '../../domain/shared/phone-rules.ts';
import { dialPrefixChoices, type Country } from '../../domain/shared/countries.ts';
import type { Locale } from '../api/view-models.ts';

// The phone of the profile form (SPEC §5): a country prefix chosen from a list and the number typed
// beside it (the object form), or a full number typed with + (the string form). Both are checked
// with the domain's own rules before they are sent (phone-rules.ts, which keeps zod out of the
// storefront's bundle); the account stores the string form.
// The prefixes come from SPEC §3's country table (domain/shared/countries.ts): one choice per prefix,
// named by its countries' flags and names in the page's language.
export const DIAL_PREFIXES = dialPrefixChoices();

/** `+972 🇮🇱 Israel`, `+1 🇺🇸 🇨🇦 United States, Canada`: what a prefix choice says. */
export function dialPrefixLabel(choice: { prefix: string; countries: readonly Country[] }, locale: Locale): string {
  return `${choice.prefix} ${choice.countries.map((entry) => entry.emoji).join(' ')} ${choice.countries.map((entry) => entry.name[locale]).join(', ')}`;
}
export const DEFAULT_DIAL_PREFIX = '+972';
const NUMBER_DIGITS = 9;

/** A stored phone as the form shows it: the last 9 digits as the number, the rest as the prefix. */
export function splitPhone(phone: string | null): { prefix: string; number: string } {
  if (!phone) return { prefix: DEFAULT_DIAL_PREFIX, number: '' };
  const prefix = phone.slice(0, -NUMBER_DIGITS);
  const number = phone.slice(-NUMBER_DIGITS);
  return isPhoneObject({ prefix, number }) ? { prefix, number } : { prefix: DEFAULT_DIAL_PREFIX, number: phone };
}

export type PhoneProblem = 'phoneNumber' | 'phoneFull' | 'phonePrefix';
export type PhoneFromForm = { ok: true; phone: string | { prefix: string; number: string } | undefined } | { ok: false; problem: PhoneProblem };

/**
 * What the form sends for a prefix and a typed number: nothing when empty (the phone is removed), the
 * string form when typed with + (or 00), else the object form. Spaces, dashes, dots and brackets are
 * ignored, and the leading 0 of a local number (050-1234567) is dropped.
 */
export function phoneFromForm(prefix: string, typed: string): PhoneFromForm {
  let compact = typed.replace(/[\s\-.()\u200e\u200f\u2066-\u2069]/g, '');
  if (compact === '') return { ok: true, phone: undefined };
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (compact.startsWith('+')) return isPhoneString(compact) ? { ok: true, phone: compact } : { ok: false, problem: 'phoneFull' };
  if (/^0\d{9}$/.test(compact)) compact = compact.slice(1);
  if (!/^\+\d{1,3}$/.test(prefix)) return { ok: false, problem: 'phonePrefix' };
  const phone = { prefix, number: compact };
  return isPhoneObject(phone) ? { ok: true, phone } : { ok: false, problem: 'phoneNumber' };
}

/** +972501234567 → +972 50-123-4567; other numbers as they are. */
export function displayPhone(phone: string): string {
  const israeli = /^\+972(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return israeli ? `+972 ${israeli[1]}-${israeli[2]}-${israeli[3]}` : phone;
}
