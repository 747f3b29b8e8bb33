import { describe, expect, it } from 'vitest';
import { userAddressesProjection, type UserAddressesView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const home = { label: 'Home', street: 'Herzl 12', city: 'Haifa', postalCode: '3303112', country: 'IL', notes: '' };
const hall = { label: 'Hall', street: 'HaNamal 5', city: 'Tel Aviv', postalCode: '', country: 'IL', notes: 'Loading dock' };

describe('user addresses view', () => {
  it('keeps the book in the order added, with changes, removals and the default', () => {
    const docs = fold<UserAddressesView>(userAddressesProjection, [
      recorded('userAddresses-u1', { type: 'AddressAdded', data: { userId: 'u1', addressId: 'a1', address: home, at: '2026-11-28T10:00:00.000Z' } }),
      recorded('userAddresses-u1', { type: 'DefaultAddressChosen', data: { userId: 'u1', addressId: 'a1', at: '2026-11-28T10:00:00.000Z' } }),
      recorded('userAddresses-u1', { type: 'AddressAdded', data: { userId: 'u1', addressId: 'a2', address: hall, at: '2026-11-28T11:00:00.000Z' } }),
      recorded('userAddresses-u1', { type: 'AddressChanged', data: { userId: 'u1', addressId: 'a1', address: { ...home, street: 'Herzl 14' }, at: '2026-11-28T12:00:00.000Z' } }),
      recorded('userAddresses-u1', { type: 'AddressRemoved', data: { userId: 'u1', addressId: 'a2', at: '2026-11-28T13:00:00.000Z' } }),
    ]);
    expect(docs.u1).toMatchObject({
      userId: 'u1', defaultId: 'a1',
      addresses: [{ addressId: 'a1', street: 'Herzl 14', city: 'Haifa', addedAt: '2026-11-28T10:00:00.000Z', updatedAt: '2026-11-28T12:00:00.000Z' }],
    });
  });
});
