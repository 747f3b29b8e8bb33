import { z } from 'zod';
import { EventType, GuestCount } from '../shared/event-type.ts';
import { IsoTime } from '../shared/ids.ts';

// An order's event details as its events and the views hold them (issue 22 items 1, 4): without the phone
// library, since the storefront reaches this through domain/order/events.ts. The details a command
// brings (the phone as typed, parsed with libphonenumber-js) are in event-details.ts.

/**
 * The phone as an order's events hold it: E.164, a + and up to 15 digits. Events written before local
 * numbers were accepted hold SPEC §5's form (+ and 12 digits), which this takes as well, so they fold.
 */
export const StoredPhone = z.string().regex(/^\+[1-9]\d{5,14}$/, 'A phone number in E.164 form, e.g. +972501234567');

const place = (max: number, missing: string) => z.string().trim().min(1, missing).max(max);

/** The details as an order holds them: `date` is the event's start, UTC ISO. */
export const EventDetails = z.strictObject({
  eventType: EventType,
  /** The event's start: a timed order's slot start, else the date and time the customer gave. */
  date: IsoTime,
  city: place(100, 'Please give the city of the event'),
  address: place(200, 'Please give the address of the event'),
  guests: GuestCount,
  contactPhone: StoredPhone,
});
export type EventDetails = z.infer<typeof EventDetails>;

/**
 * The details as an order holds them, which an order placed from an accepted quote (docs/quotes.md) may
 * hold without the address and the phone: the quote request asks the day, city, type and guests, not
 * where exactly nor whom to call (it goes to up to five artists, of whom one is chosen). The customer
 * completes them on the order page (`ChangeOrderEventDetails` takes the whole details).
 */
export const HeldEventDetails = EventDetails.partial({ address: true, contactPhone: true });
export type HeldEventDetails = z.infer<typeof HeldEventDetails>;

/** The fields an order's details still lack (address, contactPhone), in form order; none when complete. */
export function missingEventDetailFields(details: HeldEventDetails): ('address' | 'contactPhone')[] {
  return (['address', 'contactPhone'] as const).filter((field) => details[field] === undefined);
}

/** The fields of the details, in the order forms and history show them. */
export const eventDetailFields = ['eventType', 'date', 'city', 'address', 'guests', 'contactPhone'] as const satisfies readonly (keyof EventDetails)[];
export type EventDetailField = (typeof eventDetailFields)[number];

/** The fields whose values differ between two versions of the details (every field when there were none). */
export function changedEventDetailFields(before: HeldEventDetails | undefined, after: EventDetails): EventDetailField[] {
  if (before === undefined) return [...eventDetailFields];
  return eventDetailFields.filter((field) => field === 'date' ? Date.parse(before.date) !== Date.parse(after.date) : before[field] !== after[field]);
}

