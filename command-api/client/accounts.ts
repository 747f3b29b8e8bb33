import type { EventStore } from '../../domain/ports/event-store.ts';
import type { OutboxMailer } from '../activation-mailer.ts';
import { grantUserRoles } from '../system-commands.ts';
import type { CommandApiClient } from './command-api-client.ts';
import { asksForSecurityChallenge, solveSecurityChallenge } from './security-challenge-solver.ts';
import type { UserLocale } from '../../domain/user/commands.ts';

// Accounts through the real routes: register → activation token from the outbox → activate → sign in.
export interface SignedInUser {
  userId: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A public POST that may ask for a security challenge (many requests from one address): solved and sent again, as a browser would. */
async function postSolvingChallenge(api: CommandApiClient, path: string, body: Record<string, unknown>, action: 'register' | 'sign-in') {
  const answer = await api.post(path, body);
  return asksForSecurityChallenge(answer) ? api.post(path, { ...body, securityChallenge: await solveSecurityChallenge(api.baseUrl, action) }) : answer;
}

export async function signIn(api: CommandApiClient, email: string, password: string): Promise<{ token: string; refreshToken: string }> {
  const answer = await postSolvingChallenge(api, '/api/token/jwt', { email, password }, 'sign-in');
  expectStatus(answer, 200, `sign in ${email}`);
  return { token: answer.body.token, refreshToken: answer.body.refresh_token };
}

export async function registerAndSignIn(
  api: CommandApiClient,
  mailer: OutboxMailer,
  user: { email: string; password?: string; fullName?: string; locale?: UserLocale; phone?: string },
): Promise<SignedInUser> {
  const password = user.password ?? 'a-good-password';
  const registered = await postSolvingChallenge(api, '/api/user/register', {
    email: user.email, password, fullName: user.fullName ?? user.email.split('@')[0], locale: user.locale ?? 'he-IL',
    ...(user.phone ? { phone: user.phone } : {}),
  }, 'register');
  expectStatus(registered, 201, `register ${user.email}`);
  const token = mailer.tokenFor(user.email);
  if (!token) throw new Error(`no activation message for ${user.email}`);
  expectStatus(await api.post('/api/user/activate', { token }), 200, `activate ${user.email}`);
  const tokens = await signIn(api, user.email, password);
  return { userId: registered.body.id, email: user.email, password, ...tokens };
}

/** An admin in the superUsers group: the first one of an installation is made by the system. */
export async function registerAdmin(api: CommandApiClient, mailer: OutboxMailer, eventStore: EventStore, email: string, password?: string): Promise<SignedInUser> {
  const user = await registerAndSignIn(api, mailer, { email, password });
  await grantUserRoles({ eventStore }, user.userId, ['admin', 'superAdmin'], ['superUsers']);
  return { ...user, ...(await signIn(api, user.email, user.password)) };
}

/** A signed-in user who registered as an artist: owns a fresh vendor, with a token that says so. */
export async function registerVendor(api: CommandApiClient, mailer: OutboxMailer, email: string, profile: unknown): Promise<SignedInUser & { vendorId: string }> {
  const user = await registerAndSignIn(api, mailer, { email });
  const answer = await api.post('/api/artists/register', { profile }, user.token);
  expectStatus(answer, 201, `artist registration ${email}`);
  return { ...user, vendorId: answer.body.id, token: answer.body.token, refreshToken: answer.body.refresh_token };
}
