import { z } from 'zod';
import { EventType, GuestCount } from '../shared/event-type.ts';
import { IsoTime } from '../shared/ids.ts';
import { phoneString } from '../shared/validation.ts';

// An order's event details (issue 22 item 1): what the customer books the artist for, where, when, for
// how many guests, and whom to call on the day. Optional on an order (orders placed before them, and API
// clients of the SPEC, carry none); the storefront's checkout asks for all of them.

/** A phone to call about the event, E.164 (+972501234567): the SPEC §5 phone string rule, but required. */
export const ContactPhone = z.string().trim()
  .min(1, 'Please give a phone number to call about the event')
  .refine((value) => phoneString.safeParse(value).success, { message: 'Phone must start with + (not +0) and have 13 characters, the rest digits' });

const place = (max: number, missing: string) => z.string().trim().min(1, missing).max(max);

/** The details as an order holds them: `date` is the event's start, UTC ISO. */
export const EventDetails = z.strictObject({
  eventType: EventType,
  /** The event's start: a timed order's slot start, else the date and time the customer gave. */
  date: IsoTime,
  city: place(100, 'Please give the city of the event'),
  address: place(200, 'Please give the address of the event'),
  guests: GuestCount,
  contactPhone: ContactPhone,
});
export type EventDetails = z.infer<typeof EventDetails>;

/**
 * The details as a command brings them: `date` may be left out for a timed service, whose event starts
 * at the booked slot (given, it must be that start); the other product types need it.
 */
export const EventDetailsInput = EventDetails.extend({ date: IsoTime.optional() });
export type EventDetailsInput = z.infer<typeof EventDetailsInput>;

/** The fields of the details, in the order forms and history show them. */
export const eventDetailFields = ['eventType', 'date', 'city', 'address', 'guests', 'contactPhone'] as const satisfies readonly (keyof EventDetails)[];
export type EventDetailField = (typeof eventDetailFields)[number];

/** The fields whose values differ between two versions of the details (every field when there were none). */
export function changedEventDetailFields(before: EventDetails | undefined, after: EventDetails): EventDetailField[] {
  if (before === undefined) return [...eventDetailFields];
  return eventDetailFields.filter((field) => field === 'date' ? Date.parse(before.date) !== Date.parse(after.date) : before[field] !== after[field]);
}
