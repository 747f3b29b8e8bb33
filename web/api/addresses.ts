import type { ApiClient } from './client.ts';
import { readAnswer } from './read-answer.ts';
import { UserAddressesAnswer } from '../../query-api/answer-schemas.ts';

// The signed-in user's address book (GET /api/user/addresses) and its writes, as the addresses
// screen needs them (web/pages/dashboard/addresses.tsx).
export interface UserAddress {
  id: string;
  label: string;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  notes: string;
}
export interface AddressBook { addresses: UserAddress[]; defaultId: string | null }
export type AddressInput = Omit<UserAddress, 'id'>;

export async function myAddresses(api: ApiClient, minRevision?: number): Promise<AddressBook> {
  const answer = readAnswer(UserAddressesAnswer, await api.get('user/addresses', { query: { minRevision }, fresh: true }), 'the address book');
  return {
    addresses: answer.addresses.map(({ addressId, label, street, city, postalCode, country, notes }) => ({ id: addressId, label, street, city, postalCode, country, notes })),
    defaultId: answer.defaultId,
  };
}

interface Written { revision: number }

export const addAddress = (api: ApiClient, address: AddressInput, makeDefault: boolean) =>
  api.post<Written>('user/addresses', { address, makeDefault }, { silent: true });
export const changeAddress = (api: ApiClient, id: string, address: AddressInput) =>
  api.request<Written>('PUT', `user/addresses/${encodeURIComponent(id)}`, { body: { address }, silent: true });
export const removeAddress = (api: ApiClient, id: string) => api.delete<Written>(`user/addresses/${encodeURIComponent(id)}`, undefined, { silent: true });
export const chooseDefaultAddress = (api: ApiClient, id: string) => api.post<Written>(`user/addresses/${encodeURIComponent(id)}/default`, undefined, { silent: true });
