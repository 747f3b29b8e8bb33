import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';
import { AddressFields } from './events.ts';

// Commands of a user's address book (stream `userAddresses-<userId>`): the user themself, or an admin.
export const AddAddress = command('AddAddress', { userId: Id, addressId: Id, address: AddressFields, makeDefault: z.boolean().default(false) });
export type AddAddress = z.infer<typeof AddAddress>;
export const ChangeAddress = command('ChangeAddress', { userId: Id, addressId: Id, address: AddressFields });
export type ChangeAddress = z.infer<typeof ChangeAddress>;
export const RemoveAddress = command('RemoveAddress', { userId: Id, addressId: Id });
export type RemoveAddress = z.infer<typeof RemoveAddress>;
export const ChooseDefaultAddress = command('ChooseDefaultAddress', { userId: Id, addressId: Id });
export type ChooseDefaultAddress = z.infer<typeof ChooseDefaultAddress>;

export const UserAddressCommand = z.discriminatedUnion('type', [AddAddress, ChangeAddress, RemoveAddress, ChooseDefaultAddress]);
export type UserAddressCommand = z.infer<typeof UserAddressCommand>;
