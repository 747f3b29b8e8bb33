import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';
import { DIAL_PREFIX_BY_COUNTRY } from '../shared/countries.ts';

// Stream `userAddresses-<userId>` (SPEC §1 entity "user address"; its fields are "not shown", §3): a
// user's address book — where their events take place (a home, a hall) — with one default address.

/** An address as people write one in Israel: street and number, city, an optional postal code and notes. */
export const AddressFields = z.strictObject({
  /** What the user calls it ("Home", "Grandma's garden"). */
  label: z.string().trim().max(60).default(''),
  /** Street and house number ("Herzl 12"), with the apartment or floor when it matters. */
  street: z.string().trim().min(1, 'The street is required').max(200),
  city: z.string().trim().min(1, 'The city is required').max(100),
  /** Israel's postal codes have 7 digits; elsewhere up to 10 letters, digits, spaces or dashes. */
  postalCode: z.string().trim().max(10).regex(/^[A-Za-z0-9 -]*$/, 'Letters, digits, spaces or dashes').default(''),
  /** ISO 3166-1 alpha-2 of SPEC §3's country table; Israel unless said otherwise. */
  country: z.string().refine((code) => code in DIAL_PREFIX_BY_COUNTRY, { message: 'Choose a country of the list' }).default('IL'),
  /** Entrance, floor, parking: what an artist arriving with equipment needs to know. */
  notes: z.string().trim().max(500).default(''),
}).refine((address) => address.country !== 'IL' || address.postalCode === '' || /^\d{7}$/.test(address.postalCode), {
  message: 'An Israeli postal code has 7 digits', path: ['postalCode'],
});
export type AddressFields = z.infer<typeof AddressFields>;

export const AddressAdded = event('AddressAdded', z.strictObject({ userId: Id, addressId: Id, address: AddressFields, at: IsoTime }));
export const AddressChanged = event('AddressChanged', z.strictObject({ userId: Id, addressId: Id, address: AddressFields, at: IsoTime }));
export const AddressRemoved = event('AddressRemoved', z.strictObject({ userId: Id, addressId: Id, at: IsoTime }));
/** The address offered first (a new booking's place); null when the book is empty. */
export const DefaultAddressChosen = event('DefaultAddressChosen', z.strictObject({ userId: Id, addressId: Id.nullable(), at: IsoTime }));

export const UserAddressEvent = z.discriminatedUnion('type', [AddressAdded, AddressChanged, AddressRemoved, DefaultAddressChosen]);
export type UserAddressEvent = z.infer<typeof UserAddressEvent>;
