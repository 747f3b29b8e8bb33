import { FAVORITES_COOKIE, parseCookies, parseFavoriteIds, serializeCookie, SESSION_HEADER, SESSION_HEADER_VALUE, SESSION_MARKER_COOKIE } from './cookies.ts';
import type { WebEnvironment } from './environment.ts';

// The session, as the browser's code sees it: not at all, but for the `session` marker cookie. The
// tokens are HttpOnly cookies (web/session-cookies.ts): API calls carry them through the /api bridge
// (`X-Session: cookie`), and an expired access token is renewed by POST /session/refresh, which
// reads the refresh cookie on the server. Route actions run on either side, so they store a session
// through the environment: Set-Cookie headers on the server pass, nothing to do in the browser.
export interface TokenPair { token: string; refresh_token: string }

/** After a sign-in (or a password change, an artist registration): the answer's session, kept. */
export function storeSession(environment: WebEnvironment, pair: Partial<TokenPair>): void {
  if (pair.token && pair.refresh_token) environment.setSession(pair);
}

/** The browser's cookie writer (the browser environment's setCookie): readable cookies only (favorites). */
export function writeBrowserCookie(name: string, value: string, options: { days?: number } = {}): void {
  document.cookie = serializeCookie(name, value, { ...options, secure: location.protocol === 'https:' });
}

export const browserCookies = (): Record<string, string> => parseCookies(document.cookie);

/** Whether the browser holds a session (the readable marker beside the HttpOnly tokens). */
export const browserHasSession = (): boolean => browserCookies()[SESSION_MARKER_COOKIE] === '1';

/** The headers of the browser's own calls to /api: the session comes from the cookies. */
export const sessionHeaders = (): Record<string, string> => ({ [SESSION_HEADER]: SESSION_HEADER_VALUE });

/** After signing in, the favorites a guest kept in the cookie move to the account (the environment's API now carries the new session). */
export async function moveGuestFavoritesToAccount(environment: WebEnvironment): Promise<void> {
  const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]);
  if (ids.length === 0) return;
  for (const id of ids) {
    await environment.api.post(`artists/vendor/${encodeURIComponent(id)}/favored/by-user`, undefined, { silent: true }).catch(() => undefined);
  }
  environment.setCookie(FAVORITES_COOKIE, '', { days: 0 });
}

/**
 * After a 401: a new token pair from the refresh cookie. When it is refused the server removed the
 * session cookies, and the call is retried as a guest (public pages keep working).
 */
export async function renewOrDropSession(): Promise<boolean> {
  await refreshSession();
  return true;
}

/** A new token pair from the HttpOnly refresh cookie, into the cookies (POST /session/refresh); false when refused. */
export async function refreshSession(): Promise<boolean> {
  if (!browserHasSession()) return false;
  try {
    const response = await fetch('/session/refresh', { method: 'POST', headers: sessionHeaders(), credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}
