import { isAdmin } from '../shared/actor.ts';
import type { Decider } from '../shared/decider.ts';
import { refuse } from '../shared/refusal.ts';
import { streamOf } from '../shared/ids.ts';
import type { UserAddressCommand } from './commands.ts';
import type { AddressFields, UserAddressEvent } from './events.ts';

// A user's address book (stream `userAddresses-<userId>`, SPEC §1 "user address"). Invariants: at most
// MAX_ADDRESSES addresses (SPEC §5 maximum element count); one default whenever the book is not empty
// (the first address added is it; removing the default makes the oldest remaining one the default);
// the same address saved again changes nothing, so a retried save appends nothing.
export const MAX_ADDRESSES = 20;

export interface UserAddressState {
  /** In the order they were added. */
  addresses: { addressId: string; address: AddressFields }[];
  defaultId: string | null;
}

export const userAddressesStream = streamOf('userAddresses');

const sameAddress = (a: AddressFields, b: AddressFields) => JSON.stringify(a) === JSON.stringify(b);

export const userAddressDecider: Decider<UserAddressState, UserAddressCommand, UserAddressEvent> = {
  initialState: { addresses: [], defaultId: null },

  evolve(state, event) {
    switch (event.type) {
      case 'AddressAdded':
        return { ...state, addresses: [...state.addresses, { addressId: event.data.addressId, address: event.data.address }] };
      case 'AddressChanged':
        return { ...state, addresses: state.addresses.map((entry) => (entry.addressId === event.data.addressId ? { ...entry, address: event.data.address } : entry)) };
      case 'AddressRemoved':
        return { ...state, addresses: state.addresses.filter((entry) => entry.addressId !== event.data.addressId) };
      case 'DefaultAddressChosen':
        return { ...state, defaultId: event.data.addressId };
    }
  },

  decide(command, state) {
    const { actor, userId, addressId, at } = command;
    if (actor.userId !== userId && !isAdmin(actor)) refuse('forbidden', 'address.forbidden', 'Only the user or an admin may change their addresses.');
    const existing = state.addresses.find((entry) => entry.addressId === addressId);
    switch (command.type) {
      case 'AddAddress': {
        if (existing) {
          if (sameAddress(existing.address, command.address)) return [];
          refuse('conflict', 'address.exists', 'This address is already in the book.');
        }
        if (state.addresses.length >= MAX_ADDRESSES) refuse('invalid', 'address.too-many', `An address book holds at most ${MAX_ADDRESSES} addresses.`);
        const added: UserAddressEvent = { type: 'AddressAdded', data: { userId, addressId, address: command.address, at } };
        const becomesDefault = state.defaultId === null || command.makeDefault;
        return becomesDefault ? [added, { type: 'DefaultAddressChosen', data: { userId, addressId, at } }] : [added];
      }
      case 'ChangeAddress':
        if (!existing) refuse('not_found', 'address.not-found', 'There is no such address.');
        return sameAddress(existing.address, command.address) ? [] : [{ type: 'AddressChanged', data: { userId, addressId, address: command.address, at } }];
      case 'RemoveAddress': {
        if (!existing) refuse('not_found', 'address.not-found', 'There is no such address.');
        const removed: UserAddressEvent = { type: 'AddressRemoved', data: { userId, addressId, at } };
        if (state.defaultId !== addressId) return [removed];
        const next = state.addresses.find((entry) => entry.addressId !== addressId)?.addressId ?? null;
        return [removed, { type: 'DefaultAddressChosen', data: { userId, addressId: next, at } }];
      }
      case 'ChooseDefaultAddress':
        if (!existing) refuse('not_found', 'address.not-found', 'There is no such address.');
        return state.defaultId === addressId ? [] : [{ type: 'DefaultAddressChosen', data: { userId, addressId, at } }];
    }
  },
};
