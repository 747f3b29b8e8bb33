import { dialPrefixChoices, type Country } from '../../domain/shared/countries.ts';
import type { Locale } from '../api/view-models.ts';

// The phone fields of the profile and of "show the phone number" (SPEC §5): a country prefix chosen
// from a list and the number typed beside it as it is dialled there (050-123-4567, 02-123-4567), or a
// full number typed with + or 00. This module holds what the storefront shows at once (the prefix
// choices, a stored number split into them, a number for display) without the phone library; reading
// what was typed is web/app/phone-input.ts, which pages load where a number is typed.
// The prefixes come from SPEC §3's country table (domain/shared/countries.ts): one choice per prefix,
// named by its countries' flags and names in the page's language.
export const DIAL_PREFIXES = dialPrefixChoices();

/** `+972 🇮🇱 Israel`, `+1 🇺🇸 🇨🇦 United States, Canada`: what a prefix choice says. */
export function dialPrefixLabel(choice: { prefix: string; countries: readonly Country[] }, locale: Locale): string {
  return `${choice.prefix} ${choice.countries.map((entry) => entry.emoji).join(' ')} ${choice.countries.map((entry) => entry.name[locale]).join(', ')}`;
}
export const DEFAULT_DIAL_PREFIX = '+972';

/**
 * A stored number (E.164) as the form shows it: the longest listed prefix it starts with, and the rest
 * as dialled in that country (an Israeli number with its local 0: 050-123-4567); a number of another
 * prefix stays whole, with its +, beside the default prefix (a full number typed with + is accepted).
 */
export function splitPhone(phone: string | null): { prefix: string; number: string } {
  if (!phone) return { prefix: DEFAULT_DIAL_PREFIX, number: '' };
  const prefix = DIAL_PREFIXES.map((entry) => entry.prefix).filter((candidate) => phone.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
  if (!prefix || !/^\+\d+$/.test(phone)) return { prefix: DEFAULT_DIAL_PREFIX, number: phone };
  const local = israeliLocal(phone);
  return { prefix, number: prefix === DEFAULT_DIAL_PREFIX && local ? local : phone.slice(prefix.length) };
}

// Israel's national format, as libphonenumber writes it (domain/shared/phone-parsing.ts formatPhoneNumber;
// web/app/phone-number.test.ts checks they agree): landlines 0X-XXX-XXXX, mobiles and 07X numbers
// 0XX-XXX-XXXX. Kept here without the library so every page can show a number at no cost.
const ISRAELI_LANDLINE = /^\+972([2-489])(\d{3})(\d{4})$/;
const ISRAELI_MOBILE = /^\+972([57]\d)(\d{3})(\d{4})$/;
function israeliLocal(phone: string): string | null {
  const found = ISRAELI_LANDLINE.exec(phone) ?? ISRAELI_MOBILE.exec(phone);
  return found ? `0${found[1]}-${found[2]}-${found[3]}` : null;
}

/**
 * A stored number for display: an Israeli one in the local format (+972501234567 → 050-123-4567,
 * +97221234567 → 02-123-4567); another as stored, its country prefix set apart (+44 2079460958).
 * Show it in a left-to-right span: a dash-separated number reads backwards in right-to-left text.
 */
export function displayPhone(phone: string): string {
  const local = israeliLocal(phone);
  if (local) return local;
  const prefix = DIAL_PREFIXES.map((entry) => entry.prefix).filter((candidate) => phone.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
  return prefix && /^\+\d+$/.test(phone) ? `${prefix} ${phone.slice(prefix.length)}` : phone;
}
