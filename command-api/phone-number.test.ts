import { describe, expect, it } from 'vitest';
import { registerAndSignIn, registerVendor } from './client/accounts.ts';
import { vendorProfile } from './testing/fixtures.ts';
import { defineTestLanguages } from './testing/languages.ts';
import { startTestCommandApi } from './testing/test-command-api.ts';
import { useStarted } from './testing/use-started.ts';

// The phone as people type it in Israel (050-123-4567, a landline 02-123-4567) reaches every route that
// takes a phone and is stored in E.164 (domain/shared/phone-number.ts); what is not a number is a 422
// naming the field.
describe('phone numbers over HTTP', () => {
  const app = useStarted(startTestCommandApi);

  it('stores the local form of the profile phone as E.164, a landline too, and refuses a bad one', async () => {
    const dana = await registerAndSignIn(app.api, app.mailer, { email: 'phone-profile@example.com', phone: '050-123-4567' });
    expect((await app.api.get('/api/user/current', dana.token)).body.phone).toBe('+972501234567');

    const landline = await app.api.put('/api/user/profile', { fullName: 'Dana', phone: '02-123-4567', locale: 'he-IL' }, dana.token);
    expect(landline.status).toBe(200);
    expect((await app.api.get('/api/user/current', dana.token)).body.phone).toBe('+97221234567');

    const refused = await app.api.put('/api/user/profile', { fullName: 'Dana', phone: '050-123', locale: 'he-IL' }, dana.token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['phone']);
    expect((await app.api.get('/api/user/current', dana.token)).body.phone).toBe('+97221234567');
  });

  it("records a visitor's local number in a phone number dispense as E.164 and gives the artist's number", async () => {
    await defineTestLanguages(app.eventStore);
    const artist = await registerVendor(app.api, app.mailer, 'phone-artist@example.com', vendorProfile('Phone Band'));
    expect((await app.api.put('/api/user/profile', { fullName: 'Phone Band', phone: '054-555-0123', locale: 'he-IL' }, artist.token)).status).toBe(200);

    const given = await app.api.post(`/api/artists/vendor/${artist.vendorId}/phone-number`, { fullName: 'Dana Levi', phoneNumber: '050-123-4567' });
    expect(given.status).toBe(201);
    expect(given.body.dispensedNumber).toBe('+972545550123');
    const [dispensed] = await app.eventStore.readStream(given.body.streamId);
    expect(dispensed!.data).toMatchObject({ phoneNumber: '+972501234567', dispensedNumber: '+972545550123' });

    const refused = await app.api.post(`/api/artists/vendor/${artist.vendorId}/phone-number`, { fullName: 'Dana Levi', phoneNumber: 'call me' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual(['phoneNumber']);
  });
});
