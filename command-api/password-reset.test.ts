import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './client/accounts.ts';
import { startTestCommandApi } from './testing/test-command-api.ts';
import { useStarted } from './testing/use-started.ts';

// Forgotten password over HTTP: a link by mail through the mailer port, the
// token kept hashed, one hour, once, and no way to learn which addresses have accounts.
describe('password reset over HTTP', () => {
  let now = Date.parse('2026-11-23T10:00:00.000Z');
  const app = useStarted(() => startTestCommandApi({ clock: { now: () => new Date(now) } }));

  it('mails a link; the link sets a new password once, ends the sessions, and the old password is refused', async () => {
    const { api, mailer } = app;
    const dana = await registerAndSignIn(api, mailer, { email: 'dana@example.com', password: 'old-password', locale: 'en-US' });
    const asked = await api.post('/api/user/password/forgot', { email: 'DANA@example.com' });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ accepted: true });
    const token = mailer.resetTokenFor('dana@example.com')!;
    expect(token).toMatch(/^[^.]+\.[A-Za-z0-9_-]{20,}$/);
    expect(mailer.passwordResets.at(-1)).toMatchObject({ to: 'dana@example.com', locale: 'en-US', expiresAt: '2026-11-23T11:00:00.000Z' });

    // The stream keeps the token's hash only.
    const events = await app.eventStore.readStream(`user-${token.split('.')[0]}`);
    expect(JSON.stringify(events)).not.toContain(token.split('.')[1]);

    expect((await api.post('/api/user/password/reset', { token, password: 'short' })).status).toBe(422);
    const reset = await api.post('/api/user/password/reset', { token, password: 'new-password' });
    expect(reset.status).toBe(200);
    expect((await api.post('/api/token/jwt', { email: 'dana@example.com', password: 'old-password' })).status).toBe(401);
    expect((await api.post('/api/token/jwt', { email: 'dana@example.com', password: 'new-password' })).status).toBe(200);
    expect((await api.post('/api/token/refresh', { refresh_token: dana.refreshToken })).status).toBe(401);

    const again = await api.post('/api/user/password/reset', { token, password: 'third-password' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('user.bad-reset-token');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = app.mailer.passwordResets.length;
    const unknown = await app.api.post('/api/user/password/forgot', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({ accepted: true });
    expect(app.mailer.passwordResets.length).toBe(before);
    expect((await app.api.post('/api/user/password/forgot', { email: 'not an address' })).status).toBe(422);
  });

  it('refuses a link after its hour, and a made-up one', async () => {
    const { api, mailer } = app;
    await registerAndSignIn(api, mailer, { email: 'eli@example.com', password: 'old-password' });
    await api.post('/api/user/password/forgot', { email: 'eli@example.com' });
    const token = mailer.resetTokenFor('eli@example.com')!;
    expect(mailer.passwordResets.at(-1)!.locale).toBe('he-IL');
    now += 60 * 60 * 1000;
    const late = await api.post('/api/user/password/reset', { token, password: 'new-password' });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('user.bad-reset-token');
    const madeUp = await api.post('/api/user/password/reset', { token: `${token.split('.')[0]}.${'x'.repeat(43)}`, password: 'new-password' });
    expect(madeUp.body.code).toBe('user.bad-reset-token');
    const nobody = await api.post('/api/user/password/reset', { token: `00000000-0000-4000-8000-000000000000.${'x'.repeat(43)}`, password: 'new-password' });
    expect(nobody.body.code).toBe('user.bad-reset-token');
  });
});
