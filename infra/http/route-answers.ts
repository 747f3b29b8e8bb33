import type { RouteSpec } from './route-spec.ts';

// The error answers a route can give, in one place, for GET /api/openapi.json (query-api/openapi.ts)
// and for the test that probes the running APIs against it (query-api/openapi-answers.test.ts). Most
// follow from the pipeline that serves the route and from what the spec declares; a route adds the
// answers of its own handler in `spec.answers`.

/** Every route: the HTTP server itself (infra/http/client-errors.ts) and the last resort. */
const everyRoute: Record<number, string> = {
  431: 'The request headers are too large',
  500: 'Something went wrong on our side',
};

/**
 * Command API (command-route.ts): bearer token → guard → JSON body → zod → Idempotency-Key → a
 * decider, whose refusals are problems (infra/http/problem.ts: forbidden 403, not_found 404,
 * conflict 409, invalid 422).
 */
function commandAnswers(spec: RouteSpec): Record<number, string> {
  const answers: Record<number, string> = {
    400: 'The body is not JSON, not an object or array, not UTF-8, holds lone surrogates, or is nested more than 32 levels deep; or a path parameter or the query string is not valid percent-encoded UTF-8',
    413: 'The body is larger than the limit',
    415: 'The body is not JSON (send Content-Type: application/json) or not in a JSON charset (send UTF-8)',
    422: 'Validation failed: the failing fields are listed (unknown fields too); or a malformed or reused Idempotency-Key',
  };
  if (spec.auth !== 'public') answers[401] = 'Sign in first: the access token is missing, invalid or expired';
  if (spec.method !== 'get') {
    answers[403] = 'Not allowed for this caller (its role, or this entity is not theirs)';
    answers[404] = 'Something the command names does not exist';
    answers[409] = 'Conflict: an illegal transition, a revision conflict, a double booking, or a request with this Idempotency-Key still in progress';
  } else if (spec.auth !== 'public' && spec.auth !== 'user') {
    answers[403] = 'Not allowed for this caller';
  }
  return answers;
}

/** Query API (create-query-api.ts): bearer token → guard by `auth` → path and query zod → read. */
function queryAnswers(spec: RouteSpec): Record<number, string> {
  const answers: Record<number, string> = {
    401: spec.auth === 'public'
      ? 'The access token sent is invalid or expired (send none to read as a guest)'
      : 'Sign in first: the access token is missing, invalid or expired',
    400: 'The query string is not valid percent-encoded UTF-8',
    422: 'A query or path parameter is invalid, or not one this route takes',
  };
  if (spec.auth !== 'public' && spec.auth !== 'user') answers[403] = 'Not allowed for this caller';
  if (spec.params) {
    answers[400] = 'The query string or a path parameter is not valid percent-encoded UTF-8';
    answers[404] = 'Not found (or not readable by this caller)';
  }
  if (spec.readYourWrites) {
    answers[409] = 'minRevision names a revision this stream never had';
    answers[504] = 'The views did not reach minRevision in time; retry';
  }
  return answers;
}

/** Status → description of every error answer of the route. */
export function errorAnswersOf(spec: RouteSpec): Record<number, string> {
  const pipeline = spec.api === 'command' ? commandAnswers(spec) : spec.api === 'query' ? queryAnswers(spec) : {};
  return { ...everyRoute, ...pipeline, ...spec.answers };
}
