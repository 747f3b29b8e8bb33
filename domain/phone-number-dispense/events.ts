import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `phoneNumberDispense-<id>` (SPEC §1 entity "phone number dispense", §3 its data): a visitor
// asked for an artist's phone number and left their full name and phone number for it. Super users
// list them (SPEC §2 admin nav "phone number dispenses"); the browser keeps the visitor's data in a
// cookie so the next artist's number is one click away.

/** A phone in the stored string form: + then the country prefix and the number, digits only. */
export const DispensePhone = z.string().regex(/^\+[1-9]\d{6,15}$/, 'Must be + and the digits of a phone number');

export const PhoneNumberDispensed = event('PhoneNumberDispensed', z.strictObject({
  id: Id,
  vendorId: Id,
  /** The visitor's own details (SPEC §3 dispense data). */
  fullName: z.string().min(1).max(200),
  phoneNumber: DispensePhone,
  /** The signed-in visitor, null for a guest. */
  userId: z.string().nullable(),
  /** The number the visitor was given: the artist's, or null when the artist lists none. */
  dispensedNumber: DispensePhone.nullable(),
  at: IsoTime,
}));
export const PhoneNumberDispenseDeleted = event('PhoneNumberDispenseDeleted', z.strictObject({ id: Id, at: IsoTime }));

export const PhoneNumberDispenseEvent = z.discriminatedUnion('type', [PhoneNumberDispensed, PhoneNumberDispenseDeleted]);
export type PhoneNumberDispenseEvent = z.infer<typeof PhoneNumberDispenseEvent>;
