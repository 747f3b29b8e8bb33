// Cookies the server pass and the browser both read (SPEC §9: 365 days, path /).
export const TOKEN_COOKIE = 'token';
export const REFRESH_COOKIE = 'refresh_token';
export const FAVORITES_COOKIE = 'favorites';
export const COOKIE_DAYS = 365;

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

export function serializeCookie(name: string, value: string, options: { days?: number; secure?: boolean } = {}): string {
  const days = options.days ?? COOKIE_DAYS;
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax', `Max-Age=${Math.round(days * 86_400)}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Favorite vendor ids of a guest: a comma-separated list, unknown characters dropped. */
export function parseFavoriteIds(value: string | undefined): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').map((id) => id.trim()).filter((id) => /^[A-Za-z0-9_-]{1,100}$/.test(id)))].slice(0, 999);
}
