import { parse as parseQueryString } from 'node:querystring';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { systemClock } from '../domain/ports/clock.ts';
import { HttpProblem, problemHandler, problemOf, sendProblem } from '../infra/http/problem.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { accessGuard } from '../infra/http/access-guard.ts';
import { accessRulesOfViews } from '../projectors/acl/access-rules.ts';
import { actorResolver, guardRead, identityOf, localeOf } from './caller.ts';
import { createGetCache, type CachedAnswer, type GetCache } from './get-cache.ts';
import { awaitRevision } from './read-your-writes.ts';
import { parseOr422, type ReadRequest, type ReadRoute } from './read-route.ts';
import { createParsedQueries } from './parsed-queries.ts';
import { routeTable } from './route-matcher.ts';
import { trackedViews } from './tracked-views.ts';
import { answerText, JsonText } from './json-text.ts';
import { weakEtag } from './weak-etag.ts';
import { utf8Bytes } from './utf8-bytes.ts';
import type { QueryApiPorts } from './ports.ts';
import type { TextReads, ViewCollection } from '../domain/ports/view-store.ts';
import { readRoutes } from './routes/all-read-routes.ts';
import { CALENDAR_FEED_PATH, calendarFeed } from './calendar-feed.ts';
import { openApiDocument, openApiRouteSpec } from './openapi.ts';
import type { UserLocale } from '../domain/user/commands.ts';
import type { Actor } from '../domain/shared/actor.ts';

export interface QueryApi {
  router: Router;
  /** Every route of this API, for the OpenAPI document and tests. */
  routes: RouteSpec[];
  /** Resolves when pending cache purges are done; stops following projection changes; the purge generation. */
  cache: Pick<GetCache, 'settled' | 'stop' | 'generation'>;
  /**
   * A GET answered in this process, through the same validation, guards, GET cache and error answers
   * as over HTTP (the storefront's server pass, web/api/in-process-transport.ts). Null when no read
   * route has this path: the caller goes over HTTP.
   */
  read(request: InProcessReadRequest): Promise<InProcessReadAnswer> | null;
  /**
   * The same read as `read`, its answer handed over as the value the route made: no JSON text, no GET
   * cache (the storefront's server pass gathering one page's data, web/api/in-process-values.ts). Null
   * when no read route has this path.
   */
  readValue(request: InProcessReadRequest): Promise<InProcessValueAnswer> | null;
}

export interface InProcessValueAnswer {
  status: number;
  /** The answer as the route made it (what HTTP would send as JSON), or the problem details of an error. */
  value: unknown;
  /** The cache tags of what the answer read (an answer cached over HTTP would carry them); null for an error or a route never cached. */
  tags: readonly string[] | null;
}

export interface InProcessReadRequest {
  /** Path and query string, e.g. `/api/ecommerce/vendor?limit=24`, encoded as an HTTP client sends it. */
  url: string;
  /** Request headers by lower-case name (authorization, accept-language). */
  headers: Record<string, string | undefined>;
}

export interface InProcessReadAnswer {
  status: number;
  /** The JSON text HTTP would answer: the answer, or the problem details of an error. */
  body: string;
  /** The cache tags of a cached answer (what it read); null for an error or an answer never cached. */
  tags: readonly string[] | null;
}

/** The answer's JSON text and its UTF-8, as a cached answer gives them (a hit kept as bytes decodes its text when asked). */
interface ReadOutcome extends Pick<CachedAnswer, 'text' | 'bytes'> {
  cache: 'hit' | 'miss' | 'bypass';
  tags: readonly string[] | null;
}

/** The request headers a read's answer depends on besides its URL (the GET cache keys on what they decide: the caller, the locale). */
const VARIED_BY = 'Authorization, Accept-Language, X-Locale';

/** Every path the query API's router answers lies under these (main.ts enters it for those paths only). */
export const QUERY_API_PATH_PREFIXES = ['/api/'] as const;

// The query API: GET routes over the views, the GET cache, read-your-writes and the
// OpenAPI document of both APIs. Mount the router at the root: its paths start with /api.
export function createQueryApi(ports: QueryApiPorts): QueryApi {
  const clock = ports.clock ?? systemClock;
  const logger = ports.logger ?? { warn: (message: string) => console.warn(message), error: (error: unknown, message?: string) => console.error(message ?? 'query-api', error) };
  const ttlMs = ports.cacheTtlMs ?? 10_000;
  const waitMs = ports.readYourWritesTimeoutMs ?? 5_000;
  const actorOf = actorResolver(ports);
  const authorize = accessGuard(accessRulesOfViews(ports.viewStore));
  const getCache = createGetCache(ports.cache, ports.projections, { ttlMs, logger });
  const routes = readRoutes({ jobQueue: ports.jobQueue });
  const specs = [...routes.map((route) => route.spec), openApiRouteSpec];
  // Listings read as text ask the view store to keep those texts (docs/embedded-views.md, "Listings").
  for (const { collection, omit } of routes.flatMap((route) => route.texts ?? [])) {
    const target = ports.viewStore.collection(collection) as ViewCollection & Partial<TextReads>;
    target.keepTexts?.(omit).catch((error: unknown) => logger.error(error, `keeping the texts of ${collection} failed`));
  }

  const router = express.Router();
  for (const route of routes) {
    router.get(route.spec.path, async (req, res) => {
      // Headers of fixed text by setHeader, as res.set sets them (the value's String, a Content-Type that
      // names its charset as it is) without its steps per call; the three names in one vary call, which
      // adds them as three calls would, or set as they are where no Vary is set yet (what vary makes of
      // them then, without parsing both lists).
      if (res.hasHeader('Vary')) res.vary(VARIED_BY);
      else res.setHeader('Vary', VARIED_BY);
      res.setHeader('Cache-Control', 'private, no-cache');
      const outcome = await answerRead(route, readRequestOf(req), true);
      res.setHeader('X-Cache', outcome.cache);
      // What Express makes of a JSON text (its charset, its default weak ETag over the UTF-8), the ETag
      // by one crypto.hash call instead of a Hash object per answer; the UTF-8 written by utf8Bytes.
      const body = outcome.bytes();
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (req.app.get('etag') === 'weak') res.setHeader('ETag', weakEtag(body));
      res.send(body);
    });
  }
  let document: string | undefined;
  router.get(openApiRouteSpec.path, (_req, res) => {
    document ??= JSON.stringify(openApiDocument([...specs, ...(ports.extraRouteSpecs ?? [])]));
    res.type('application/json').send(document);
  });
  // A vendor's private iCalendar feed, by its secret link (text/calendar, not in the OpenAPI document).
  router.get(CALENDAR_FEED_PATH, calendarFeed(ports.viewStore, clock));
  // Problems the routes raise on purpose (504 views-behind) are answers, not faults to log.
  router.use(problemHandler((error) => { if (!(error instanceof HttpProblem)) logger.error(error, 'query-api'); }));

  const parsedQueries = createParsedQueries();

  /** `sendsBytes`: the caller sends the answer's UTF-8 (HTTP), which a miss then hands to the GET cache too. */
  async function answerRead(route: ReadRoute, req: ReadRequest, sendsBytes: boolean): Promise<ReadOutcome> {
    const actor = actorOf(req);
    guardRead(route.spec.auth, actor);
    await authorize(route.spec, req.params, actor);
    const keyOf = (locale: UserLocale) => `${req.originalUrl}|${identityOf(actor)}|${locale}`;
    // An answer is cached only for a URL whose path and query were valid, and validity is the URL's alone
    // (no schema reads the clock or the views): a cached answer is looked up before they are parsed again
    // (two zod parses per read; most of a page's reads are hits, the categories and places every page
    // lists). A valid URL's locale is localeOf's (the query's `locale` is he-IL or en-US, which it reads
    // alike). A read that asks for a revision (`minRevision`) takes the full path below.
    const lookedUp = route.cache && !('minRevision' in req.query) && !('minRevision[]' in req.query);
    if (lookedUp) {
      const cached = await getCache.get(keyOf(localeOf(req)));
      if (cached !== undefined) return { text: cached.text, bytes: cached.bytes, cache: 'hit', tags: cached.tags() };
    }
    const { context, locale, tags, minRevision } = await readContext(route, req, actor);
    const key = keyOf(locale);
    // A read that waited for its own write skips cached answers: the purge may still be on its way.
    if (route.cache && minRevision === undefined && !lookedUp) {
      const cached = await getCache.get(key);
      if (cached !== undefined) return { text: cached.text, bytes: cached.bytes, cache: 'hit', tags: cached.tags() };
    }
    const generation = getCache.generation();
    const answer = answerText(await route.handle(context));
    const bytes = sendsBytes ? utf8Bytes(answer) : undefined;
    if (route.cache) await getCache.set(key, answer, tags, generation, bytes);
    return { text: () => answer, bytes: () => bytes ?? utf8Bytes(answer), cache: route.cache ? 'miss' : 'bypass', tags: route.cache ? [...tags] : null };
  }

  /** A read's validated params and query, its locale and views; after waiting for `minRevision` when asked. */
  async function readContext(route: ReadRoute, req: ReadRequest, actor: Actor) {
    const params = route.spec.params ? parseOr422(route.spec.params, req.params, 'params') : {};
    const query = parsedQueries.parse(route.spec.query!, req) as Record<string, unknown>;
    const locale = (query.locale as UserLocale | undefined) ?? localeOf(req);
    const { views, tags } = trackedViews(ports.viewStore);
    const context = { actor, params, query, locale, views, eventStore: ports.eventStore, now: clock.now() } as never;
    const minRevision = query.minRevision as number | undefined;
    if (minRevision !== undefined && route.documentOf) {
      try {
        await awaitRevision(ports.eventStore, ports.projections, route.documentOf(params as never, actor), minRevision, waitMs);
      } catch (error) {
        // A 409 tells the caller how far the stream is; say it only to who may see the document.
        if (error instanceof HttpProblem && error.problem.status === 409) await route.handle(context);
        throw error;
      }
    }
    return { context, locale, tags, minRevision };
  }

  /** answerRead without the GET cache and the JSON text: the route's answer as a value. */
  async function answerValue(route: ReadRoute, req: ReadRequest): Promise<{ value: unknown; tags: readonly string[] | null }> {
    const actor = actorOf(req);
    guardRead(route.spec.auth, actor);
    await authorize(route.spec, req.params, actor);
    const { context, tags } = await readContext(route, req, actor);
    const answer = await route.handle(context);
    // A listing written as text (list-page.ts) is its JSON's value.
    return { value: answer instanceof JsonText ? answer.toJSON() : answer, tags: route.cache ? [...tags] : null };
  }

  // In the order Express tries them: the first route whose path matches answers.
  const routeOfPath = routeTable(routes.map((route) => ({ path: route.spec.path, value: route })));
  /**
   * The read route of an in-process request, and the request as the pipeline reads it (made when asked:
   * a path that does not decode is the read's error answer); null when no route has its path.
   */
  function routeOf(request: InProcessReadRequest): { route: ReadRoute; req: () => ReadRequest } | null {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const matched = routeOfPath(pathname);
    if (!matched) return null;
    return {
      route: matched.value,
      req: () => ({
        originalUrl: request.url,
        params: matched.params(),
        query: queryAt < 0 ? {} : parseQueryString(request.url.slice(queryAt + 1)),
        get: (name) => request.headers[name.toLowerCase()],
      }),
    };
  }

  /** What the router's problem handler answers and logs for the same error. */
  function problemAnswered(error: unknown) {
    const problem = problemOf(error);
    if (problem.status >= 500 && !(error instanceof HttpProblem)) logger.error(error, 'query-api');
    return problem;
  }

  function read(request: InProcessReadRequest): Promise<InProcessReadAnswer> | null {
    const found = routeOf(request);
    if (!found) return null;
    return Promise.resolve().then(() => answerRead(found.route, found.req(), false)).then(
      (outcome) => ({ status: 200, body: outcome.text(), tags: outcome.tags }),
      (error: unknown) => {
        const problem = problemAnswered(error);
        return { status: problem.status, body: JSON.stringify(problem), tags: null };
      },
    );
  }

  function readValue(request: InProcessReadRequest): Promise<InProcessValueAnswer> | null {
    const found = routeOf(request);
    if (!found) return null;
    return Promise.resolve().then(() => answerValue(found.route, found.req())).then(
      ({ value, tags }) => ({ status: 200, value, tags }),
      (error: unknown) => {
        const problem = problemAnswered(error);
        return { status: problem.status, value: problem, tags: null };
      },
    );
  }

  return { router, routes: specs, cache: { settled: getCache.settled, stop: getCache.stop, generation: getCache.generation }, read, readValue };
}

/**
 * The request as the read pipeline reads it, its query parsed once: Express 5 parses the query string
 * again at every read of `req.query`, and a cache miss read it four or five times (its locale, the
 * minRevision check, the validation).
 */
function readRequestOf(req: Request): ReadRequest {
  const query = req.query as Record<string, unknown>;
  return { originalUrl: req.originalUrl, params: req.params, query, get: (name) => req.get(name) };
}

/** Mount after both APIs: a request under /api that no route took gets a problem, not an HTML page. */
export const apiNotFound: RequestHandler = (req, res) => {
  sendProblem(res, new HttpProblem(404, 'Not found', { code: 'not-found', detail: `No route ${req.method} ${req.originalUrl.split('?')[0]}.` }).problem);
};
