import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import type { Server } from 'node:http';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { createApiClient } from './api/client.ts';
import { createEnvironment } from './app/environment.ts';
import { parseCookies, serializeCookie, TOKEN_COOKIE, REFRESH_COOKIE } from './app/cookies.ts';
import { languageTag, localeOfPath, localizedPath } from './app/locale-path.ts';
import { safeRedirectTarget } from './app/guards.ts';
import { buildClientAssets } from './client-bundle.ts';
import { renderPage } from './render-page.tsx';
import { createRealtimeHub } from './realtime-hub.ts';
import { currentUser } from './api/queries.ts';
import { isApiError } from './api/api-error.ts';
import type { CurrentUser } from './api/view-models.ts';

const SERVER_USER_TIMEOUT_MS = 2_000;

// The storefront (issue 5): server-rendered pages in Hebrew and English, the browser bundle, and the
// realtime socket. main.ts mounts the APIs at /api first, then this router.
export interface WebAppOptions {
  /** Where the server pass calls the APIs, e.g. http://127.0.0.1:PORT (the /api prefix is added). */
  apiBaseUrl: string;
  production: boolean;
  realtime?: Realtime;
  verifyToken?: (token: string) => Actor | null;
  fetch?: typeof fetch;
  /** Where failures of the server pass are logged (default console.error). */
  logError?: (error: unknown, message: string) => void;
}

export interface WebApp {
  router: express.Router;
  attachWebSocket(server: Server): void;
  close(): Promise<void>;
}

export async function createWebApp(options: WebAppOptions): Promise<WebApp> {
  const assets = await buildClientAssets({ production: options.production });
  const apiBase = `${options.apiBaseUrl.replace(/\/+$/, '')}/api`;
  const hub = createRealtimeHub({ realtime: options.realtime, verifyToken: options.verifyToken });
  const router = express.Router();

  router.get('/assets/:file', (req, res) => {
    const file = assets.files.get(req.path);
    if (!file) { res.status(404).type('text/plain').send('Not found'); return; }
    res.setHeader('Cache-Control', options.production ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    // Compressed once at start; sent to every client that accepts gzip.
    if (req.acceptsEncodings('gzip') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.type(file.type).send(file.gzipped);
      return;
    }
    res.type(file.type).send(file.body);
  });

  // Sign-in before the page has hydrated (or without JavaScript): the form posts here.
  router.post(['/user/login', '/en/user/login'], express.urlencoded({ extended: false, limit: '10kb' }), async (req, res) => {
    const locale = localeOfPath(req.path);
    const target = safeRedirectTarget(typeof req.query.loginRedirect === 'string' ? req.query.loginRedirect : null, localizedPath(locale, '/'));
    const body = req.body as Record<string, unknown>;
    const answer = await (options.fetch ?? fetch)(`${apiBase}/token/jwt`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': languageTag(locale) },
      body: JSON.stringify({ email: String(body.email ?? ''), password: String(body.password ?? '') }),
    }).catch(() => null);
    if (!answer?.ok) {
      res.redirect(303, `${localizedPath(locale, '/user/login')}?failed=1&loginRedirect=${encodeURIComponent(target)}`);
      return;
    }
    const pair = await answer.json() as { token: string; refresh_token: string };
    res.append('Set-Cookie', serializeCookie(TOKEN_COOKIE, pair.token, { secure: options.production }));
    res.append('Set-Cookie', serializeCookie(REFRESH_COOKIE, pair.refresh_token, { secure: options.production }));
    res.redirect(303, target);
  });

  /**
   * The user behind the token cookie, checked before the loaders run (SPEC §6: 2 s on the server).
   * An expired token is renewed with the refresh token (new cookies on the answer); a token the API
   * refuses for good is dropped, so the page renders for a guest instead of failing.
   */
  async function checkSession(cookies: Record<string, string>, locale: 'he' | 'en', res: ExpressResponse): Promise<{ token: string | null; user: CurrentUser | null }> {
    const token = cookies[TOKEN_COOKIE];
    if (!token) return { token: null, user: null };
    const userOf = async (candidate: string) => {
      const api = createApiClient({ baseUrl: apiBase, getToken: () => candidate, getLocale: () => languageTag(locale), fetch: options.fetch });
      return currentUser(api, SERVER_USER_TIMEOUT_MS);
    };
    try {
      return { token, user: await userOf(token) };
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) return { token, user: null };
    }
    const refreshed = await renewTokens(cookies[REFRESH_COOKIE]);
    if (refreshed) {
      res.append('Set-Cookie', serializeCookie(TOKEN_COOKIE, refreshed.token, { secure: options.production }));
      res.append('Set-Cookie', serializeCookie(REFRESH_COOKIE, refreshed.refresh_token, { secure: options.production }));
      const user = await userOf(refreshed.token).catch(() => null);
      return { token: refreshed.token, user };
    }
    res.append('Set-Cookie', serializeCookie(TOKEN_COOKIE, '', { days: 0, secure: options.production }));
    res.append('Set-Cookie', serializeCookie(REFRESH_COOKIE, '', { days: 0, secure: options.production }));
    return { token: null, user: null };
  }

  async function renewTokens(refreshToken: string | undefined): Promise<{ token: string; refresh_token: string } | null> {
    if (!refreshToken) return null;
    const answer = await (options.fetch ?? fetch)(`${apiBase}/token/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: refreshToken }), signal: AbortSignal.timeout(SERVER_USER_TIMEOUT_MS),
    }).catch(() => null);
    return answer?.ok ? (await answer.json() as { token: string; refresh_token: string }) : null;
  }

  router.get('/{*page}', async (req: ExpressRequest, res: ExpressResponse, next) => {
    if (req.path.startsWith('/api/') || req.path === '/api') { next(); return; }
    try {
      const cookies = parseCookies(req.headers.cookie);
      const locale = localeOfPath(req.path);
      const session = await checkSession(cookies, locale, res);
      const api = createApiClient({
        baseUrl: apiBase, getToken: () => session.token, getLocale: () => languageTag(locale), fetch: options.fetch,
      });
      const environment = createEnvironment({
        api, isServer: true, locale, cookies: () => cookies, hasToken: () => Boolean(session.token), knownUser: session.user,
      });
      const url = new URL(req.originalUrl, `http://${req.headers.host ?? 'localhost'}`);
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      const request = new Request(url, { headers: { cookie: req.headers.cookie ?? '', 'accept-language': languageTag(locale) }, signal: controller.signal });
      const result = await renderPage(request, environment, locale, { script: assets.scriptPath, stylesheet: assets.stylesheetPath }, options.logError);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('X-Robots-Tag', 'index, follow');
      if (result.kind === 'redirect') { res.redirect(result.status, result.location); return; }
      res.status(result.status).type('text/html; charset=utf-8').send(result.html);
    } catch (error) {
      next(error);
    }
  });

  return {
    router,
    attachWebSocket: (server) => hub.attach(server),
    close: () => hub.close(),
  };
}
