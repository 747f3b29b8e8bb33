// Cookies of the storefront (SPEC §9: path /; a guest's favorites 365 days). The session is two
// HttpOnly cookies no script can read — `token` (access JWT) and `refresh_token` — living as long as
// the refresh token, and a readable `session=1` that tells the browser's code a session exists
// (web/session-cookies.ts writes all three; docs/security.md).
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh_token';
export const SESSION_MARKER_COOKIE = 'session';
export const FAVORITES_COOKIE = 'favorites';
export const COOKIE_DAYS = 365;
/**
 * The header by which the browser's API calls ask the /api gateway to take the session from the
 * cookies (and to put tokens it answers into them). A custom header: another site's page cannot send
 * it without a CORS preflight, which this site never grants.
 */
export const SESSION_HEADER = 'x-session';
export const SESSION_HEADER_VALUE = 'cookie';

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in cookies) continue;
    try { cookies[name] = decodeURIComponent(part.slice(index + 1).trim()); } catch { /* a malformed value is ignored */ }
  }
  return cookies;
}

export function serializeCookie(name: string, value: string, options: { days?: number; maxAgeSeconds?: number; secure?: boolean; httpOnly?: boolean } = {}): string {
  const maxAge = options.maxAgeSeconds ?? Math.round((options.days ?? COOKIE_DAYS) * 86_400);
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAge))}`];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Favorite vendor ids of a guest: a comma-separated list, unknown characters dropped. */
export function parseFavoriteIds(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((id) => id.trim()).filter((id) => /^[A-Za-z0-9_-]{1,100}$/.test(id)))].slice(0, 999);
}
