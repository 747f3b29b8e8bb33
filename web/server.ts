import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Realtime } from '../domain/ports/realtime.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { callerHeaders, createApiClient, httpTransport, type ApiTransport } from './api/client.ts';
import { createInProcessTransport, type InProcessReader } from './api/in-process-transport.ts';
import { createInProcessValues } from './api/in-process-values.ts';
import { guestPageKey, isGuestRequest, type GuestPage, type GuestPageCache } from './guest-page-cache.ts';
import { createEnvironment, saysNoUser } from './app/environment.ts';
import { parseCookies, serializeCookie, TOKEN_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE } from './app/cookies.ts';
import { secureCookies, sessionRefreshHandler, sessionSetCookies, upgradedSessionCookies, type TokenPair } from './session-cookies.ts';
import { languageTag, localeOfPath, localizedPath } from './app/locale-path.ts';
import { buildClientAssets, pageMessagesModule, routeGroupMessagesModule } from './client-bundle.ts';
import { cachedClientAssets } from './client-assets-cache.ts';
import { renderPage } from './render-page.tsx';
import { compressedBody } from './compressed-body.ts';
import { utf8Bytes } from '../query-api/utf8-bytes.ts';
import { robotsTxt, sitemapPages, sitemapXml } from './seo-files.ts';
import { APP_SHELL_PATH } from './app/history-mode.ts';
import { SCRIPT_LOADER } from './app/document.tsx';
import { routeGroupsOf } from './app/route-groups.ts';
import { isForeignFormPost } from './form-post-origin.ts';
import { createRealtimeHub } from './realtime-hub.ts';
import { currentUser } from './api/queries.ts';
import { isApiError } from './api/api-error.ts';
import type { CurrentUser } from './api/view-models.ts';
import { pageContentSecurityPolicy } from '../infra/http/security-headers.ts';
import { CLIENT_ADDRESS_HEADER } from '../infra/http/client-address.ts';
import type { Locale } from '../domain/shared/translatable.ts';

const SERVER_USER_TIMEOUT_MS = 2_000;
/** How long a vouch for a visitor's address is reused (infra/http/client-address.ts: valid for 60 s), and for how many addresses at most. */
const VOUCH_REUSE_MS = 10_000;
const VOUCHES_KEPT = 10_000;
/** What a signed-in visitor's page imports as it starts (web/api/queries.ts's reads, web/app/realtime-client.ts). */
const SIGNED_IN_MODULES = ['api/adapters.ts', 'app/realtime-messages.ts'];

// The storefront: server-rendered pages in Hebrew and English, the browser bundle, and the
// realtime socket. main.ts mounts the APIs at /api first, then this router.
export interface WebAppOptions {
  /** Where the server pass calls the APIs, e.g. http://127.0.0.1:PORT (the /api prefix is added). */
  apiBaseUrl: string;
  /** Production: the assets cached for good; no client-only shell. */
  production: boolean;
  /** The client build: production's (minified, React's production build, brotli too) where true. Default: `production`. */
  productionAssets?: boolean;
  /** Session cookies always `Secure` (a production deployment); otherwise only over https. */
  secureCookies: boolean;
  realtime?: Realtime;
  verifyToken?: (token: string) => Actor | null;
  /**
   * The signed header by which the server pass tells the API which visitor it calls for, so the
   * API's throttles count the visitor and not this server (infra/http/client-address.ts).
   */
  vouchForClientAddress?: (address: string) => string;
  /** TRUST_PROXY: whose X-Forwarded-For names a socket's client address (the realtime hub's per-address cap). */
  trustProxy?: string | false;
  fetch?: typeof fetch;
  /** The query API of this very process (embedded mode): the server pass reads through it, not over HTTP. */
  inProcessReads?: InProcessReader;
  /** Guest pages cached by the tags of their reads (needs inProcessReads, which knows the tags). */
  guestPages?: GuestPageCache;
  /** Where failures of the server pass are logged (default console.error). */
  logError?: (error: unknown, message: string) => void;
  /** Where the assets' build is kept for the next start with the same sources (web/client-assets-cache.ts); without it each start builds them. */
  assetsCache?: { dir: string; warn?: (error: unknown, message: string) => void };
}

export interface WebApp {
  router: express.Router;
  attachWebSocket(server: Server): void;
  close(): Promise<void>;
}

export async function createWebApp(options: WebAppOptions): Promise<WebApp> {
  const productionAssets = options.productionAssets ?? options.production;
  const assets = options.assetsCache
    ? await cachedClientAssets({ production: productionAssets, ...options.assetsCache })
    : await buildClientAssets({ production: productionAssets });
  const apiBase = `${options.apiBaseUrl.replace(/\/+$/, '')}/api`;
  const hub = createRealtimeHub({ realtime: options.realtime, verifyToken: options.verifyToken, trustProxy: options.trustProxy });
  const http = httpTransport(options.fetch);
  /** In process when the query API runs here; `onRead` hears the cache tags of every read. */
  const transportOf = (onRead?: (tags: readonly string[] | null) => void): ApiTransport =>
    options.inProcessReads ? createInProcessTransport(options.inProcessReads, { fallback: http, onRead }) : http;
  const guestPages = options.inProcessReads ? options.guestPages : undefined;
  const router = express.Router();
  // The entry, its chunks, the page's language's messages and the chunks of the lazily loaded screens
  // the page is one of with their texts (the browser imports them before hydrating), all fetched while
  // the HTML is still being parsed. A signed-in visitor's page reads the user and opens the realtime
  // socket as it starts, so it also gets the answers' parsers and the socket's message schemas (zod),
  // which a guest's first load leaves to the first client-side read (docs/storefront.md).
  const modulePreloadsOf = (path: string, signedIn = false): string[] => {
    const locale = localeOfPath(path);
    const groups = routeGroupsOf(path);
    return [...new Set([
      assets.scriptPath, ...assets.entryImports, ...assets.chunksOf(pageMessagesModule(locale)),
      ...groups.flatMap((group) => assets.chunksOf(group.module)),
      ...(groups.length > 0 ? assets.chunksOf(routeGroupMessagesModule(locale)) : []),
      ...(signedIn ? SIGNED_IN_MODULES.flatMap((module) => assets.chunksOf(module)) : []),
    ])];
  };

  router.get('/assets/:file', (req, res) => {
    const file = assets.files.get(req.path);
    if (!file) { res.status(404).type('text/plain').send('Not found'); return; }
    res.setHeader('Cache-Control', options.production ? 'public, max-age=31536000, immutable' : 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    // Compressed once at start (web/client-bundle.ts): brotli when the client takes it, else gzip.
    if (file.brotli && req.acceptsEncodings('br') === 'br') {
      res.setHeader('Content-Encoding', 'br');
      res.type(file.type).send(file.brotli);
      return;
    }
    if (req.acceptsEncodings('gzip') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.type(file.type).send(file.gzipped);
      return;
    }
    res.type(file.type).send(file.body);
  });

  // The demo marketplace's photos (scripts/generate-demo-images.ts): content-hashed names, so cached for good.
  router.use('/demo', express.static(fileURLToPath(new URL('./public/demo/', import.meta.url)), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));

  // Outside production, the client-only shell (web/app/history-mode.ts): no page, no data — the browser
  // renders everything itself, on hash history (SPEC §9). Never indexed, never cached.
  if (!options.production) {
    router.get([APP_SHELL_PATH, localizedPath('en', APP_SHELL_PATH)], (req, res) => {
      const locale = localeOfPath(req.path);
      const html = `<!DOCTYPE html><html lang="${locale}" dir="${locale === 'he' ? 'rtl' : 'ltr'}" data-language-tag="${languageTag(locale)}"><head><meta charset="utf-8">`
        + '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">'
        + `<link rel="stylesheet" href="${assets.stylesheetPath}"><title>HaBama</title></head><body><div id="app"></div>`
        + `<script data-entry="${assets.scriptPath}" data-preloads="${modulePreloadsOf(req.path).join(' ')}">${SCRIPT_LOADER}</script></body></html>`;
      res.setHeader('Content-Security-Policy', pageContentSecurityPolicy({ inlineScripts: [SCRIPT_LOADER], host: req.headers.host }));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.type('text/html; charset=utf-8').send(html);
    });
  }

  // For search engines (web/seo-files.ts): the origin as the page handler names it in canonical addresses.
  const originOf = (req: ExpressRequest) => `${req.protocol}://${req.headers.host ?? 'localhost'}`;
  router.get('/robots.txt', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain; charset=utf-8').send(robotsTxt(originOf(req)));
  });
  router.get('/sitemap.xml', async (req, res, next) => {
    try {
      const api = createApiClient({ baseUrl: apiBase, getToken: () => null, getLocale: () => 'he-IL', transport: transportOf() });
      const xml = sitemapXml(originOf(req), await sitemapPages(api));
      res.setHeader('Cache-Control', 'public, max-age=600');
      res.type('application/xml; charset=utf-8');
      compressedBody(req, res).end(xml);
    } catch (error) {
      next(error);
    }
  });

  /**
   * The user behind the token cookie, checked before the loaders run (SPEC §6: 2 s on the server).
   * An expired token is renewed with the refresh token (new cookies on the answer); a token the API
   * refuses for good is dropped, so the page renders for a guest instead of failing.
   */
  async function checkSession(cookies: Record<string, string>, locale: Locale, req: ExpressRequest, res: ExpressResponse): Promise<{ token: string | null; user: CurrentUser | null; checkFailed?: boolean }> {
    const token = cookies[TOKEN_COOKIE];
    if (!token) return { token: null, user: null };
    const secure = secureCookies(req, options.secureCookies);
    const userOf = async (candidate: string) => {
      const api = createApiClient({ baseUrl: apiBase, getToken: () => candidate, getLocale: () => languageTag(locale), transport: transportOf() });
      return currentUser(api, SERVER_USER_TIMEOUT_MS);
    };
    try {
      const user = await userOf(token);
      for (const cookie of upgradedSessionCookies(cookies, { secure })) res.append('Set-Cookie', cookie);
      return { token, user };
    } catch (error) {
      // Timed out or failed: not known to be a guest (the guards say "try again" rather than "sign in").
      if (!isApiError(error) || error.status !== 401) return { token, user: null, checkFailed: !saysNoUser(error) };
    }
    const refreshed = await renewTokens(cookies[REFRESH_COOKIE]);
    for (const cookie of sessionSetCookies(refreshed, { secure })) res.append('Set-Cookie', cookie);
    if (refreshed) {
      let checkFailed = false;
      const user = await userOf(refreshed.token).catch((error: unknown) => {
        checkFailed = !saysNoUser(error);
        return null;
      });
      return { token: refreshed.token, user, checkFailed };
    }
    return { token: null, user: null };
  }

  async function renewTokens(refreshToken: string | undefined): Promise<TokenPair | null> {
    if (!refreshToken) return null;
    const answer = await (options.fetch ?? fetch)(`${apiBase}/token/refresh`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: refreshToken }), signal: AbortSignal.timeout(SERVER_USER_TIMEOUT_MS),
    }).catch(() => null);
    return answer?.ok ? (await answer.json() as { token: string; refresh_token: string }) : null;
  }

  function sendHtml(req: ExpressRequest, res: ExpressResponse, page: GuestPage): void {
    // Only the page's own bundle and its hydration data run; nobody frames it (infra/http/security-headers.ts).
    res.setHeader('Content-Security-Policy', page.contentSecurityPolicy);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(page.status).type('text/html; charset=utf-8');
    // As bytes, encoded once (query-api/utf8-bytes.ts): a string body is measured for Content-Length,
    // then joined to the head and encoded by the socket, three passes over ~30 KB of two-byte text.
    compressedBody(req, res).end(utf8Bytes(page.html));
  }

  // The signed header naming the visitor's address (an HMAC) is valid for a minute: signed once per
  // address and VOUCH_REUSE_MS, not for each page (about 1% of the server's time under figure 5's load).
  const vouches = new Map<string, { header: string; until: number }>();
  const vouchedFor = (address: string, vouch: (address: string) => string): string => {
    const now = Date.now();
    const kept = vouches.get(address);
    if (kept && kept.until > now) return kept.header;
    if (vouches.size >= VOUCHES_KEPT) vouches.clear();
    const header = vouch(address);
    vouches.set(address, { header, until: now + VOUCH_REUSE_MS });
    return header;
  };

  // GET renders a page; POST is a page's form posted without JavaScript: the static handler runs the
  // route's action, then renders the page with its answer or follows its redirect (web/app/form-action.ts).
  const pageHandler = async (req: ExpressRequest, res: ExpressResponse, next: express.NextFunction) => {
    if (req.path.startsWith('/api/') || req.path === '/api') { next(); return; }
    const posted = req.method === 'POST';
    if (posted && isForeignFormPost({ origin: req.headers.origin, secFetchSite: req.get('sec-fetch-site'), host: req.host })) {
      res.status(403).type('text/plain').send('Forbidden: the form was posted from another site');
      return;
    }
    try {
      const cookies = parseCookies(req.headers.cookie);
      const locale = localeOfPath(req.path);
      // A guest's page may be served from the guest page cache, and stored there (web/guest-page-cache.ts).
      // The page differs by cookie (a session, a guest's favorites); the cached one holds nothing personal.
      res.vary('Cookie');
      const guestCache = !posted && isGuestRequest(cookies) ? guestPages : undefined;
      const pageKey = guestPageKey({ host: req.headers.host ?? '', url: req.originalUrl, bundle: assets.scriptPath });
      const cached = await guestCache?.lookup(pageKey, cookies);
      if (cached) {
        res.setHeader('Cache-Control', 'private, no-cache');
        res.setHeader('X-Robots-Tag', 'index, follow');
        res.setHeader('X-Cache', 'hit');
        sendHtml(req, res, cached);
        return;
      }
      const recording = guestCache?.record(cookies);
      const session = await checkSession(cookies, locale, req, res);
      // The cookies as the browser will hold them after this answer: a renewed token, or one set by an action (sign-in).
      if (session.token) cookies[TOKEN_COOKIE] = session.token; else delete cookies[TOKEN_COOKIE];
      const secure = secureCookies(req, options.secureCookies);
      const setCookie = (name: string, value: string, cookie: { days?: number } = {}) => {
        res.append('Set-Cookie', serializeCookie(name, value, { ...cookie, secure }));
        if (cookie.days === 0) delete cookies[name]; else cookies[name] = value;
      };
      // A route action signed in or out: the HttpOnly session cookies of this answer, and of the loaders after it.
      const setSession = (pair: Partial<TokenPair> | null) => {
        const complete = pair?.token && pair.refresh_token ? { token: pair.token, refresh_token: pair.refresh_token } : null;
        for (const cookie of sessionSetCookies(complete, { secure })) res.append('Set-Cookie', cookie);
        if (complete) Object.assign(cookies, { [TOKEN_COOKIE]: complete.token, [REFRESH_COOKIE]: complete.refresh_token, [SESSION_MARKER_COOKIE]: '1' });
        else for (const name of [TOKEN_COOKIE, REFRESH_COOKIE, SESSION_MARKER_COOKIE]) delete cookies[name];
      };
      const api = createApiClient({
        baseUrl: apiBase, getToken: () => cookies[TOKEN_COOKIE] ?? null, getLocale: () => languageTag(locale), transport: transportOf(recording?.onRead),
        // The API's throttles count the visitor's address, not this server's own.
        headers: req.ip && options.vouchForClientAddress ? { [CLIENT_ADDRESS_HEADER]: vouchedFor(req.ip, options.vouchForClientAddress) } : {},
      });
      // The query API of this process hands a page's data over as values where a page gathers much (the vendor page).
      const reader = options.inProcessReads;
      const inProcessValues = reader?.readValue ? createInProcessValues({ readValue: reader.readValue }, {
        headers: () => callerHeaders(cookies[TOKEN_COOKIE] ?? null, languageTag(locale)),
        onRead: recording?.onRead,
      }) : undefined;
      const environment = createEnvironment({
        api, isServer: true, locale, cookies: () => recording?.cookies ?? cookies, setCookie, setSession, hasToken: () => Boolean(cookies[TOKEN_COOKIE]), knownUser: session.user, knownUserCheckFailed: session.checkFailed,
        inProcessValues,
      });
      // The scheme as Express reads it (X-Forwarded-Proto from a trusted proxy): pages name their canonical address with it.
      const url = new URL(req.originalUrl, `${req.protocol}://${req.headers.host ?? 'localhost'}`);
      const controller = new AbortController();
      // A visitor who left stops the loaders; an answer sent in full closes too, and aborting then would
      // only build a DOMException with its stack for nobody (~0.5% of a rendered page's time).
      res.on('close', () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers: Record<string, string> = { cookie: req.headers.cookie ?? '', 'accept-language': languageTag(locale) };
      if (posted && req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
      const request = new Request(url, { method: posted ? 'POST' : 'GET', headers, body: posted && Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : undefined, signal: controller.signal });
      const result = await renderPage(request, environment, locale, { script: assets.scriptPath, stylesheet: assets.stylesheetPath, modulePreloads: modulePreloadsOf(req.path, Boolean(cookies[TOKEN_COOKIE])) }, options.logError);
      // Always revalidated: the page names the current bundle, whose files are the ones cached for good.
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('X-Robots-Tag', 'index, follow');
      if (result.kind === 'redirect') { res.redirect(result.status, result.location); return; }
      if (result.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(result.retryAfterSeconds));
      const page: GuestPage = {
        status: result.status, html: result.html, contentSecurityPolicy: pageContentSecurityPolicy({ inlineScripts: result.inlineScripts, host: req.headers.host }),
      };
      if (recording) {
        // Still private for shared caches: they could neither revalidate it (no validator) nor purge it by tag.
        const stored = await recording.store(pageKey, page, { setCookie: res.hasHeader('Set-Cookie') });
        res.setHeader('X-Cache', stored === 'not-storable' ? 'bypass' : 'miss');
      }
      sendHtml(req, res, page);
    } catch (error) {
      next(error);
    }
  };
  // The browser's renewal of an expired access token: its refresh token is an HttpOnly cookie (web/session-cookies.ts).
  router.post('/session/refresh', sessionRefreshHandler({ production: options.secureCookies, renew: renewTokens }));
  router.get('/{*page}', pageHandler);
  router.post('/{*page}', express.raw({ type: ['application/x-www-form-urlencoded', 'multipart/form-data'], limit: '1mb' }), pageHandler);

  return {
    router,
    attachWebSocket: (server) => hub.attach(server),
    close: () => hub.close(),
  };
}
