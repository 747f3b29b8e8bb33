import type { Request, RequestHandler, Response } from 'express';
import { parseCookies, REFRESH_COOKIE, serializeCookie, SESSION_HEADER, SESSION_HEADER_VALUE, SESSION_MARKER_COOKIE, TOKEN_COOKIE } from './app/cookies.ts';
import { isForeignFormPost } from './form-post-origin.ts';

// The session in cookies, server side. An XSS must find no token to steal, so:
//   - `token` and `refresh_token` are HttpOnly, SameSite=Lax, Secure when the page is served over
//     https (or in production), and live as long as the refresh token (Max-Age from its `exp`);
//   - `session=1` (readable, same lifetime) only tells the browser's code that a session exists;
//   - the browser's API calls carry no bearer token: they send `X-Session: cookie`, and the bridge
//     below, in front of /api, turns the cookie into the bearer header the APIs take, and moves the
//     tokens of an answer (sign-in, password change, artist registration) into the cookies instead
//     of handing them to the script;
//   - renewing an expired access token is POST /session/refresh, which reads the HttpOnly refresh cookie.
export interface TokenPair { token: string; refresh_token: string }

/** Seconds until a JWT's `exp` (0 when expired or unreadable). */
export function secondsLeft(jwt: string | undefined, now = Date.now()): number {
  if (!jwt) return 0;
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? Math.max(0, Math.floor(payload.exp - now / 1000)) : 0;
  } catch {
    return 0;
  }
}

/** The Set-Cookie values that store a session (or, for null, remove it). */
export function sessionSetCookies(pair: TokenPair | null, options: { secure: boolean }): string[] {
  const maxAgeSeconds = pair ? secondsLeft(pair.refresh_token) || secondsLeft(pair.token) : 0;
  const secure = options.secure;
  return [
    serializeCookie(TOKEN_COOKIE, pair?.token ?? '', { maxAgeSeconds, secure, httpOnly: true }),
    serializeCookie(REFRESH_COOKIE, pair?.refresh_token ?? '', { maxAgeSeconds, secure, httpOnly: true }),
    serializeCookie(SESSION_MARKER_COOKIE, pair ? '1' : '', { maxAgeSeconds, secure }),
  ];
}

/**
 * Session cookies set before they were HttpOnly (or without the marker): written again the way they
 * are now, so the browser's code sees the marker and scripts stop seeing the tokens. Empty when there
 * is nothing to do.
 */
export function upgradedSessionCookies(cookies: Record<string, string>, options: { secure: boolean }): string[] {
  const token = cookies[TOKEN_COOKIE];
  if (!token || cookies[SESSION_MARKER_COOKIE] === '1') return [];
  const refresh = cookies[REFRESH_COOKIE];
  const maxAgeSeconds = secondsLeft(refresh) || secondsLeft(token);
  return [
    serializeCookie(TOKEN_COOKIE, token, { maxAgeSeconds, secure: options.secure, httpOnly: true }),
    ...(refresh ? [serializeCookie(REFRESH_COOKIE, refresh, { maxAgeSeconds, secure: options.secure, httpOnly: true })] : []),
    serializeCookie(SESSION_MARKER_COOKIE, '1', { maxAgeSeconds, secure: options.secure }),
  ];
}

/** Whether cookies of this request's answer get `Secure`: served over https (req.secure follows TRUST_PROXY), or production. */
export const secureCookies = (req: Request, production: boolean): boolean => production || req.secure;

const isTokenPair = (value: unknown): value is TokenPair & Record<string, unknown> =>
  typeof value === 'object' && value !== null && typeof (value as TokenPair).token === 'string' && typeof (value as TokenPair).refresh_token === 'string';

/**
 * In front of /api (both APIs in one process, or the gateway to them): for the browser's calls
 * (`X-Session: cookie`), the session cookie becomes the bearer token, and tokens in a 2xx answer go
 * into HttpOnly cookies and out of the body. Calls without the header (the server pass, other
 * clients) are untouched: they send their own bearer token and read their own tokens.
 */
export function sessionCookieBridge(options: { production: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.get(SESSION_HEADER) !== SESSION_HEADER_VALUE) { next(); return; }
    // Browsers send Origin with every cross-origin call; a custom header already needs a preflight
    // this site never grants, so this only refuses what a misconfigured proxy might let through.
    if (isForeignFormPost({ origin: req.headers.origin, secFetchSite: req.get('sec-fetch-site'), host: req.host })) {
      res.status(403).type('application/problem+json').json({ type: 'https://httpstatuses.io/403', title: 'Forbidden', status: 403, code: 'forbidden', detail: 'This call came from another site.' });
      return;
    }
    const token = parseCookies(req.headers.cookie)[TOKEN_COOKIE];
    if (token && !req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
    moveTokensIntoCookies(res, secureCookies(req, options.production));
    next();
  };
}

function moveTokensIntoCookies(res: Response, secure: boolean): void {
  const strip = (body: unknown): unknown => {
    if (res.statusCode < 200 || res.statusCode > 299 || !isTokenPair(body)) return body;
    for (const cookie of sessionSetCookies(body, { secure })) res.append('Set-Cookie', cookie);
    const { token: _token, refresh_token: _refresh, ...rest } = body;
    return rest;
  };
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(strip(body));
  // The distributed gateway relays the API's answer as bytes.
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if ((Buffer.isBuffer(body) || typeof body === 'string') && String(res.get('content-type') ?? '').includes('json') && String(body).includes('"refresh_token"')) {
      try {
        const stripped = strip(JSON.parse(String(body)));
        return send(Buffer.from(JSON.stringify(stripped)));
      } catch { /* not JSON after all: as it is */ }
    }
    return send(body as never);
  };
}

/**
 * POST /session/refresh: a new token pair from the HttpOnly refresh cookie (the browser's code cannot
 * read it), into the cookies; 204, or 401 with the session cookies removed.
 */
export function sessionRefreshHandler(options: { production: boolean; renew: (refreshToken: string) => Promise<TokenPair | null> }): RequestHandler {
  return async (req, res) => {
    if (isForeignFormPost({ origin: req.headers.origin, secFetchSite: req.get('sec-fetch-site'), host: req.host }) || req.get(SESSION_HEADER) !== SESSION_HEADER_VALUE) {
      res.status(403).type('text/plain').send('Forbidden');
      return;
    }
    const refreshToken = parseCookies(req.headers.cookie)[REFRESH_COOKIE];
    const pair = refreshToken ? await options.renew(refreshToken).catch(() => null) : null;
    for (const cookie of sessionSetCookies(pair, { secure: secureCookies(req, options.production) })) res.append('Set-Cookie', cookie);
    res.setHeader('Cache-Control', 'no-store');
    res.status(pair ? 204 : 401).end();
  };
}
