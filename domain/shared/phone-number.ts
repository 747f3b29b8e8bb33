import { z } from 'zod';
import { phoneNumberOf, phoneNumberOfParts } from './phone-parsing.ts';

export { formatPhoneNumber, phoneNumberOf, phoneNumberOfParts, HOME_COUNTRY, HOME_DIAL_PREFIX } from './phone-parsing.ts';

// The phone number every writer takes (sign-up, the profile, phone number dispenses, an order's event
// details): text as people type it (050-123-4567, 02-123-4567, +972 50 123 4567, +44 20 7946 0958) or
// SPEC §5's object form { prefix, number }, parsed to E.164 (+972501234567). The rules and why they
// extend SPEC §5's "exactly 13 characters": domain/shared/phone-parsing.ts and docs/account.md.

export const PHONE_NUMBER_MESSAGE = 'Must be a phone number: a local one (050-123-4567, 02-123-4567) or one with its country prefix (+44 20 7946 0958)';

const PhoneParts = z.strictObject({ prefix: z.string().max(10), number: z.string().max(40) });
const PhoneInput = z.union([z.string().max(40), PhoneParts]).meta({
  description: 'A phone number as dialled in Israel (050-123-4567, a landline 02-123-4567) or with its country prefix (+44 20 7946 0958), or SPEC §5\'s object form { prefix, number }; stored in E.164 (+972501234567)',
  examples: ['050-123-4567', '+972501234567'],
});
type PhoneInput = z.infer<typeof PhoneInput>;

const toE164 = (value: PhoneInput, context: z.RefinementCtx): string => {
  const e164 = typeof value === 'string' ? phoneNumberOf(value) : phoneNumberOfParts(value);
  if (e164 !== null) return e164;
  context.addIssue({ code: 'custom', message: PHONE_NUMBER_MESSAGE, input: value });
  return z.NEVER;
};

/** A phone number, typed or in SPEC §5's object form, as E.164. Required: empty text is refused. */
export const PhoneNumber = PhoneInput.transform(toE164);
export type PhoneNumber = z.output<typeof PhoneNumber>;

/** A phone number that may be left out: empty text or null is none (undefined); anything else as PhoneNumber. */
export const OptionalPhoneNumber = z
  .union([PhoneInput, z.null()])
  .optional()
  .transform((value, context): string | undefined =>
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : toE164(value, context));
