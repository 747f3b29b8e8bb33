import { data, redirect } from 'react-router';
import { isSuperUser as actsAsSuperUser } from '../../domain/shared/actor-rules.ts';
import type { CurrentUser } from '../api/view-models.ts';
import { actorOf } from './current-actor.ts';
import type { WebEnvironment } from './environment.ts';
import { localeOfPath, localizedPath } from './locale-path.ts';

// SPEC §2 and §6 guards, run in loaders so the server pass and the browser redirect alike.

/** Login with the original full path (locale prefix and query included) as the redirect target. */
export function loginPathFor(request: Request): string {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  return `${localizedPath(locale, '/user/login')}?loginRedirect=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Seconds a reader whose user check failed is told to wait before trying again. */
const USER_CHECK_RETRY_AFTER_S = 5;

/**
 * requireUser: a guest goes to login. A reader whose check failed (timed out, the API away) is not
 * known to be a guest: sent to sign in, a signed-in reader on a slow line would be asked for a password
 * the session still holds. The page says to try again instead (503, the error page's "just a moment").
 */
export async function requireUser(environment: WebEnvironment, request: Request): Promise<CurrentUser> {
  const user = await environment.currentUser();
  if (user) return user;
  if (environment.userCheckFailed()) throw data(null, { status: 503, headers: { 'Retry-After': String(USER_CHECK_RETRY_AFTER_S) } });
  throw redirect(loginPathFor(request));
}

/** requireGuest: a signed-in user goes to the root path. */
export async function requireGuest(environment: WebEnvironment, request: Request): Promise<void> {
  const user = await environment.currentUser();
  if (user) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/'));
}

/** requireVendor: guests to login, non-vendors (or another vendor's id) to unauthorized. */
export async function requireVendor(environment: WebEnvironment, request: Request, vendorId?: string): Promise<CurrentUser & { vendorId: string }> {
  const user = await requireUser(environment, request);
  const ownVendorId = user.Vendor?.id;
  if (!ownVendorId || (vendorId !== undefined && vendorId !== ownVendorId)) {
    throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/error/unauthorized'));
  }
  // The vendor screens act on the user's own vendor: it comes with the user.
  return { ...user, vendorId: ownVendorId };
}

/** Where an artist whose registration is not live (archived) is told so. */
export const INACTIVE_REGISTRATION_PATH = '/user/dashboard/vendor/inactive';

/**
 * SPEC §6 no-inactive-registration guard: requireVendor, and the artist's registration (their vendor)
 * must be live. An archived artist's owner is sent from the screens that change what customers see
 * (profile, products, busy times, new contracts: the API refuses those writes anyway) to the page that
 * says why and what still works; their orders and reviews stay open to them.
 */
export async function noInactiveRegistration(environment: WebEnvironment, request: Request): Promise<CurrentUser & { vendorId: string }> {
  const user = await requireVendor(environment, request);
  const vendor = await environment.api.get<{ archived?: unknown }>(`ecommerce/vendor/${encodeURIComponent(user.vendorId)}`, { silent: true }).catch(() => null);
  if (vendor?.archived === true) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), INACTIVE_REGISTRATION_PATH));
  return user;
}

/** The group SPEC §6 names for the super users (source tracking, phone dispenses, user actions, entities). */
export const SUPER_USERS_GROUP = 'superUsers';

export const isSuperUser = (user: CurrentUser | null): boolean => user !== null && actsAsSuperUser(actorOf(user));

/** adminGuard: guests to login, anyone who is neither admin nor operator to unauthorized. */
export async function requireAdmin(environment: WebEnvironment, request: Request): Promise<CurrentUser> {
  const user = await requireUser(environment, request);
  if (!user.isAdmin && !user.isOperator) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/error/unauthorized'));
  return user;
}

/** requireSuperAdmin: an admin in the superUsers group; others to unauthorized. */
export async function requireSuperAdmin(environment: WebEnvironment, request: Request): Promise<CurrentUser> {
  const user = await requireAdmin(environment, request);
  if (!isSuperUser(user)) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/error/unauthorized'));
  return user;
}

/** requireNotVendor: a user who already has a vendor profile cannot register another. */
export async function requireNotVendor(environment: WebEnvironment, request: Request): Promise<CurrentUser> {
  const user = await requireUser(environment, request);
  if (user.Vendor?.id) throw redirect(localizedPath(localeOfPath(new URL(request.url).pathname), '/error/unauthorized'));
  return user;
}

/**
 * A loginRedirect is followed only when it is a path on this site (no open redirect). Control
 * characters and whitespace are refused too: a Location header cannot carry them (Node throws), and
 * browsers drop tabs and newlines from a URL, so `/\n/evil.example` would become `//evil.example`.
 */
export function safeRedirectTarget(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(target)) return fallback;
  return target;
}
