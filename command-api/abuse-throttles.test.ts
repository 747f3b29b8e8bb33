import { afterEach, describe, expect, it } from 'vitest';
import { registerAndSignIn } from './client/accounts.ts';
import { asksForSecurityChallenge, solveSecurityChallenge } from './client/security-challenge-solver.ts';
import { defaultMailRequestPolicies } from './mail-request-throttle.ts';
import { startTestCommandApi, type TestCommandApi } from './testing/test-command-api.ts';

// What an attacker tries against the public account routes, over HTTP: mail bombing through
// forgot-password and registration, and guessing one account's password from rotating addresses.
// The test API trusts X-Forwarded-For from loopback, as a proxy in front would (TRUST_PROXY), so each
// request can speak for the address it names.
let app: TestCommandApi;
afterEach(async () => { await app?.close(); });

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('mail bombing', () => {
  it('forgot-password: a few mails an hour reach one recipient, whoever asks; then 429 with Retry-After', async () => {
    let now = Date.parse('2026-11-21T10:00:00.000Z');
    app = await startTestCommandApi({ clock: { now: () => new Date(now) }, mailRequestPolicies: defaultMailRequestPolicies });
    await registerAndSignIn(app.api, app.mailer, { email: 'victim@example.com' });
    const answers = [];
    for (let i = 0; i < 30; i++) {
      // From rotating addresses, so only the recipient's limit can stop it.
      answers.push(await app.api.call('POST', '/api/user/password/forgot', { body: { email: 'victim@example.com' }, headers: from(`203.0.113.${i + 1}`) }));
    }
    // Three mails an hour reach the recipient; the activation mail of its registration was the first.
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(2);
    expect(app.mailer.passwordResets.filter((m) => m.to === 'victim@example.com')).toHaveLength(2);
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // An unknown recipient is throttled alike (a 429 tells nothing about who has an account).
    const unknown = [];
    for (let i = 0; i < 4; i++) unknown.push((await app.api.call('POST', '/api/user/password/forgot', { body: { email: 'nobody@example.com' }, headers: from(`198.51.100.${i + 1}`) })).status);
    expect(unknown).toEqual([202, 202, 202, 429]);
    // After the delay a mail goes out again.
    now += 60_000;
    expect((await app.api.call('POST', '/api/user/password/forgot', { body: { email: 'victim@example.com' }, headers: from('192.0.2.9') })).status).toBe(202);
  });

  it('registration: one address registering in bulk must solve a security challenge, then is refused with 429', async () => {
    app = await startTestCommandApi({ mailRequestPolicies: defaultMailRequestPolicies });
    const register = (n: number, securityChallenge?: string) => app.api.call('POST', '/api/user/register', {
      body: { email: `bulk${n}@example.com`, password: 'long-enough', fullName: `Bulk ${n}`, ...(securityChallenge ? { securityChallenge } : {}) }, headers: from('203.0.113.77'),
    });
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await register(i)).status);
    // Ten go through; the rest from that address are asked for a security challenge (428), counting nothing.
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const asked = await register(30);
    expect(asked.status).toBe(428);
    expect(asksForSecurityChallenge(asked)).toBe(true);
    expect(app.mailer.outbox).toHaveLength(10);
    // With a solved challenge the address may go on, up to its hard limit (30), then 429 with Retry-After.
    let answer = asked;
    for (let i = 31; i < 60 && answer.status !== 429; i++) {
      answer = await register(i, await solveSecurityChallenge(app.api.baseUrl, 'register'));
      if (answer.status !== 429) expect(answer.status).toBe(201);
    }
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(app.mailer.outbox).toHaveLength(defaultMailRequestPolicies.address.freeAttempts);
    // A solution is taken once.
    const solution = await solveSecurityChallenge(app.api.baseUrl, 'register');
    const other = (n: number) => app.api.call('POST', '/api/user/register', { body: { email: `other${n}@example.com`, password: 'long-enough', fullName: 'Other', securityChallenge: solution }, headers: from('203.0.113.78') });
    expect((await other(1)).status).toBe(201);
  });

  it('registration of one recipient again and again: the owner gets a few mails, then 429', async () => {
    app = await startTestCommandApi({ mailRequestPolicies: defaultMailRequestPolicies });
    await registerAndSignIn(app.api, app.mailer, { email: 'owner@example.com' });
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await app.api.call('POST', '/api/user/register', { body: { email: 'owner@example.com', password: 'long-enough', fullName: 'X' }, headers: from(`203.0.113.${i + 1}`) })).status);
    }
    // The owner's own registration used one of the recipient's three mails.
    expect(statuses.slice(0, 2)).toEqual([201, 201]);
    expect(statuses.slice(2).every((status) => status === 429)).toBe(true);
    expect(app.mailer.accountExists.filter((m) => m.to === 'owner@example.com')).toHaveLength(2);
  });
});

describe('guessing one password from rotating addresses', () => {
  it('never answers the owner 429: after many guesses the account asks for a security challenge, and the right password with one signs in', async () => {
    app = await startTestCommandApi();
    const owner = await registerAndSignIn(app.api, app.mailer, { email: 'target@example.com' });
    const signIn = (address: string, password: string, securityChallenge?: string) => app.api.call('POST', '/api/token/jwt', {
      body: { email: owner.email, password, ...(securityChallenge ? { securityChallenge } : {}) }, headers: from(address),
    });
    // Guesses from fresh addresses; then, at about five a second, the owner tries in between (the attack of the report).
    for (let i = 0; i < 15; i++) expect((await signIn(`203.0.113.${i + 1}`, `guess-${i}`)).status).toBe(i < 10 ? 401 : 428);
    const ownerAnswers = [];
    for (let round = 0; round < 9; round++) {
      for (let i = 0; i < 5; i++) await signIn(`203.0.${round}.${i + 1}`, `guess-${round}-${i}`);
      ownerAnswers.push(await signIn('198.51.100.4', owner.password));
    }
    // Never "wait": asked for the security challenge every time, which a person's browser solves.
    expect(ownerAnswers.map((answer) => answer.status)).toEqual(Array(9).fill(428));
    expect(ownerAnswers[0]!.body.code).toBe('security-challenge.required');
    const signedIn = await signIn('198.51.100.4', owner.password, await solveSecurityChallenge(app.api.baseUrl, 'sign-in'));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    // A guesser meets the same question: without a solution, no password is even checked.
    expect((await signIn('203.0.200.1', 'another-guess')).status).toBe(401); // the owner's success cleared the account's count
  });
});
