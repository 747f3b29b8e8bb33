import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { AttemptLimiter, BackoffPolicy, LimitedKey } from '../domain/ports/attempt-limiter.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import type { SecurityChallenges } from './security-challenge.ts';

// Slows down password guessing (sign-in, password change) without letting anyone lock an account.
// Every attempt is counted before the password is checked (so a burst of concurrent guesses is
// counted too) on three keys, each with its own backoff (AttemptLimiter port):
//   - the client address: one address trying many accounts (or one account) quickly;
//   - the account from that address: the owner signing in from elsewhere is not slowed by it;
//   - the account from anywhere: guesses spread over many addresses. At sign-in, past its free
//     attempts the account asks for a solved security challenge (captcha) instead of refusing, so
//     guesses from rotating addresses cost proof of work each and the owner still signs in, never
//     locked out; a password change (no captcha form there) gets a short delay instead.
// A right password takes its attempt back from the address and clears both account keys. During a
// delay the answer is 429 with Retry-After, even for the right password (checking it then would
// tell a guesser it was right); after the delay it works again.
export interface PasswordGuessPolicies {
  address: BackoffPolicy;
  accountFromAddress: BackoffPolicy;
  /** The account from anywhere, where no security challenge can be asked (password change): a short delay. */
  account: BackoffPolicy;
  /** The account from anywhere at sign-in: while it "waits", every attempt needs a solved security challenge. */
  accountBeforeChallenge: BackoffPolicy;
}

const minutes = (n: number) => n * 60_000;
export const defaultPasswordGuessPolicies: PasswordGuessPolicies = {
  address: { freeAttempts: 20, baseDelayMs: 1_000, maxDelayMs: minutes(15), forgetAfterMs: minutes(15) },
  accountFromAddress: { freeAttempts: 5, baseDelayMs: 1_000, maxDelayMs: minutes(15), forgetAfterMs: minutes(15) },
  account: { freeAttempts: 50, baseDelayMs: 1_000, maxDelayMs: 30_000, forgetAfterMs: minutes(15) },
  accountBeforeChallenge: { freeAttempts: 10, baseDelayMs: minutes(15), maxDelayMs: minutes(60), forgetAfterMs: minutes(60) },
};

export interface PasswordGuessAttempt {
  /** The password was right: its attempt is taken back. */
  succeeded(): Promise<void>;
}

export interface PasswordGuessThrottle {
  /**
   * Counts an attempt at the account's password from the address, or throws 429 while it has to
   * wait, or 428 while the account asks for a security challenge that `securityChallenge` does not solve.
   */
  attempt(account: string, clientAddress: string | undefined, now: number, securityChallenge?: string): Promise<PasswordGuessAttempt>;
}

/**
 * The address an attempt counts against: an IPv4 address as it is, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so per address would not slow anyone down).
 */
export function clientAddressKey(ip: string | undefined): string {
  const address = (ip ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) {
    const [head = '', tail = ''] = address.split('::');
    const headParts = head ? head.split(':') : [];
    const tailParts = tail ? tail.split(':') : [];
    const full = address.includes('::') ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts] : headParts;
    return `${full.slice(0, 4).map((part) => part.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/64`;
  }
  return 'unknown';
}

const accountKey = (account: string) => createHash('sha256').update(account).digest('base64url').slice(0, 22);

export function createPasswordGuessThrottle(
  limiter: AttemptLimiter,
  scope: 'sign-in' | 'password-change',
  policies: PasswordGuessPolicies = defaultPasswordGuessPolicies,
  /** Sign-in only: who checks the security challenge an account under attack asks for. */
  challenges?: SecurityChallenges,
): PasswordGuessThrottle {
  const tooMany = (waitMs: number) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new HttpProblem(429, 'Too many attempts', {
      code: 'auth.too-many-attempts',
      detail: `Too many wrong passwords. Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    });
  };
  return {
    async attempt(account, clientAddress, now, securityChallenge) {
      const address = clientAddressKey(clientAddress);
      const owner = accountKey(account);
      const accountAnywhere = `${scope}:account:${owner}`;
      if (challenges) {
        // Checked first: an attempt that cannot show the challenge counts on nothing else.
        const waitMs = await limiter.attempt([{ key: accountAnywhere, policy: policies.accountBeforeChallenge }], now);
        if (waitMs > 0) await challenges.require(securityChallenge, 'sign-in');
      }
      const keys: LimitedKey[] = [
        { key: `${scope}:address:${address}`, policy: policies.address },
        { key: `${scope}:account-address:${owner}:${address}`, policy: policies.accountFromAddress },
        ...(challenges ? [] : [{ key: accountAnywhere, policy: policies.account }]),
      ];
      const waitMs = await limiter.attempt(keys, now);
      if (waitMs > 0) throw tooMany(waitMs);
      return {
        async succeeded() {
          await limiter.refund([keys[0]!.key]);
          await limiter.forget([keys[1]!.key, accountAnywhere]);
        },
      };
    },
  };
}
