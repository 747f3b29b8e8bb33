import { describe, expect, it } from 'vitest';
import { registerAdmin, registerAndSignIn, signIn } from './client/accounts.ts';
import { startTestCommandApi } from './testing/test-command-api.ts';
import { useStarted } from './testing/use-started.ts';

describe('auth over HTTP', () => {
  const app = useStarted(startTestCommandApi);

  it('registers, refuses sign-in until activated, activates, signs in, refreshes and answers the profile', async () => {
    const { api, mailer } = app;
    const registered = await api.post('/api/user/register', { email: 'Dana@Example.com', password: 'long-enough', fullName: 'Dana', locale: 'en-US', phone: '+972501234567' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ streamId: `user-${registered.body.id}`, revision: 0 });
    expect(JSON.stringify(registered.body)).not.toContain(mailer.tokenFor('dana@example.com')!);

    const early = await api.post('/api/token/jwt', { email: 'dana@example.com', password: 'long-enough' });
    expect(early.status).toBe(403);
    expect(early.headers.get('content-type')).toContain('application/problem+json');
    expect(early.body.code).toBe('user.inactive');

    expect((await api.post('/api/user/activate', { token: 'nope.' + 'x'.repeat(30) })).status).toBe(404);
    const activated = await api.post('/api/user/activate', { token: mailer.tokenFor('dana@example.com') });
    expect(activated.status).toBe(200);

    expect((await api.post('/api/token/jwt', { email: 'dana@example.com', password: 'wrong-password' })).status).toBe(401);
    expect((await api.post('/api/token/jwt', { email: 'nobody@example.com', password: 'long-enough' })).status).toBe(401);
    const login = await api.post('/api/token/jwt', { username: 'DANA@example.com', password: 'long-enough' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ token: expect.any(String), refresh_token: expect.any(String) });

    const current = await api.get('/api/user/current', login.body.token);
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      uuid: registered.body.id, email: 'dana@example.com', fullName: 'Dana', phone: '+972501234567', locale: 'en-US',
      isAdmin: false, isOperator: false, roles: [], groups: [],
    });

    const refreshed = await api.post('/api/token/refresh', { refresh_token: login.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await api.get('/api/user/current', refreshed.body.token)).status).toBe(200);
    expect((await api.post('/api/token/refresh', { refresh_token: login.body.token })).status).toBe(401);
  });

  it('answers a registration of a taken e-mail as for a new one, and mails the owner instead', async () => {
    const owner = await registerAndSignIn(app.api, app.mailer, { email: 'twice@example.com', fullName: 'Twice Owner' });
    const fresh = await app.api.post('/api/user/register', { email: 'fresh-twice@example.com', password: 'long-enough', fullName: 'Fresh' });
    const again = await app.api.post('/api/user/register', { email: 'TWICE@example.com', password: 'long-enough', fullName: 'Again' });
    // Same status and shape as a new address: nobody learns that the address has an account.
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body).toMatchObject({ streamId: `user-${again.body.id}`, revision: 0 });
    expect(again.body.id).not.toBe(owner.userId);
    // The owner is told; no activation link goes out and the account is unchanged.
    expect(app.mailer.accountExists.filter((m) => m.to === 'twice@example.com')).toMatchObject([{ fullName: 'Twice Owner' }]);
    expect(app.mailer.outbox.filter((m) => m.to.toLowerCase() === 'twice@example.com')).toHaveLength(1);
    expect((await app.eventStore.readStream(`user-${again.body.id}`)).length).toBe(0);
    expect((await app.api.post('/api/token/jwt', { email: 'twice@example.com', password: owner.password })).status).toBe(200);
    expect((await app.api.post('/api/token/jwt', { email: 'twice@example.com', password: 'long-enough' })).status).toBe(401);
  });

  it('lets an address whose claim has no user (an interrupted registration) register again', async () => {
    const { emailStreamId } = await import('./user-account.ts');
    const at = new Date().toISOString();
    const metadata = { actor: { userId: null, roles: ['guest' as const], groups: [], vendorId: null }, correlationId: 'c', causationId: null, at, schemaVersion: 1 };
    await app.eventStore.append(emailStreamId('half@example.com'), [{ id: crypto.randomUUID(), type: 'UserEmailClaimed', data: { userId: 'orphan-user', email: 'half@example.com' }, metadata }], 'no_stream');
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'half@example.com' });
    expect(user.userId).toBe('orphan-user');
  });

  it('answers 401 without a token or with a bad one', async () => {
    const none = await app.api.get('/api/user/current');
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain('application/problem+json');
    expect((await app.api.get('/api/user/current', 'not-a-jwt')).status).toBe(401);
    expect((await app.api.post('/api/orders', { productId: 'p1' })).status).toBe(401);
    expect((await app.api.call('POST', '/api/orders', { body: { productId: 'p1' }, token: 'expired.or.forged' })).status).toBe(401);
  });

  it('treats a stale token on a public route as a guest, so signing in still works', async () => {
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'stale@example.com' });
    const login = await app.api.call('POST', '/api/token/jwt', { body: { email: user.email, password: user.password }, token: 'expired.or.forged' });
    expect(login.status).toBe(200);
    expect((await app.api.call('POST', '/api/tracking/source/hit/google', { token: 'expired.or.forged' })).status).toBe(200);
  });

  it('lets only superUsers change roles; the new roles arrive with the next token', async () => {
    const admin = await registerAdmin(app.api, app.mailer, app.eventStore, 'root@example.com');
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'op@example.com' });
    expect((await app.api.put(`/api/admin/users/${user.userId}/roles`, { roles: ['operator'], groups: [] }, user.token)).status).toBe(403);
    expect((await app.api.put(`/api/admin/users/${user.userId}/roles`, { roles: ['operator'], groups: [] }, admin.token)).status).toBe(200);
    const { token } = await signIn(app.api, user.email, user.password);
    expect((await app.api.get('/api/user/current', token)).body).toMatchObject({ isOperator: true, isAdmin: false });
    expect((await app.api.get('/api/user/current', admin.token)).body).toMatchObject({ isAdmin: true, groups: ['superUsers'] });
  });

  it('backs off guesses at one account from one address (429, Retry-After); the owner elsewhere signs in; the right password works after the delay', async () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const clocked = await startTestCommandApi({ clock: { now: () => new Date(now) } });
    try {
      const user = await registerAndSignIn(clocked.api, clocked.mailer, { email: 'guessed@example.com' });
      const from = (address: string, password: string) =>
        clocked.api.call('POST', '/api/token/jwt', { body: { email: user.email, password }, headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < 5; i++) expect((await from('203.0.113.66', `guess-${i}-xx`)).status).toBe(401);
      const waiting = await from('203.0.113.66', user.password);
      expect(waiting.status).toBe(429);
      expect(waiting.body.code).toBe('auth.too-many-attempts');
      expect(waiting.headers.get('retry-after')).toBe('1');
      // The guesser's address does not lock the owner out: from their own address they sign in at once.
      expect((await from('198.51.100.20', user.password)).status).toBe(200);
      // After the delay the right password works from the guesser's address too.
      now += 1_000;
      expect((await from('203.0.113.66', user.password)).status).toBe(200);
      // One address spraying many accounts is slowed down as well (20 free attempts).
      for (let i = 0; i < 20; i++) {
        const answer = await clocked.api.call('POST', '/api/token/jwt', { body: { email: `nobody${i}@example.com`, password: 'whatever-1' }, headers: { 'x-forwarded-for': '192.0.2.200' } });
        expect(answer.status).toBe(401);
      }
      const sprayed = await clocked.api.call('POST', '/api/token/jwt', { body: { email: 'nobody-else@example.com', password: 'whatever-1' }, headers: { 'x-forwarded-for': '192.0.2.200' } });
      expect(sprayed.status).toBe(429);
    } finally {
      await clocked.close();
    }
  });

  it('rotates refresh tokens: each works once, and a spent one coming back ends the whole session', async () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    const clocked = await startTestCommandApi({ clock: { now: () => new Date(now) } });
    try {
      const user = await registerAndSignIn(clocked.api, clocked.mailer, { email: 'rotating@example.com' });
      const refresh = (token: string) => clocked.api.post('/api/token/refresh', { refresh_token: token });
      const first = await refresh(user.refreshToken);
      expect(first.status).toBe(200);
      expect(first.body.refresh_token).not.toBe(user.refreshToken);
      // Two tabs refreshing at once with the same cookie: the one just replaced gets the same successor.
      now += 5_000;
      const sameMoment = await refresh(user.refreshToken);
      expect(sameMoment.status).toBe(200);
      expect(sameMoment.body.refresh_token).toBe(first.body.refresh_token);
      // Later, the spent token comes back (a stolen copy): refused, and the session ends for everyone.
      now += 60_000;
      const reused = await refresh(user.refreshToken);
      expect(reused.status).toBe(401);
      expect(reused.body.code).toBe('session.token-reused');
      const owner = await refresh(first.body.refresh_token);
      expect(owner.status).toBe(401);
      expect(owner.body.code).toBe('session.ended');
      // Another sign-in is another session, untouched.
      const again = await signIn(clocked.api, user.email, user.password);
      expect((await refresh(again.refreshToken)).status).toBe(200);
      // A refresh token of no session (made before sessions) is refused.
      const { issueTokens } = await import('../infra/auth/jwt-tokens.ts');
      const { TEST_JWT_SECRET } = await import('./testing/test-command-api.ts');
      const sessionless = issueTokens({ secret: TEST_JWT_SECRET }, { userId: user.userId, email: user.email, roles: [], groups: [], vendorId: null });
      expect((await refresh(sessionless.refresh_token)).status).toBe(401);
    } finally {
      await clocked.close();
    }
  });

  it('throttles guesses of the current password on a password change', async () => {
    // A clock stopped at the test's start: the 1 s delay must not run out between two requests on a
    // loaded host (the session's tokens are real-time ones, so the clock stops at the real time).
    const now = Date.now();
    const clocked = await startTestCommandApi({ clock: { now: () => new Date(now) } });
    try {
      const user = await registerAndSignIn(clocked.api, clocked.mailer, { email: 'pw-guess@example.com' });
      for (let i = 0; i < 5; i++) {
        expect((await clocked.api.post('/api/user/password', { currentPassword: `guess-${i}-xx`, newPassword: 'new-password-1' }, user.token)).status).toBe(403);
      }
      const throttled = await clocked.api.post('/api/user/password', { currentPassword: 'guess-5-xx', newPassword: 'new-password-1' }, user.token);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await clocked.close();
    }
  });

  it('revokes every refresh token on a password change, and answers the changing session fresh tokens', async () => {
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'revoke-pw@example.com' });
    const otherDevice = await signIn(app.api, user.email, user.password);
    expect((await app.api.post('/api/token/refresh', { refresh_token: otherDevice.refreshToken })).status).toBe(200);
    const changed = await app.api.post('/api/user/password', { currentPassword: user.password, newPassword: 'new-password-1' }, user.token);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: user.userId, token: expect.any(String), refresh_token: expect.any(String) });
    for (const stale of [user.refreshToken, otherDevice.refreshToken]) {
      const refused = await app.api.post('/api/token/refresh', { refresh_token: stale });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
    }
    const renewed = await app.api.post('/api/token/refresh', { refresh_token: changed.body.refresh_token });
    expect(renewed.status).toBe(200);
    expect((await app.api.post('/api/token/refresh', { refresh_token: renewed.body.refresh_token })).status).toBe(200);
    expect(JSON.stringify(await app.eventStore.readAll())).not.toContain(changed.body.refresh_token);
  });

  it('revokes the refresh tokens of a user whose roles change', async () => {
    const admin = await registerAdmin(app.api, app.mailer, app.eventStore, 'roles-admin@example.com');
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'demoted@example.com' });
    expect((await app.api.put(`/api/admin/users/${user.userId}/roles`, { roles: ['operator'], groups: [] }, admin.token)).status).toBe(200);
    expect((await app.api.post('/api/token/refresh', { refresh_token: user.refreshToken })).status).toBe(401);
    expect((await app.api.post('/api/token/refresh', { refresh_token: admin.refreshToken })).status).toBe(200);
    const again = await signIn(app.api, user.email, user.password);
    expect((await app.api.post('/api/token/refresh', { refresh_token: again.refreshToken })).status).toBe(200);
  });

  it('changes the password only with the current one', async () => {
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'pw@example.com' });
    expect((await app.api.post('/api/user/password', { currentPassword: 'wrong-one!', newPassword: 'new-password-1' }, user.token)).status).toBe(403);
    expect((await app.api.post('/api/user/password', { currentPassword: user.password, newPassword: 'new-password-1' }, user.token)).status).toBe(200);
    expect((await app.api.post('/api/token/jwt', { email: user.email, password: user.password })).status).toBe(401);
    expect((await app.api.post('/api/token/jwt', { email: user.email, password: 'new-password-1' })).status).toBe(200);
  });
});
