import { FAVORITES_COOKIE, parseCookies, parseFavoriteIds, REFRESH_COOKIE, serializeCookie, TOKEN_COOKIE } from './cookies.ts';
import type { WebEnvironment } from './environment.ts';

// The session lives in two cookies readable by the server pass and by the browser (decision in
// docs/storefront.md): `token` (access JWT) and `refresh_token`. Route actions run on either side,
// so they write them through the environment: a Set-Cookie header on the server pass, document.cookie
// in the browser.
export interface TokenPair { token: string; refresh_token: string }

export function storeSession(environment: WebEnvironment, pair: TokenPair): void {
  environment.setCookie(TOKEN_COOKIE, pair.token);
  environment.setCookie(REFRESH_COOKIE, pair.refresh_token);
}

/** The browser's cookie writer (the browser environment's setCookie). */
export function writeBrowserCookie(name: string, value: string, options: { days?: number } = {}): void {
  document.cookie = serializeCookie(name, value, { ...options, secure: location.protocol === 'https:' });
}

export const browserCookies = (): Record<string, string> => parseCookies(document.cookie);

/** After signing in, the favorites a guest kept in the cookie move to the account (the environment's API now carries the new token). */
export async function moveGuestFavoritesToAccount(environment: WebEnvironment): Promise<void> {
  const ids = parseFavoriteIds(environment.cookies()[FAVORITES_COOKIE]);
  if (ids.length === 0) return;
  for (const id of ids) {
    await environment.api.post(`artists/vendor/${encodeURIComponent(id)}/favored/by-user`, undefined, { silent: true }).catch(() => undefined);
  }
  environment.setCookie(FAVORITES_COOKIE, '', { days: 0 });
}

export function clearSession(): void {
  for (const name of [TOKEN_COOKIE, REFRESH_COOKIE]) writeBrowserCookie(name, '', { days: 0 });
}

/**
 * After a 401: a new token pair from the refresh token. When there is none or it is refused, the
 * session is dropped and the call is retried as a guest (public pages keep working).
 */
export async function renewOrDropSession(baseUrl: string): Promise<boolean> {
  if (await refreshSession(baseUrl)) return true;
  clearSession();
  return true;
}

/** A new token pair from the refresh token; false when there is none or it is refused. */
export async function refreshSession(baseUrl: string): Promise<boolean> {
  const refreshToken = browserCookies()[REFRESH_COOKIE];
  if (!refreshToken) return false;
  try {
    const response = await fetch(`${baseUrl}/token/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!response.ok) return false;
    const pair = await response.json() as TokenPair;
    writeBrowserCookie(TOKEN_COOKIE, pair.token);
    writeBrowserCookie(REFRESH_COOKIE, pair.refresh_token);
    return true;
  } catch {
    return false;
  }
}
