import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, pbkdf2, verifySolution } from 'altcha/lib';
import type { SingleUseTokens } from '../domain/ports/single-use-tokens.ts';
import { HttpProblem } from '../infra/http/problem.ts';

// The SPEC's securityChallenge: a self-hosted proof-of-work captcha (ALTCHA, v2 protocol), no third
// party involved. The API hands out a challenge signed with a key derived from the server secret
// (GET /api/security-challenge?action=…); the browser's widget finds the counter whose PBKDF2 key
// starts with the challenge's prefix (about half a second of work) and the form sends the payload
// (base64 JSON of the challenge and its solution) as `securityChallenge`. The API checks the
// signature, the expiry, the action the challenge was made for, and that the solution is right, and
// takes it once (SingleUseTokens, in Redis when several processes serve the API).
//
// It is asked for only when a throttle says so (mail-request-throttle.ts, password-guess-throttle.ts):
// instead of refusing a busy address or an account under attack, the API asks for proof of work.
export const SECURITY_CHALLENGE_ACTIONS = ['register', 'forgot-password', 'sign-in'] as const;
export type SecurityChallengeAction = (typeof SECURITY_CHALLENGE_ACTIONS)[number];

export interface SecurityChallengeDifficulty {
  /** PBKDF2 iterations of one try. */
  cost: number;
  /** The secret counter is drawn from [counterMin, counterMax): the client tries every one up to it. */
  counterMin: number;
  counterMax: number;
}

/** About half a second in a browser (two workers), a second on one Node thread. */
export const defaultSecurityChallengeDifficulty: SecurityChallengeDifficulty = { cost: 1_000, counterMin: 1_000, counterMax: 3_000 };
/** How long a challenge may be solved and sent. */
export const SECURITY_CHALLENGE_TTL_MS = 10 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

export interface SecurityChallenges {
  /** A fresh signed challenge for a form action (the ALTCHA widget's challenge JSON). */
  issue(action: SecurityChallengeAction): Promise<unknown>;
  /** Throws 428 `security-challenge.required` without a payload, `security-challenge.invalid` when it is not good. */
  require(payload: string | undefined, action: SecurityChallengeAction): Promise<void>;
}

const problem = (code: 'required' | 'invalid') => new HttpProblem(428, 'Security check required', {
  code: `security-challenge.${code}`,
  detail: code === 'required'
    ? 'Too many attempts from here: confirm you are a person by solving the security check (securityChallenge), then try again.'
    : 'The security check is missing, expired, already used or wrong: solve a new one and try again.',
});

/** Decodes the widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
function decodePayload(payload: string): { challenge: { parameters: Record<string, unknown>; signature?: string }; solution: Record<string, unknown> } | null {
  if (payload.length > 4_000) return null;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
    const { challenge, solution } = decoded as { challenge?: unknown; solution?: unknown };
    const parameters = (challenge as { parameters?: unknown } | null)?.parameters;
    if (typeof parameters !== 'object' || parameters === null || typeof solution !== 'object' || solution === null) return null;
    return decoded as ReturnType<typeof decodePayload>;
  } catch {
    return null;
  }
}

export function createSecurityChallenges(options: {
  secret: string;
  usedTokens: SingleUseTokens;
  difficulty?: SecurityChallengeDifficulty;
  now?: () => number;
}): SecurityChallenges {
  const difficulty = options.difficulty ?? defaultSecurityChallengeDifficulty;
  const now = options.now ?? Date.now;
  // Keys of their own, so a challenge signature is never a token signature.
  const signatureSecret = createHmac('sha256', options.secret).update('security-challenge').digest('base64url');
  const keySecret = createHmac('sha256', options.secret).update('security-challenge-key').digest('base64url');
  return {
    async issue(action) {
      return createChallenge({
        algorithm: ALGORITHM, cost: difficulty.cost, counter: randomInt(difficulty.counterMin, difficulty.counterMax),
        deriveKey: pbkdf2.deriveKey, expiresAt: new Date(now() + SECURITY_CHALLENGE_TTL_MS), data: { action },
        hmacSignatureSecret: signatureSecret, hmacKeySignatureSecret: keySecret,
      });
    },
    async require(payload, action) {
      if (!payload) throw problem('required');
      const decoded = decodePayload(payload);
      const parameters = decoded?.challenge.parameters;
      const data = parameters?.data as { action?: unknown } | undefined;
      if (!decoded || parameters?.algorithm !== ALGORITHM || data?.action !== action || typeof parameters.expiresAt !== 'number') throw problem('invalid');
      const result = await verifySolution({
        challenge: decoded.challenge as never, solution: decoded.solution as never, deriveKey: pbkdf2.deriveKey,
        hmacSignatureSecret: signatureSecret, hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified) throw problem('invalid');
      // The signature is unique per challenge: taken once, until the challenge expires.
      if (!(await options.usedTokens.use(String(decoded.challenge.signature), parameters.expiresAt * 1000))) throw problem('invalid');
    },
  };
}
