import { describe, expect, it } from 'vitest';
import { registerAndSignIn, signIn } from './client/accounts.ts';
import { useTestMarketplace } from './testing/marketplace.ts';
import { vendorProfile } from './testing/fixtures.ts';
import { loadUserAccount } from './user-account.ts';

// The admin's vendor screens over HTTP: archive and bring back, and give a vendor to another owner
// (the former owner lets go of it, so they may own another vendor and no longer edit this one).
describe('admin vendors: archive, unarchive and owner changes over HTTP', () => {
  const { app, m } = useTestMarketplace();

  const typesOf = async (streamId: string) => (await app.eventStore.readStream(streamId)).map((e) => e.type);

  it('archives and brings a vendor back; only admins, and only an archived one', async () => {
    const vendorId = (await app.api.post('/api/admin/vendors', { profile: vendorProfile('Archive me') }, m.admin.token)).body.id as string;
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/unarchive`, undefined, m.admin.token)).status).toBe(409);
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/archive`, { reason: 'On a break' }, m.admin.token)).status).toBe(200);
    expect((await app.api.put(`/api/admin/vendors/${vendorId}`, { profile: vendorProfile('Renamed') }, m.admin.token)).status).toBe(409);
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/unarchive`, undefined, m.vendor.token)).status).toBe(403);
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/unarchive`)).status).toBe(401);
    const back = await app.api.post(`/api/admin/vendors/${vendorId}/unarchive`, undefined, m.admin.token);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: vendorId, streamId: `vendor-${vendorId}` });
    expect((await app.api.put(`/api/admin/vendors/${vendorId}`, { profile: vendorProfile('Renamed') }, m.admin.token)).status).toBe(200);
    expect(await typesOf(`vendor-${vendorId}`)).toEqual(['VendorCreated', 'VendorArchived', 'VendorUnarchived', 'VendorProfileUpdated']);
  });

  it('gives a vendor to another owner: the former owner lets go and may own another vendor', async () => {
    const first = await registerAndSignIn(app.api, app.mailer, { email: 'first-owner@example.com' });
    const second = await registerAndSignIn(app.api, app.mailer, { email: 'second-owner@example.com' });
    const vendorId = (await app.api.post('/api/admin/vendors', { profile: vendorProfile('Passed on'), ownerUserId: first.userId }, m.admin.token)).body.id as string;
    expect((await loadUserAccount(app.eventStore, first.userId))?.vendorId).toBe(vendorId);

    // Someone who already owns a vendor cannot take a second one.
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/owner`, { ownerUserId: m.vendor.userId }, m.admin.token)).status).toBe(409);
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/owner`, { ownerUserId: second.userId }, m.vendor.token)).status).toBe(403);

    expect((await app.api.post(`/api/admin/vendors/${vendorId}/owner`, { ownerUserId: second.userId }, m.admin.token)).status).toBe(200);
    expect(await typesOf(`user-${first.userId}`)).toEqual(['UserRegistered', 'UserActivated', 'UserVendorLinked', 'UserVendorUnlinked']);
    expect((await loadUserAccount(app.eventStore, first.userId))?.vendorId).toBeNull();
    expect((await loadUserAccount(app.eventStore, second.userId))?.vendorId).toBe(vendorId);

    // Signed in again, the former owner's token no longer names the vendor: editing it is refused…
    const firstAgain = await signIn(app.api, first.email, first.password);
    expect((await app.api.put('/api/vendor/profile', { vendorId, profile: vendorProfile('Mine?') }, firstAgain.token)).status).toBe(403);
    // …and they may be given another vendor.
    const otherId = (await app.api.post('/api/admin/vendors', { profile: vendorProfile('Another') }, m.admin.token)).body.id as string;
    expect((await app.api.post(`/api/admin/vendors/${otherId}/owner`, { ownerUserId: first.userId }, m.admin.token)).status).toBe(200);
    expect((await loadUserAccount(app.eventStore, first.userId))?.vendorId).toBe(otherId);

    // Assigning the same owner again changes nothing.
    const before = (await app.eventStore.readStream(`vendor-${vendorId}`)).length;
    expect((await app.api.post(`/api/admin/vendors/${vendorId}/owner`, { ownerUserId: second.userId }, m.admin.token)).status).toBe(200);
    expect((await app.eventStore.readStream(`vendor-${vendorId}`)).length).toBe(before);
    expect(await typesOf(`user-${second.userId}`)).toEqual(['UserRegistered', 'UserActivated', 'UserVendorLinked']);
  });
});
