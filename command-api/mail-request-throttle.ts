import { createHash } from 'node:crypto';
import type { AttemptLimiter, BackoffPolicy } from '../domain/ports/attempt-limiter.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import { clientAddressKey } from './password-guess-throttle.ts';
import type { SecurityChallengeAction, SecurityChallenges } from './security-challenge.ts';

// Requests that send an e-mail to an address someone types (registration, forgot password) could
// flood a stranger's mailbox or create accounts in bulk. Counted on the AttemptLimiter port (Redis
// when several processes serve the API), in this order:
//   1. the client address, softly: past its free requests the address must solve a security challenge
//      (captcha) for every further one — people behind one shared address are slowed, never refused;
//   2. the client address, hard, and the recipient (the typed e-mail, from anywhere): past their free
//      requests, 429 with Retry-After. The recipient's limit is what stops mail bombing: a few mails
//      an hour reach an address, whoever asks and from wherever.
// A request refused for a missing challenge counts nothing further, so the owner's own reset link is
// not held up by someone else's unanswered attempts.
export interface MailRequestPolicies {
  /** Requests from one address before a security challenge is asked for every further one. */
  addressBeforeChallenge: BackoffPolicy;
  address: BackoffPolicy;
  recipient: BackoffPolicy;
}

const minutes = (n: number) => n * 60_000;
export const defaultMailRequestPolicies: MailRequestPolicies = {
  addressBeforeChallenge: { freeAttempts: 10, baseDelayMs: minutes(60), maxDelayMs: minutes(60), forgetAfterMs: minutes(60) },
  address: { freeAttempts: 30, baseDelayMs: minutes(1), maxDelayMs: minutes(60), forgetAfterMs: minutes(60) },
  recipient: { freeAttempts: 3, baseDelayMs: minutes(1), maxDelayMs: minutes(60), forgetAfterMs: minutes(60) },
};

export interface MailRequestThrottle {
  /** Counts a request for a mail to `recipient` from the address; throws 428 or 429 when it may not go now. */
  attempt(recipient: string, clientAddress: string | undefined, securityChallenge: string | undefined, now: number): Promise<void>;
}

const recipientKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export const tooManyRequests = (waitMs: number, detail: (seconds: number) => string) => {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpProblem(429, 'Too many requests', { code: 'too-many-requests', detail: detail(retryAfterSeconds), retryAfterSeconds });
};

export function createMailRequestThrottle(
  limiter: AttemptLimiter,
  challenges: SecurityChallenges,
  scope: Extract<SecurityChallengeAction, 'register' | 'forgot-password'>,
  policies: MailRequestPolicies = defaultMailRequestPolicies,
): MailRequestThrottle {
  return {
    async attempt(recipient, clientAddress, securityChallenge, now) {
      const address = clientAddressKey(clientAddress);
      if ((await limiter.attempt([{ key: `${scope}:address-challenge:${address}`, policy: policies.addressBeforeChallenge }], now)) > 0) {
        await challenges.require(securityChallenge, scope);
      }
      const waitMs = await limiter.attempt([
        { key: `${scope}:address:${address}`, policy: policies.address },
        // Registration and reset mails share the recipient's allowance: both land in the same mailbox.
        { key: `mail-to:${recipientKey(recipient)}`, policy: policies.recipient },
      ], now);
      if (waitMs > 0) throw tooManyRequests(waitMs, (seconds) => `Too many requests for e-mails. Try again in ${seconds} seconds.`);
    },
  };
}
