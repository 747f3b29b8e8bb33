import { describe, expect, it } from 'vitest';
import type { Actor } from '../shared/actor.ts';
import { spec } from '../shared/decider-spec.ts';
import { AddAddress, type UserAddressCommand } from './commands.ts';
import { MAX_ADDRESSES, userAddressDecider } from './decider.ts';
import { AddressFields, type UserAddressEvent } from './events.ts';

const at = '2026-11-28T10:00:00.000Z';
const dana: Actor = { userId: 'dana', roles: ['user'], groups: [], vendorId: null };
const avi: Actor = { userId: 'avi', roles: ['user'], groups: [], vendorId: null };
const admin: Actor = { userId: 'admin-1', roles: ['user', 'admin'], groups: [], vendorId: null };
const home = AddressFields.parse({ label: 'Home', street: 'Herzl 12', city: 'Haifa', postalCode: '3303112' });
const hall = AddressFields.parse({ label: 'Hall', street: 'HaNamal 5', city: 'Tel Aviv', notes: 'Loading dock at the back' });

const add = (addressId: string, address = home, actor = dana, makeDefault = false): UserAddressCommand => ({ type: 'AddAddress', actor, at, userId: 'dana', addressId, address, makeDefault });
const added = (addressId: string, address = home): UserAddressEvent => ({ type: 'AddressAdded', data: { userId: 'dana', addressId, address, at } });
const chosen = (addressId: string | null): UserAddressEvent => ({ type: 'DefaultAddressChosen', data: { userId: 'dana', addressId, at } });
const removed = (addressId: string): UserAddressEvent => ({ type: 'AddressRemoved', data: { userId: 'dana', addressId, at } });

describe('a user\'s address book', () => {
  it('the first address becomes the default; a later one only when asked', () => {
    spec(userAddressDecider).given([]).when(add('a1')).then([added('a1'), chosen('a1')]);
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when(add('a2', hall)).then([added('a2', hall)]);
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when(add('a2', hall, dana, true)).then([added('a2', hall), chosen('a2')]);
  });

  it('a retried add or an unchanged save appends nothing; another address under the same id is refused', () => {
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when(add('a1')).then([]);
    expect(spec(userAddressDecider).given([added('a1'), chosen('a1')]).when(add('a1', hall)).thenRefused('address.exists').kind).toBe('conflict');
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when({ type: 'ChangeAddress', actor: dana, at, userId: 'dana', addressId: 'a1', address: home }).then([]);
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when({ type: 'ChangeAddress', actor: dana, at, userId: 'dana', addressId: 'a1', address: hall })
      .then([{ type: 'AddressChanged', data: { userId: 'dana', addressId: 'a1', address: hall, at } }]);
  });

  it('removing the default makes the oldest remaining address the default, or none', () => {
    const book = [added('a1'), chosen('a1'), added('a2', hall), added('a3', hall)];
    spec(userAddressDecider).given(book).when({ type: 'RemoveAddress', actor: dana, at, userId: 'dana', addressId: 'a1' }).then([removed('a1'), chosen('a2')]);
    spec(userAddressDecider).given(book).when({ type: 'RemoveAddress', actor: dana, at, userId: 'dana', addressId: 'a3' }).then([removed('a3')]);
    spec(userAddressDecider).given([added('a1'), chosen('a1')]).when({ type: 'RemoveAddress', actor: dana, at, userId: 'dana', addressId: 'a1' }).then([removed('a1'), chosen(null)]);
    spec(userAddressDecider).given(book).when({ type: 'ChooseDefaultAddress', actor: dana, at, userId: 'dana', addressId: 'a3' }).then([chosen('a3')]);
    spec(userAddressDecider).given(book).when({ type: 'ChooseDefaultAddress', actor: dana, at, userId: 'dana', addressId: 'a1' }).then([]);
  });

  it('holds at most the maximum count (SPEC §5), and only the user or an admin changes it', () => {
    const full = Array.from({ length: MAX_ADDRESSES }, (_, index) => added(`a${index}`, { ...home, street: `Herzl ${index}` }));
    expect(spec(userAddressDecider).given(full).when(add('one-more', hall)).thenRefused('address.too-many').kind).toBe('invalid');
    expect(spec(userAddressDecider).given([]).when(add('a1', home, avi)).thenRefused('address.forbidden').kind).toBe('forbidden');
    spec(userAddressDecider).given([]).when(add('a1', home, admin)).then([added('a1'), chosen('a1')]);
    spec(userAddressDecider).given([]).when({ type: 'RemoveAddress', actor: dana, at, userId: 'dana', addressId: 'nope' }).thenRefused('address.not-found');
  });

  it('the fields: street and city required, an Israeli postal code of 7 digits, a country of the table', () => {
    expect(AddressFields.safeParse({ street: ' ', city: 'Haifa' }).success).toBe(false);
    expect(AddressFields.safeParse({ street: 'Herzl 1', city: 'Haifa', postalCode: '12345' }).success).toBe(false);
    expect(AddressFields.safeParse({ street: '5th Ave 1', city: 'New York', postalCode: '10001', country: 'US' }).success).toBe(true);
    expect(AddressFields.safeParse({ street: 'x', city: 'y', country: 'ZZ' }).success).toBe(false);
    expect(AddressFields.parse({ street: 'Herzl 1', city: 'Haifa' })).toEqual({ label: '', street: 'Herzl 1', city: 'Haifa', postalCode: '', country: 'IL', notes: '' });
    expect(AddAddress.safeParse(add('a1')).success).toBe(true);
  });
});
