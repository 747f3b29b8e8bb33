import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { systemClock } from '../domain/ports/clock.ts';
import { HttpProblem, problemHandler, sendProblem } from '../infra/http/problem.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { actorResolver, guardRead, identityOf, localeOf } from './caller.ts';
import { createGetCache, type GetCache } from './get-cache.ts';
import { awaitRevision } from './read-your-writes.ts';
import { normalizedQuery, parseOr422, type ReadRoute } from './read-route.ts';
import { trackedViews } from './tracked-views.ts';
import type { QueryApiPorts } from './ports.ts';
import { readRoutes } from './routes/all-read-routes.ts';
import { openApiDocument, openApiRouteSpec } from './openapi.ts';

export interface QueryApi {
  router: Router;
  /** Every route of this API, for the OpenAPI document and tests. */
  routes: RouteSpec[];
  /** Resolves when pending cache purges are done; stops following projection changes. */
  cache: Pick<GetCache, 'settled' | 'stop'>;
}

// The query API (issue 3): GET routes over the views, the GET cache, read-your-writes and the
// OpenAPI document of both APIs. Mount the router at the root: its paths start with /api.
export function createQueryApi(ports: QueryApiPorts): QueryApi {
  const clock = ports.clock ?? systemClock;
  const logger = ports.logger ?? { warn: (message: string) => console.warn(message), error: (error: unknown, message?: string) => console.error(message ?? 'query-api', error) };
  const ttlMs = ports.cacheTtlMs ?? 10_000;
  const waitMs = ports.readYourWritesTimeoutMs ?? 5_000;
  const actorOf = actorResolver(ports);
  const getCache = createGetCache(ports.cache, ports.projections, { ttlMs, logger });
  const routes = readRoutes({ jobQueue: ports.jobQueue });
  const specs = [...routes.map((route) => route.spec), openApiRouteSpec];

  const router = express.Router();
  for (const route of routes) {
    router.get(route.spec.path, async (req, res) => {
      const answer = await answerRead(route, req, res);
      res.type('application/json').send(answer);
    });
  }
  let document: string | undefined;
  router.get(openApiRouteSpec.path, (_req, res) => {
    document ??= JSON.stringify(openApiDocument([...specs, ...(ports.extraRouteSpecs ?? [])]));
    res.type('application/json').send(document);
  });
  // Problems the routes raise on purpose (504 views-behind) are answers, not faults to log.
  router.use(problemHandler((error) => { if (!(error instanceof HttpProblem)) logger.error(error, 'query-api'); }));

  async function answerRead(route: ReadRoute, req: Request, res: Response): Promise<string> {
    const actor = actorOf(req);
    guardRead(route.spec.auth, actor);
    const params = route.spec.params ? parseOr422(route.spec.params, req.params, 'params') : {};
    const query = parseOr422(route.spec.query!, normalizedQuery(req), 'query') as Record<string, unknown>;
    const locale = (query.locale as 'he-IL' | 'en-US' | undefined) ?? localeOf(req);
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
    const key = `${req.originalUrl}|${identityOf(actor)}|${locale}`;
    res.vary('Authorization').vary('Accept-Language').vary('X-Locale');
    res.set('Cache-Control', 'private, no-cache');
    // A read that waited for its own write skips cached answers: the purge may still be on its way.
    if (route.cache && minRevision === undefined) {
      const cached = await getCache.get(key);
      if (cached !== undefined) {
        res.set('X-Cache', 'hit');
        return cached;
      }
    }
    const generation = getCache.generation();
    const answer = JSON.stringify(await route.handle(context));
    if (route.cache) await getCache.set(key, answer, tags, generation);
    res.set('X-Cache', route.cache ? 'miss' : 'bypass');
    return answer;
  }

  return { router, routes: specs, cache: { settled: getCache.settled, stop: getCache.stop } };
}

/** Mount after both APIs: a request under /api that no route took gets a problem, not an HTML page. */
export const apiNotFound: RequestHandler = (req, res) => {
  sendProblem(res, new HttpProblem(404, 'Not found', { code: 'not-found', detail: `No route ${req.method} ${req.originalUrl.split('?')[0]}.` }).problem);
};
