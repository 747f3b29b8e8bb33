import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { DispensePhone } from './events.ts';

// Commands of a phone number dispense (stream `phoneNumberDispense-<id>`). Anyone, guests included,
// may ask for an artist's number; the edge looks the number up and passes it in, so the decider stays
// pure. Only super users delete one (SPEC §6: phone dispenses are for the superUsers group).

export const DispensePhoneNumber = command('DispensePhoneNumber', {
  id: Id,
  vendorId: Id,
  fullName: z.string().trim().min(2).max(200),
  phoneNumber: DispensePhone,
  dispensedNumber: DispensePhone.nullable(),
});
export type DispensePhoneNumber = z.infer<typeof DispensePhoneNumber>;

export const DeletePhoneNumberDispense = command('DeletePhoneNumberDispense', { id: Id });
export type DeletePhoneNumberDispense = z.infer<typeof DeletePhoneNumberDispense>;

export const PhoneNumberDispenseCommand = z.discriminatedUnion('type', [DispensePhoneNumber, DeletePhoneNumberDispense]);
export type PhoneNumberDispenseCommand = z.infer<typeof PhoneNumberDispenseCommand>;
