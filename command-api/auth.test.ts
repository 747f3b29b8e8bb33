import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin, registerAndSignIn, signIn } from './client/accounts.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

describe('auth over HTTP', () => {
  let app: TestCommandApi;
  beforeAll(async () => { app = await startTestCommandApi(); });
  afterAll(async () => { await app.close(); });

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

  it('refuses a second account for the same e-mail with 409', async () => {
    await registerAndSignIn(app.api, app.mailer, { email: 'twice@example.com' });
    const again = await app.api.post('/api/user/register', { email: 'TWICE@example.com', password: 'long-enough', fullName: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('user.email-taken');
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

  it('answers 429 after 10 failed sign-ins for one address, even with the right password', async () => {
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'guessed@example.com' });
    for (let i = 0; i < 10; i++) expect((await app.api.post('/api/token/jwt', { email: user.email, password: `guess-${i}-xx` })).status).toBe(401);
    const locked = await app.api.post('/api/token/jwt', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('auth.too-many-attempts');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await app.api.post('/api/token/jwt', { email: 'other@example.com', password: 'whatever-1' })).status).toBe(401);
  });

  it('changes the password only with the current one', async () => {
    const user = await registerAndSignIn(app.api, app.mailer, { email: 'pw@example.com' });
    expect((await app.api.post('/api/user/password', { currentPassword: 'wrong-one!', newPassword: 'new-password-1' }, user.token)).status).toBe(403);
    expect((await app.api.post('/api/user/password', { currentPassword: user.password, newPassword: 'new-password-1' }, user.token)).status).toBe(200);
    expect((await app.api.post('/api/token/jwt', { email: user.email, password: user.password })).status).toBe(401);
    expect((await app.api.post('/api/token/jwt', { email: user.email, password: 'new-password-1' })).status).toBe(200);
  });
});
