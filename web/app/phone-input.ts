import { compactPhone, phoneNumberOf, phoneNumberOfParts } from '../../domain/shared/phone-parsing.ts';

// What a phone field's typed text is (the profile, "show the phone number"): read with the same rules
// as the API (domain/shared/phone-parsing.ts, libphonenumber-js), so a bad number is named in the page's
// language before anything is sent. It carries the phone library (about 30 KB gzipped): the profile's
// chunk imports it, storefront components load it with import() when a number is sent.

export type PhoneProblem = 'phoneNumber' | 'phoneFull' | 'phonePrefix';
export type PhoneFromForm = { ok: true; phone: string | undefined } | { ok: false; problem: PhoneProblem };

/**
 * The phone (E.164) of a chosen prefix and the number typed beside it: nothing when empty (the phone is
 * removed); a number typed with + or 00 is read whole, any other as dialled in the prefix's country
 * (050-123-4567 or 50 123 4567 with +972; 02-123-4567, a landline).
 */
export function phoneFromForm(prefix: string, typed: string): PhoneFromForm {
  const text = typed.trim();
  if (text === '') return { ok: true, phone: undefined };
  const compact = compactPhone(text);
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const phone = phoneNumberOf(compact);
    return phone ? { ok: true, phone } : { ok: false, problem: 'phoneFull' };
  }
  if (!/^\+\d{1,3}$/.test(prefix)) return { ok: false, problem: 'phonePrefix' };
  const phone = phoneNumberOfParts({ prefix, number: compact });
  return phone ? { ok: true, phone } : { ok: false, problem: 'phoneNumber' };
}
