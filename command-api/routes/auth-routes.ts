import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Id, streamId } from '../../domain/shared/ids.ts';
import { isNotExactlyFalse, phone, requiredPassword, type PhoneObject } from '../../domain/shared/validation.ts';
import { EmailAddress, UserLocale } from '../../domain/user/commands.ts';
import { userDecider, userEmailDecider } from '../../domain/user/decider.ts';
import { hashPassword, verifyPassword } from '../../infra/auth/password-hash.ts';
import { issueTokens, verifyRefreshToken, type TokenPair } from '../../infra/auth/jwt-tokens.ts';
import { HttpProblem, problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { createLoginThrottle } from '../login-throttle.ts';
import { emailStreamId, findUserIdByEmail, loadUserAccount, normalizeEmail, profileOf, type UserAccount } from '../user-account.ts';
import { WriteResult } from '../write-result.ts';

// Accounts and tokens: register → activation token to the mailer (never to the client) → activate →
// POST /api/token/jwt for an access token and a refresh token → GET /api/user/current.
// E-mail uniqueness: `useremail-<sha256(email)>` is claimed with expected revision "no stream" before
// the user stream is written, so two registrations of one address cannot both succeed.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SPEC §5 accepts a phone in either form; it is stored in the string form (`+972501234567`). */
const PhoneInput = phone.transform((value: string | PhoneObject | null | undefined) =>
  value === null || value === undefined || value === '' ? undefined : typeof value === 'string' ? value : `${value.prefix}${value.number}`);

/** Activation tokens name their user, so activation needs no index: `<userId>.<32 random bytes>`. */
const ActivationToken = z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9_-]{20,100}$/, 'Not an activation token');

const TokenAnswer = z.object({ token: z.string(), refresh_token: z.string() });

export const UserProfile = z.object({
  uuid: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().optional(),
  locale: UserLocale,
  Vendor: z.object({ id: z.string() }).optional(),
  isAdmin: z.boolean(),
  isOperator: z.boolean(),
  roles: z.array(z.string()),
  groups: z.array(z.string()),
});

// Verifying against a fixed hash when the e-mail is unknown keeps "no such user" as slow as "wrong
// password", so response times do not tell which addresses have accounts.
let decoyHash: Promise<string> | null = null;
const wrongCredentials = () => problems.unauthorized('The e-mail or password is wrong.');
const inactive = () => new HttpProblem(403, 'Account not activated', {
  code: 'user.inactive', detail: 'This account is not activated yet. Open the activation link we sent to your e-mail.',
});

export function tokensFor(deps: CommandDeps, account: UserAccount): TokenPair {
  return issueTokens(deps.tokens, { userId: account.userId, email: account.email, roles: account.roles, groups: account.groups, vendorId: account.vendorId });
}

export function authRoutes(deps: CommandDeps): CommandRoute[] {
  const { eventStore } = deps;
  const throttle = createLoginThrottle();

  return [
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
      }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      // A claim whose user was never written (the process stopped between the two appends) is taken
      // over by reusing its user id: the user stream's "no stream" append still lets only one win.
      const claimedBy = await findUserIdByEmail(eventStore, body.email);
      const orphanClaim = claimedBy !== null && (await eventStore.readStream(streamId('user', claimedBy), { maxCount: 1 })).length === 0;
      const userId = orphanClaim ? claimedBy : randomUUID();
      const token = `${userId}.${randomBytes(32).toString('base64url')}`;
      const passwordHash = await hashPassword(body.password);
      await deps.execute(context, emailStreamId(body.email), userEmailDecider, {
        type: 'ClaimEmail', actor: context.actor, at: context.at, userId, email: body.email,
      });
      const outcome = await deps.execute(context, streamId('user', userId), userDecider, {
        type: 'RegisterUser', actor: context.actor, at: context.at, userId, email: body.email, fullName: body.fullName,
        passwordHash, ...(body.phone ? { phone: body.phone } : {}), locale: body.locale, activationTokenHash: sha256(token),
      });
      await deps.mailer.sendActivation({ to: body.email, userId, fullName: body.fullName, locale: body.locale, token, at: context.at });
      return written(userId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/user/activate', summary: 'Activate an account with the token from the activation e-mail', tags: ['auth'], auth: 'public',
      body: z.strictObject({ token: ActivationToken }), response: WriteResult,
    }, async ({ body, context }) => {
      const userId = body.token.split('.')[0]!;
      if (!Id.safeParse(userId).success || !(await loadUserAccount(eventStore, userId))) throw problems.notFound('This activation link is not valid.');
      const outcome = await deps.execute(context, streamId('user', userId), userDecider, {
        type: 'ActivateUser', actor: context.actor, at: context.at, userId, tokenHash: sha256(body.token),
      });
      return written(userId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/token/jwt', summary: 'Sign in: an access token and a refresh token', tags: ['auth'], auth: 'public',
      body: z.strictObject({ email: z.string().trim().max(320).optional(), username: z.string().trim().max(320).optional(), password: z.string().max(1000) })
        .refine((b) => Boolean(b.email || b.username), { message: 'E-mail is required', path: ['email'] }),
      response: TokenAnswer,
    }, async ({ body }) => {
      const email = normalizeEmail((body.email || body.username)!);
      const now = deps.clock.now().getTime();
      throttle.check(email, now);
      const userId = await findUserIdByEmail(eventStore, email);
      const account = userId ? await loadUserAccount(eventStore, userId) : null;
      if (!account) {
        decoyHash ??= hashPassword(randomUUID());
        await verifyPassword(body.password, await decoyHash);
        throttle.failed(email, now);
        throw wrongCredentials();
      }
      if (!(await verifyPassword(body.password, account.passwordHash))) {
        throttle.failed(email, now);
        throw wrongCredentials();
      }
      throttle.succeeded(email);
      if (!account.active) throw inactive();
      return { status: 200, body: tokensFor(deps, account) };
    }, { idempotent: false }),

    defineRoute({
      method: 'post', path: '/api/token/refresh', summary: 'A new token pair for a valid refresh token (roles reloaded)', tags: ['auth'], auth: 'public',
      body: z.strictObject({ refresh_token: z.string().min(1).max(4000) }), response: TokenAnswer,
    }, async ({ body }) => {
      const userId = verifyRefreshToken(deps.tokens.secret, body.refresh_token);
      const account = userId ? await loadUserAccount(eventStore, userId) : null;
      if (!account) throw problems.unauthorized('The refresh token is invalid or expired. Sign in again.');
      if (!account.active) throw inactive();
      return { status: 200, body: tokensFor(deps, account) };
    }, { idempotent: false }),

    defineRoute({
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
      const outcome = await deps.execute(context, streamId('user', userId), userDecider, {
        type: 'UpdateUserProfile', actor: context.actor, at: context.at, userId, fullName: body.fullName, ...(body.phone ? { phone: body.phone } : {}), locale: body.locale,
      });
      return written(userId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/user/password', summary: 'Change the password (the current one is required)', tags: ['auth'], auth: 'user',
      body: z.strictObject({ currentPassword: z.string().max(1000), newPassword: requiredPassword }), response: WriteResult,
    }, async ({ body, context }) => {
      const userId = context.actor.userId!;
      const account = await loadUserAccount(eventStore, userId);
      if (!account || !(await verifyPassword(body.currentPassword, account.passwordHash))) {
        throw new HttpProblem(403, 'Forbidden', { code: 'user.wrong-password', detail: 'The current password is wrong.' });
      }
      const outcome = await deps.execute(context, streamId('user', userId), userDecider, {
        type: 'ChangePassword', actor: context.actor, at: context.at, userId, passwordHash: await hashPassword(body.newPassword),
      });
      return written(userId, outcome);
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
      const outcome = await deps.execute(context, streamId('user', params.userId), userDecider, {
        type: 'SetUserRoles', actor: context.actor, at: context.at, userId: params.userId, roles: body.roles, groups: body.groups,
      });
      return written(params.userId, outcome);
    }),
  ];
}
