import type { AddressFields } from '../../domain/user-address/events.ts';
import { idsOf, type Projection, type ViewDoc } from '../projection.ts';

// User addresses (README: `userAddresses`): one document per user with their address book in the order
// added and which address is the default (SPEC §1 entity "user address").
export interface UserAddressEntry extends AddressFields {
  addressId: string;
  addedAt: string;
  updatedAt: string;
}

export interface UserAddressesView extends ViewDoc {
  userId: string;
  addresses: UserAddressEntry[];
  defaultId: string | null;
}

export const userAddressesProjection: Projection<UserAddressesView> = {
  name: 'userAddresses',
  collection: 'userAddresses',
  eventTypes: ['AddressAdded', 'AddressChanged', 'AddressRemoved', 'DefaultAddressChosen'],
  keysOf: (event) => idsOf('userId' in event.data && event.data.userId),
  evolve(doc, event, id) {
    const book: UserAddressesView = doc ?? { _id: id, userId: id, addresses: [], defaultId: null };
    switch (event.type) {
      case 'AddressAdded': {
        const { addressId, address, at } = event.data;
        if (book.addresses.some((entry) => entry.addressId === addressId)) return book;
        return { ...book, addresses: [...book.addresses, { addressId, ...address, addedAt: at, updatedAt: at }] };
      }
      case 'AddressChanged': {
        const { addressId, address, at } = event.data;
        return { ...book, addresses: book.addresses.map((entry) => (entry.addressId === addressId ? { ...entry, ...address, updatedAt: at } : entry)) };
      }
      case 'AddressRemoved':
        return { ...book, addresses: book.addresses.filter((entry) => entry.addressId !== event.data.addressId) };
      case 'DefaultAddressChosen':
        return { ...book, defaultId: event.data.addressId };
      default:
        return book;
    }
  },
  indexes: [],
};
