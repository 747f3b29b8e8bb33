import { z } from 'zod';
import { IsoTime } from '../shared/ids.ts';
import { PHONE_NUMBER_MESSAGE, phoneNumberOf } from '../shared/phone-number.ts';
import { EventDetails } from './event-details-shape.ts';

export { EventDetails, HeldEventDetails, StoredPhone, changedEventDetailFields, eventDetailFields, missingEventDetailFields, type EventDetailField } from './event-details-shape.ts';

// An order's event details (issue 22 item 1): what the customer books the artist for, where, when, for
// how many guests, and whom to call on the day. Optional on an order (orders placed before them, and API
// clients of the SPEC, carry none); the storefront's checkout asks for all of them. The details as held
// (events, views) are in event-details-shape.ts; here, as commands bring them, the phone as typed.

/**
 * A phone to call about the event, as people type it (050-123-4567, 0501234567, a landline 02-123-4567,
 * +972 50-123-4567, another country's number with its +), read with the one phone rule of every form
 * (domain/shared/phone-number.ts `phoneNumberOf`, docs/account.md "Phone") and given as E.164 (+972501234567). Required.
 */
export const ContactPhone = z.string().trim().min(1, 'Please give a phone number to call about the event').max(40)
  .transform((typed, context): string => {
    const e164 = phoneNumberOf(typed);
    if (e164 !== null) return e164;
    context.addIssue({ code: 'custom', message: PHONE_NUMBER_MESSAGE, input: typed });
    return z.NEVER;
  })
  .meta({ description: 'A phone to call about the event, as dialled in Israel (050-123-4567, 02-123-4567) or with its country prefix (+44 20 7946 0958); stored in E.164 (+972501234567)', examples: ['050-123-4567', '+972501234567'] });

/**
 * The details as a command brings them: `date` may be left out for a timed service, whose event starts
 * at the booked slot (given, it must be that start); the other product types need it. The phone as
 * typed, parsed to E.164 (the decider settles it again: `contactPhoneOf`).
 */
export const EventDetailsInput = EventDetails.extend({ date: IsoTime.optional(), contactPhone: ContactPhone });
export type EventDetailsInput = z.infer<typeof EventDetailsInput>;

/** What PlaceOrder brings: the whole details, or (the system only, from an accepted quote) without the address and phone. */
export const PlacedEventDetailsInput = EventDetailsInput.partial({ address: true, contactPhone: true });
export type PlacedEventDetailsInput = z.infer<typeof PlacedEventDetailsInput>;

/** A phone a command brings, in E.164 as the events hold it (the command schema already parses it so), or null when it is no phone. */
export function contactPhoneOf(given: string): string | null {
  const parsed = ContactPhone.safeParse(given);
  return parsed.success ? parsed.data : null;
}
