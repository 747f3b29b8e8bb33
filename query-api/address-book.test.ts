import { beforeAll, describe, expect, it } from 'vitest';
import { useStarted } from '../command-api/testing/use-started.ts';
import { registerAndSignIn, type SignedInUser } from '../command-api/client/accounts.ts';
import { startFullStack } from '../test/full-stack.ts';

// The user's address book (SPEC §1 entity "user address") over real HTTP: add (the first is the
// default), read with read-your-writes, change, choose the default, remove; field errors as 422 with
// the failing fields; nobody reaches another user's addresses.
describe('user addresses', () => {
  const stack = useStarted(startFullStack);
  let dana: SignedInUser;
  let avi: SignedInUser;

  beforeAll(async () => {
    dana = await registerAndSignIn(stack.api, stack.mailer, { email: 'addresses-dana@example.com' });
    avi = await registerAndSignIn(stack.api, stack.mailer, { email: 'addresses-avi@example.com' });
  });

  const book = async (user: SignedInUser, revision: number) => {
    const answer = await stack.api.get(`/api/user/addresses?minRevision=${revision}`, user.token);
    expect(answer.status).toBe(200);
    return answer.body as { addresses: { addressId: string; street: string; city: string; country: string }[]; defaultId: string | null };
  };

  it('keeps a user\'s addresses with one default, each write read back at once', async () => {
    expect((await stack.api.get('/api/user/addresses', dana.token)).body).toEqual({ userId: dana.userId, addresses: [], defaultId: null });
    const home = await stack.api.post('/api/user/addresses', { address: { label: 'Home', street: 'Herzl 12', city: 'Haifa', postalCode: '3303112' } }, dana.token);
    expect(home.status).toBe(201);
    const hall = await stack.api.post('/api/user/addresses', { address: { label: 'Hall', street: 'HaNamal 5', city: 'Tel Aviv', notes: 'Loading dock' } }, dana.token);
    let current = await book(dana, hall.body.revision);
    expect(current.addresses.map((entry) => entry.street)).toEqual(['Herzl 12', 'HaNamal 5']);
    expect(current.defaultId).toBe(home.body.id);
    expect(current.addresses[0]!.country).toBe('IL');

    const changed = await stack.api.put(`/api/user/addresses/${hall.body.id}`, { address: { label: 'Hall', street: 'HaNamal 7', city: 'Tel Aviv' } }, dana.token);
    expect(changed.status).toBe(200);
    const chosen = await stack.api.post(`/api/user/addresses/${hall.body.id}/default`, undefined, dana.token);
    current = await book(dana, chosen.body.revision);
    expect(current.defaultId).toBe(hall.body.id);
    expect(current.addresses[1]!.street).toBe('HaNamal 7');

    const removed = await stack.api.delete(`/api/user/addresses/${hall.body.id}`, dana.token);
    current = await book(dana, removed.body.revision);
    expect(current.addresses.map((entry) => entry.addressId)).toEqual([home.body.id]);
    expect(current.defaultId).toBe(home.body.id);
  });

  it('names the failing fields, and another user finds none of it', async () => {
    const bad = await stack.api.post('/api/user/addresses', { address: { street: '', city: 'Haifa', postalCode: '12' } }, dana.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { field: string }) => error.field).sort()).toEqual(['address.postalCode', 'address.street']);
    const mine = (await stack.api.get('/api/user/addresses', dana.token)).body.addresses[0].addressId;
    expect((await stack.api.put(`/api/user/addresses/${mine}`, { address: { street: 'Stolen 1', city: 'Eilat' } }, avi.token)).status).toBe(404);
    expect((await stack.api.delete(`/api/user/addresses/${mine}`, avi.token)).status).toBe(404);
    expect((await stack.api.get('/api/user/addresses', avi.token)).body.addresses).toEqual([]);
    expect((await stack.api.get('/api/user/addresses', undefined)).status).toBe(401);
  });
});
