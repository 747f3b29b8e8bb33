import { pathMatcher } from '../query-api/route-matcher.ts';
import { actorOfRoute, answerOf, parse, type CommandRoute, type MountOptions } from './command-route.ts';
import { guard } from './guards.ts';
import { createRequestContext } from './request-context.ts';

// The command API's reads the storefront's server pass makes in process when both run in one process
// (`npm start`), as the query API's (web/api/in-process-transport.ts): GET /api/user/current before
// every signed-in page, which over loopback HTTP was about a quarter of that page's server time (undici,
// a second Express request). The same steps as the mounted route (command-route.ts: bearer auth, guard,
// access rules, params) for the routes defined with defineInProcessRead; any other GET stays on HTTP.

export interface CommandReadRequest {
  /** Path and query string, encoded as an HTTP client sends it. */
  url: string;
  /** Request headers by lower-case name. */
  headers: Record<string, string | undefined>;
}

export interface CommandReadAnswer {
  status: number;
  /** The JSON the route answers over HTTP: the body, or the problem. */
  body: string;
  /** Never cached: a command read names no cache tags. */
  tags: null;
}

/** Null when the GET route that would answer this path over HTTP is not one to answer in process. */
export type CommandReads = (request: CommandReadRequest) => Promise<CommandReadAnswer> | null;

export function commandReadsInProcess(routes: readonly CommandRoute[], options: Pick<MountOptions, 'jwtSecret' | 'clock' | 'authorize' | 'logError'>): CommandReads {
  // In the order Express tries them: the first GET route whose path matches answers.
  const matchers = routes.filter((route) => route.spec.method === 'get').map((route) => ({ route, match: pathMatcher(route.spec.path) }));
  return (request) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    let found: { route: CommandRoute; match: NonNullable<ReturnType<ReturnType<typeof pathMatcher>>> } | null = null;
    for (const { route, match } of matchers) {
      const matched = match(pathname);
      if (matched) { found = { route, match: matched }; break; }
    }
    const handle = found?.route.readInProcess;
    if (!found || !handle) return null;
    const { route: { spec }, match } = found;
    return (async (): Promise<CommandReadAnswer> => {
      try {
        const actor = actorOfRoute(spec, request.headers.authorization, options.jwtSecret);
        const context = createRequestContext({ get: (name) => request.headers[name.toLowerCase()] }, actor, options.clock.now());
        guard(spec.auth, actor);
        const params = match.params();
        await options.authorize(spec, params, actor);
        const answer = await handle({ params: spec.params ? parse(spec.params, params, 'params') : undefined, context });
        // As res.json writes it (no body: the empty text).
        return { status: answer.status, body: answer.body === undefined ? '' : JSON.stringify(answer.body), tags: null };
      } catch (error) {
        const answer = answerOf(error, options.logError);
        return { status: answer.status, body: JSON.stringify(answer.body), tags: null };
      }
    })();
  };
}
