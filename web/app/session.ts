import { FAVORITES_COOKIE, parseCookies, parseFavoriteIds, REFRESH_COOKIE, serializeCookie, TOKEN_COOKIE } from './cookies.ts';
import type { ApiClient } from '../api/client.ts';

// The session lives in two cookies readable by the server pass and by the browser (decision in
// docs/storefront.md): `token` (access JWT) and `refresh_token`.
export interface TokenPair { token: string; refresh_token: string }

export function storeSession(pair: TokenPair): void {
  const secure = location.protocol === 'https:';
  document.cookie = serializeCookie(TOKEN_COOKIE, pair.token, { secure });
  document.cookie = serializeCookie(REFRESH_COOKIE, pair.refresh_token, { secure });
}

export const browserCookies = (): Record<string, string> => parseCookies(document.cookie);

/** After signing in, the favorites a guest kept in the cookie move to the account. */
export async function moveGuestFavoritesToAccount(api: ApiClient): Promise<void> {
  const ids = parseFavoriteIds(browserCookies()[FAVORITES_COOKIE]);
  for (const id of ids) {
    await api.post(`artists/vendor/${encodeURIComponent(id)}/favored/by-user`, undefined, { silent: true }).catch(() => undefined);
  }
  document.cookie = `${FAVORITES_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function clearSession(): void {
  for (const name of [TOKEN_COOKIE, REFRESH_COOKIE]) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
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
    storeSession(await response.json() as TokenPair);
    return true;
  } catch {
    return false;
  }
}
