import { createHash, randomUUID } from 'node:crypto';
import { sessionDecider, sessionStream } from '../../domain/session/decider.ts';
import { Refusal } from '../../domain/shared/refusal.ts';
import { z } from 'zod';
import { Id } from '../../domain/shared/ids.ts';
import { isNotExactlyFalse, requiredPassword } from '../../domain/shared/validation.ts';
import { OptionalPhoneNumber } from '../../domain/shared/phone-number.ts';
import { EmailAddress, UserLocale } from '../../domain/user/commands.ts';
import { userDecider, userEmailDecider, userStream } from '../../domain/user/decider.ts';
import { hashPassword, verifyPassword } from '../../infra/auth/password-hash.ts';
import { issueTokens, verifyRefreshToken, type RefreshTokenIdentity, type TokenPair } from '../../infra/auth/jwt-tokens.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineInProcessRead, defineRoute, type CommandRoute } from '../command-route.ts';
import { createPasswordGuessThrottle } from '../password-guess-throttle.ts';
import { createMailRequestThrottle } from '../mail-request-throttle.ts';
import { SECURITY_CHALLENGE_ACTIONS } from '../security-challenge.ts';
import { clientAddressOf } from '../../infra/http/client-address.ts';
import { emailStreamId, findUserIdByEmail, loadUserAccount, normalizeEmail, profileOf, type UserAccount } from '../user-account.ts';
import { WriteResult } from '../write-result.ts';
import type { RequestContext } from '../request-context.ts';
import { UserProfileAnswer } from '../../contracts/user-profile.ts';

// Accounts and tokens: register → activation token to the mailer (never to the client) → activate →
// POST /api/token/jwt for an access token and a refresh token → GET /api/user/current.
// E-mail uniqueness: `useremail-<sha256(email)>` is claimed with expected revision "no stream" before
// the user stream is written, so two registrations of one address cannot both succeed.
// Registering an address that has an account answers like a new one and mails the owner instead, and
// forgot-password answers the same for every address: nobody learns which addresses have accounts.
// Registration, forgot-password and sign-in are throttled per client address, recipient and account
// (mail-request-throttle.ts, password-guess-throttle.ts); where a throttle would otherwise refuse
// people it asks for a solved security challenge (`securityChallenge`, security-challenge.ts).

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The phone as people type it (050-123-4567, 02-123-4567, +44 20 7946 0958) or in SPEC §5's object
 * form, stored in E.164 (`+972501234567`); empty or null is none (domain/shared/phone-number.ts).
 */
const PhoneInput = OptionalPhoneNumber;

/** Activation tokens name their user, so activation needs no index: `<userId>.<32 random bytes>`. */
const ActivationToken = z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{20,100}$/, 'Not an activation token');

const TokenAnswer = z.object({ token: z.string(), refresh_token: z.string() });

/** Reset links name their user like activation links: `<userId>.<32 random bytes>`; the stream keeps only the sha256. */
const ResetToken = z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{20,100}$/, 'Not a password reset token');
/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
const badResetLink = () => new HttpProblem(422, 'Invalid', { code: 'user.bad-reset-token', detail: 'This password reset link is not valid any more.' });

export const UserProfile = UserProfileAnswer;

const wrongCredentials = () => problems.unauthorized('The e-mail or password is wrong.');
const inactive = () => new HttpProblem(403, 'Account not activated', {
  code: 'user.inactive', detail: 'This account is not activated yet. Open the activation link we sent to your e-mail.',
});

/**
 * How long after a refresh the token it replaced is still answered with its successor, instead of
 * ending the session as a reuse: two tabs (or a page and its prefetch) refreshing at once send the
 * same cookie. Past it, a spent token coming back ends the session (domain/session/decider.ts).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const claimsOf = (account: UserAccount) => ({
  userId: account.userId, email: account.email, roles: account.roles, groups: account.groups, vendorId: account.vendorId, tokenVersion: account.tokenVersion,
});

/** Signs in: a new session (`session-<id>`) and its first token pair. */
export async function startSession(deps: CommandDeps, context: RequestContext, account: UserAccount): Promise<TokenPair> {
  const identity: RefreshTokenIdentity = { sessionId: randomUUID(), tokenId: randomUUID(), issuedAt: Math.floor(Date.parse(context.at) / 1000) };
  await deps.aggregate(sessionDecider, sessionStream).execute(context, identity.sessionId, {
    type: 'StartSession', sessionId: identity.sessionId, userId: account.userId, token: { tokenId: identity.tokenId, issuedAt: identity.issuedAt, tokenVersion: account.tokenVersion },
  });
  return issueTokens(deps.tokens, claimsOf(account), identity);
}

const sessionOver = (detail: string, code = 'session.ended') => new HttpProblem(401, 'Unauthorized', { code, detail });

export function authRoutes(deps: CommandDeps): CommandRoute[] {
  const { eventStore } = deps;
  const users = deps.aggregate(userDecider, userStream);
  const sessions = deps.aggregate(sessionDecider, sessionStream);
  // The claim of an e-mail address, named by the address itself.
  const emailClaims = deps.aggregate(userEmailDecider, emailStreamId);
  const signInGuesses = createPasswordGuessThrottle(deps.attemptLimiter, 'sign-in', deps.passwordGuessPolicies, deps.securityChallenges);
  const passwordChangeGuesses = createPasswordGuessThrottle(deps.attemptLimiter, 'password-change', deps.passwordGuessPolicies);
  const registrations = createMailRequestThrottle(deps.attemptLimiter, deps.securityChallenges, 'register', deps.mailRequestPolicies);
  const resetRequests = createMailRequestThrottle(deps.attemptLimiter, deps.securityChallenges, 'forgot-password', deps.mailRequestPolicies);
  const clientAddress = (request: Parameters<typeof clientAddressOf>[0]) => clientAddressOf(request, deps.tokens.secret);
  const now = () => deps.clock.now().getTime();
  const hash = (password: string) => hashPassword(password, deps.passwordHashCost);
  // Verifying against a fixed hash when the e-mail is unknown keeps "no such user" as slow as "wrong
  // password", so response times do not tell which addresses have accounts.
  let decoyHash: Promise<string> | null = null;
  /** The SPEC's optional captcha: a solved security challenge in the payload (security-challenge.ts). */
  const securityChallenge = z.string().max(4000).optional();

  return [
    defineRoute({
      method: 'get', path: '/api/security-challenge', tags: ['auth'], auth: 'public',
      summary: 'A security challenge (ALTCHA proof of work) for a form; its solution goes into the form\'s securityChallenge',
      query: z.strictObject({ action: z.enum(SECURITY_CHALLENGE_ACTIONS) }),
      response: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() }),
    }, async ({ query }) => ({ status: 200, body: await deps.securityChallenges.issue(query.action) })),

    defineRoute({
      method: 'post', path: '/api/user/register', summary: 'Register an account; the activation token goes to the e-mail address', tags: ['auth'], auth: 'public',
      body: z.strictObject({
        email: EmailAddress,
        password: requiredPassword,
        fullName: z.string().trim().min(1).max(200),
        phone: PhoneInput.optional(),
        locale: UserLocale.default('he-IL'),
        /** The "I accept the terms" box (SPEC §5 not-exactly-false): only an explicit false is refused. */
        acceptTerms: z.unknown().refine(isNotExactlyFalse, { message: 'Please accept the terms' }).optional(),
        securityChallenge,
      }),
      response: WriteResult, successStatus: 201,
      answers: {
        428: 'Many registrations from this address: send a solved security challenge (securityChallenge)',
        429: 'Too many registrations from this address or e-mails to this recipient: try again after Retry-After seconds',
      },
    }, async ({ body, context, request }) => {
      await registrations.attempt(body.email, clientAddress(request), body.securityChallenge, now());
      const userId = context.newId();
      const passwordHash = await hash(body.password);
      // A claim whose user was never written (the process stopped between the two appends) is taken
      // over by reusing its user id: the user stream's "no stream" append still lets only one win.
      // A keyed retry of this very registration meets its own claim (its ids derive from the key).
      const claimedBy = await findUserIdByEmail(eventStore, body.email);
      const existing = claimedBy !== null && claimedBy !== userId ? await loadUserAccount(eventStore, claimedBy) : null;
      if (existing) {
        // The address has an account: its owner is told, and the caller gets a new registration's answer.
        await deps.mailer.sendAccountExists({ to: existing.email, fullName: existing.fullName, locale: existing.locale, at: context.at });
        return { status: 201, body: { id: userId, streamId: userStream(userId), revision: 0, position: await eventStore.headPosition() } };
      }
      const claimUserId = claimedBy ?? userId;
      const token = `${claimUserId}.${context.newSecret(32)}`;
      await emailClaims.execute(context, body.email, {
        type: 'ClaimEmail', userId: claimUserId, email: body.email,
      });
      const outcome = await users.execute(context, claimUserId, {
        type: 'RegisterUser', userId: claimUserId, email: body.email, fullName: body.fullName,
        passwordHash, ...(body.phone ? { phone: body.phone } : {}), locale: body.locale, activationTokenHash: sha256(token),
      });
      await deps.mailer.sendActivation({ to: body.email, userId: claimUserId, fullName: body.fullName, locale: body.locale, token, at: context.at });
      return written(claimUserId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/user/activate', summary: 'Activate an account with the token from the activation e-mail', tags: ['auth'], auth: 'public',
      body: z.strictObject({ token: ActivationToken }), response: WriteResult,
    }, async ({ body, context }) => {
      const userId = body.token.split('.')[0]!;
      if (!Id.safeParse(userId).success || !(await loadUserAccount(eventStore, userId))) throw problems.notFound('This activation link is not valid.');
      const outcome = await users.execute(context, userId, {
        type: 'ActivateUser', userId, tokenHash: sha256(body.token),
      });
      return written(userId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/user/password/forgot', tags: ['auth'], auth: 'public',
      summary: 'Ask for a password reset link by e-mail; the same answer whether or not the address has an account',
      body: z.strictObject({ email: z.string().trim().max(320).pipe(z.email()), locale: UserLocale.optional(), securityChallenge }),
      response: z.object({ accepted: z.literal(true) }), successStatus: 202,
      answers: {
        428: 'Many requests from this address: send a solved security challenge (securityChallenge)',
        429: 'Too many requests from this address or e-mails to this recipient: try again after Retry-After seconds',
      },
    }, async ({ body, context, request }) => {
      // Counted for unknown addresses too, so a 429 tells nothing about who has an account.
      await resetRequests.attempt(body.email, clientAddress(request), body.securityChallenge, now());
      const userId = await findUserIdByEmail(eventStore, body.email);
      const account = userId ? await loadUserAccount(eventStore, userId) : null;
      // Unknown addresses get the very same answer (no account enumeration); nothing is written or sent.
      if (account) {
        const token = `${account.userId}.${context.newSecret(32)}`;
        const expiresAt = new Date(Date.parse(context.at) + PASSWORD_RESET_TTL_MS).toISOString();
        await users.execute(context, account.userId, {
          type: 'RequestPasswordReset', userId: account.userId, tokenHash: sha256(token), expiresAt,
        });
        // The mail is in the account's language unless the page asking was in the other one.
        await deps.mailer.sendPasswordReset({ to: account.email, fullName: account.fullName, locale: body.locale ?? account.locale, token, expiresAt, at: context.at });
      }
      return { status: 202, body: { accepted: true as const } };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/user/password/reset', tags: ['auth'], auth: 'public',
      summary: 'Set a new password with the token of a reset link (once, within the hour); ends every session',
      body: z.strictObject({ token: ResetToken, password: requiredPassword }), response: WriteResult,
      answers: { 422: 'The password is not acceptable, or the link is unknown, used or expired (code user.bad-reset-token)' },
    }, async ({ body, context }) => {
      const userId = body.token.split('.')[0]!;
      if (!Id.safeParse(userId).success || !(await loadUserAccount(eventStore, userId))) throw badResetLink();
      const outcome = await users.execute(context, userId, {
        type: 'ResetPassword', userId, tokenHash: sha256(body.token), passwordHash: await hash(body.password),
      });
      deps.onSessionsRevoked?.(userId);
      return written(userId, outcome);
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/token/jwt', summary: 'Sign in: an access token and a refresh token', tags: ['auth'], auth: 'public',
      body: z.strictObject({ email: z.string().trim().max(320).optional(), username: z.string().trim().max(320).optional(), password: z.string().max(1000), securityChallenge })
        .refine((b) => Boolean(b.email || b.username), { message: 'E-mail is required', path: ['email'] }),
      response: TokenAnswer,
      answers: {
        401: 'The e-mail or password is wrong',
        428: 'Many wrong passwords for this account: send a solved security challenge (securityChallenge)',
        429: 'Too many wrong passwords: try again after Retry-After seconds',
      },
    }, async ({ body, context, request }) => {
      const email = normalizeEmail((body.email || body.username)!);
      // Unknown addresses are throttled like known ones, so a 429 tells nothing about who has an account.
      const attempt = await signInGuesses.attempt(email, clientAddress(request), now(), body.securityChallenge);
      const userId = await findUserIdByEmail(eventStore, email);
      const account = userId ? await loadUserAccount(eventStore, userId) : null;
      if (!account) {
        decoyHash ??= hash(randomUUID());
        await verifyPassword(body.password, await decoyHash);
        throw wrongCredentials();
      }
      if (!(await verifyPassword(body.password, account.passwordHash))) throw wrongCredentials();
      await attempt.succeeded();
      if (!account.active) throw inactive();
      return { status: 200, body: await startSession(deps, context, account) };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/token/refresh', tags: ['auth'], auth: 'public',
      summary: 'A new token pair for a valid refresh token (roles reloaded); the refresh token is spent, and a spent one ends its session',
      body: z.strictObject({ refresh_token: z.string().min(1).max(4000) }), response: TokenAnswer,
      answers: { 401: 'The refresh token is invalid, expired, spent (which ends its session), or revoked by a password or role change' },
    }, async ({ body, context }) => {
      const refresh = verifyRefreshToken(deps.tokens.secret, body.refresh_token);
      const account = refresh ? await loadUserAccount(eventStore, refresh.userId) : null;
      if (!account) throw problems.unauthorized('The refresh token is invalid or expired. Sign in again.');
      // A password or role change since this token was issued revoked it.
      if (account.tokenVersion !== refresh!.tokenVersion) throw problems.unauthorized('This session has ended because the password or the roles changed. Sign in again.');
      if (!account.active) throw inactive();
      const presented = refresh!.session;
      if (!presented) throw sessionOver('This sign-in is too old to be renewed. Sign in again.');
      const next = { tokenId: randomUUID(), issuedAt: Math.floor(Date.parse(context.at) / 1000), tokenVersion: account.tokenVersion };
      let outcome;
      try {
        outcome = await sessions.execute(context, presented.sessionId, {
          type: 'RefreshSession', sessionId: presented.sessionId, presentedTokenId: presented.tokenId, token: next, graceMs: REFRESH_REUSE_GRACE_MS,
        });
      } catch (error) {
        if (error instanceof Refusal && error.code.startsWith('session.')) throw sessionOver(error.reason);
        throw error;
      }
      const [event] = outcome.events;
      if (event?.type === 'SessionEnded') {
        deps.onSessionsRevoked?.(account.userId);
        throw sessionOver('This sign-in was ended because its refresh token was used twice: someone may hold a copy of it. Sign in again.', 'session.token-reused');
      }
      // Nothing appended: the token just replaced, within the grace; answered with the one that replaced it.
      const state = outcome.stateBefore;
      const identity: RefreshTokenIdentity = event || state.status === 'absent'
        ? { sessionId: presented.sessionId, tokenId: next.tokenId, issuedAt: next.issuedAt }
        : { sessionId: presented.sessionId, tokenId: state.current.tokenId, issuedAt: state.current.issuedAt };
      return { status: 200, body: issueTokens(deps.tokens, claimsOf(account), identity) };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/token/revoke', summary: 'Sign out: the session of this refresh token ends (its tokens are refused from then on)', tags: ['auth'], auth: 'public',
      body: z.strictObject({ refresh_token: z.string().min(1).max(4000) }), response: z.object({ ended: z.literal(true) }),
    }, async ({ body, context }) => {
      // The same answer for any token, valid or not: it ends what it can and tells nothing.
      const refresh = verifyRefreshToken(deps.tokens.secret, body.refresh_token);
      if (refresh?.session) {
        await sessions.execute(context, refresh.session.sessionId, { type: 'EndSession', sessionId: refresh.session.sessionId, presentedTokenId: refresh.session.tokenId })
          .catch((error: unknown) => { if (!(error instanceof Refusal)) throw error; });
      }
      return { status: 200, body: { ended: true as const } };
    }, { idempotent: false }),

    // The storefront's server pass asks it before every signed-in page: in process when both run here.
    defineInProcessRead({
      method: 'get', path: '/api/user/current', summary: 'The signed-in user (SPEC §3 profile)', tags: ['auth'], auth: 'user', response: UserProfile,
    }, async ({ context }) => {
      const account = await loadUserAccount(eventStore, context.actor.userId!);
      if (!account) throw problems.unauthorized('This account no longer exists.');
      return { status: 200, body: profileOf(account) };
    }),

    defineRoute({
      method: 'put', path: '/api/user/profile', summary: "Update the signed-in user's name, phone and locale", tags: ['auth'], auth: 'user',
      body: z.strictObject({ fullName: z.string().trim().min(1).max(200), phone: PhoneInput.optional(), locale: UserLocale }), response: WriteResult,
    }, async ({ body, context }) => {
      const userId = context.actor.userId!;
      const outcome = await users.execute(context, userId, {
        type: 'UpdateUserProfile', userId, fullName: body.fullName, ...(body.phone ? { phone: body.phone } : {}), locale: body.locale,
      });
      return written(userId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/user/password', summary: 'Change the password (the current one is required); ends every other session and answers fresh tokens', tags: ['auth'], auth: 'user',
      body: z.strictObject({ currentPassword: z.string().max(1000), newPassword: requiredPassword }), response: WriteResult.extend(TokenAnswer.shape),
      answers: { 429: 'Too many wrong current passwords: try again after Retry-After seconds' },
    }, async ({ body, context, request }) => {
      const userId = context.actor.userId!;
      // A stolen access token must not become a way to guess the password: throttled like sign-in.
      const attempt = await passwordChangeGuesses.attempt(userId, clientAddress(request), now());
      const account = await loadUserAccount(eventStore, userId);
      if (!account || !(await verifyPassword(body.currentPassword, account.passwordHash))) {
        throw new HttpProblem(403, 'Forbidden', { code: 'user.wrong-password', detail: 'The current password is wrong.' });
      }
      await attempt.succeeded();
      const outcome = await users.execute(context, userId, {
        type: 'ChangePassword', userId, passwordHash: await hash(body.newPassword),
      });
      // The change revoked every refresh token, this session's too: it continues in a new session.
      const changed = (await loadUserAccount(eventStore, userId))!;
      deps.onSessionsRevoked?.(userId);
      return { status: 200, body: { ...written(userId, outcome).body, ...(await startSession(deps, context, changed)) } };
    }, {
      // Not replayed by Idempotency-Key: the answer holds tokens, which must never be stored in the log.
      idempotent: false,
    }),

    defineRoute({
      method: 'put', path: '/api/admin/users/:userId/roles', summary: "Set a user's roles and groups (superUsers)", tags: ['admin', 'users'], auth: 'superUsers',
      params: z.strictObject({ userId: Id }),
      body: z.strictObject({
        roles: z.array(z.enum(['admin', 'operator', 'superAdmin'])).max(3),
        groups: z.array(z.string().trim().min(1).max(100)).max(20),
      }),
      response: WriteResult,
    }, async ({ params, body, context }) => {
      if (!(await loadUserAccount(eventStore, params.userId))) throw problems.notFound('There is no such user.');
      const outcome = await users.execute(context, params.userId, {
        type: 'SetUserRoles', userId: params.userId, roles: body.roles, groups: body.groups,
      });
      // New roles revoke the user's refresh tokens; their open sockets close too.
      if (outcome.events.length > 0) deps.onSessionsRevoked?.(params.userId);
      return written(params.userId, outcome);
    }),
  ];
}
