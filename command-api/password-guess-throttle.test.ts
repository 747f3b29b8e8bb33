import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../infra/http/problem.ts';
import { createMemoryAttemptLimiter } from '../infra/attempt-limiter/memory-attempt-limiter.ts';
import { createMemorySingleUseTokens } from '../infra/single-use-tokens/memory-single-use-tokens.ts';
import { clientAddressKey, createPasswordGuessThrottle, type PasswordGuessPolicies } from './password-guess-throttle.ts';
import { createSecurityChallenges } from './security-challenge.ts';
import { pbkdf2, solveChallenge } from 'altcha/lib';

const policies: PasswordGuessPolicies = {
  address: { freeAttempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 60_000 },
  accountFromAddress: { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 60_000 },
  account: { freeAttempts: 8, baseDelayMs: 1000, maxDelayMs: 5_000, forgetAfterMs: 60_000 },
  accountBeforeChallenge: { freeAttempts: 8, baseDelayMs: 60_000, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 },
};

/** Security challenges cheap enough to solve in a test (the real difficulty is in security-challenge.ts). */
const cheapChallenges = () => createSecurityChallenges({
  secret: 'a-secret-of-at-least-thirty-two-characters', usedTokens: createMemorySingleUseTokens(), difficulty: { cost: 1, counterMin: 1, counterMax: 20 },
});

async function solved(challenges: ReturnType<typeof cheapChallenges>): Promise<string> {
  const challenge = await challenges.issue('sign-in') as { parameters: Record<string, unknown>; signature: string };
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey: pbkdf2.deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function problemOf(attempt: Promise<unknown>) {
  const error = await attempt.then(() => null, (e: unknown) => e);
  if (!(error instanceof HttpProblem)) throw new Error('expected a refusal');
  return error.problem;
}

async function refused(attempt: Promise<unknown>): Promise<number> {
  const error = await attempt.then(() => null, (e: unknown) => e);
  if (!(error instanceof HttpProblem)) throw new Error('expected a 429');
  expect(error.problem).toMatchObject({ status: 429, code: 'auth.too-many-attempts' });
  return error.problem.retryAfterSeconds as number;
}

describe('password guess throttle', () => {
  it('backs off one account from one address, while the owner elsewhere signs in at once', async () => {
    const throttle = createPasswordGuessThrottle(createMemoryAttemptLimiter(), 'sign-in', policies);
    for (let i = 0; i < 3; i++) await throttle.attempt('dana@x', '203.0.113.9', 0);
    expect(await refused(throttle.attempt('dana@x', '203.0.113.9', 100))).toBe(1);
    // The owner, at home: not slowed by the guesser.
    const owner = await throttle.attempt('dana@x', '198.51.100.4', 100);
    await owner.succeeded();
    // The guesser may try again after the delay, which then doubles.
    await throttle.attempt('dana@x', '203.0.113.9', 1000);
    expect(await refused(throttle.attempt('dana@x', '203.0.113.9', 1000))).toBe(2);
  });

  it('slows one address trying many accounts', async () => {
    const throttle = createPasswordGuessThrottle(createMemoryAttemptLimiter(), 'sign-in', policies);
    for (let i = 0; i < 6; i++) await throttle.attempt(`user${i}@x`, '203.0.113.9', 0);
    await refused(throttle.attempt('user99@x', '203.0.113.9', 10));
    await throttle.attempt('user99@x', '192.0.2.1', 10);
  });

  it('without a captcha (password change), caps the delay of guesses spread over many addresses, so the owner only waits seconds', async () => {
    const throttle = createPasswordGuessThrottle(createMemoryAttemptLimiter(), 'password-change', policies);
    for (let i = 0; i < 8; i++) await throttle.attempt('dana@x', `203.0.113.${i}`, 0);
    expect(await refused(throttle.attempt('dana@x', '198.51.100.4', 10))).toBe(1);
    for (let t = 1000, n = 0; t < 60_000; t += 5000, n++) await throttle.attempt('dana@x', `192.0.2.${n}`, t);
    expect(await refused(throttle.attempt('dana@x', '198.51.100.4', 60_000))).toBeLessThanOrEqual(5);
    const owner = await throttle.attempt('dana@x', '198.51.100.4', 70_000);
    await owner.succeeded();
    await throttle.attempt('dana@x', '198.51.100.4', 70_000); // a success cleared the account's count
  });

  it('at sign-in, guesses from rotating addresses make the account ask for a security challenge, never refuse its owner', async () => {
    const challenges = cheapChallenges();
    const throttle = createPasswordGuessThrottle(createMemoryAttemptLimiter(), 'sign-in', policies, challenges);
    for (let i = 0; i < 8; i++) await throttle.attempt('dana@x', `203.0.113.${i}`, 0);
    // The owner, from an address of their own, for a whole hour of guessing: asked for the challenge, not told to wait.
    for (let t = 10, n = 0; t < 3_600_000; t += 300_000, n++) {
      await throttle.attempt('dana@x', `192.0.2.${n}`, t, undefined).catch(() => undefined); // the guesser, without a solution
      expect(await problemOf(throttle.attempt('dana@x', '198.51.100.4', t))).toMatchObject({ status: 428, code: 'security-challenge.required' });
    }
    expect(await problemOf(throttle.attempt('dana@x', '198.51.100.4', 100, 'bm90IGEgc29sdXRpb24='))).toMatchObject({ status: 428, code: 'security-challenge.invalid' });
    const payload = await solved(challenges);
    const owner = await throttle.attempt('dana@x', '198.51.100.4', 100, payload);
    await owner.succeeded();
    // A solution is taken once; one made for another form is refused.
    expect(await problemOf(challenges.require(payload, 'sign-in'))).toMatchObject({ status: 428, code: 'security-challenge.invalid' });
    expect(await problemOf(challenges.require(await solved(challenges), 'register'))).toMatchObject({ status: 428, code: 'security-challenge.invalid' });
    await throttle.attempt('dana@x', '203.0.113.50', 100); // free again: the owner's success cleared the account
  });

  it("a right password takes its attempt back, so a shared address's sign-ins do not add up", async () => {
    const throttle = createPasswordGuessThrottle(createMemoryAttemptLimiter(), 'sign-in', policies);
    for (let i = 0; i < 20; i++) await (await throttle.attempt(`colleague${i}@x`, '192.0.2.77', 0)).succeeded();
    await throttle.attempt('late@x', '192.0.2.77', 0);
  });

  it('keys IPv4 as it is and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('2001:0db8:0000:0012:abcd::7')).toBe('2001:db8:0:12::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey(undefined)).toBe('unknown');
  });
});
