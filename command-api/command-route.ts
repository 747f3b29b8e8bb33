import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import type { Clock } from '../domain/ports/clock.ts';
import type { Actor } from '../domain/shared/actor.ts';
import { actorOfAuthorization, guestActor } from '../infra/auth/jwt-tokens.ts';
import { HttpProblem, problemOf, problems, sendProblem, type Problem } from '../infra/http/problem.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import { jsonBodyProblem, refuseInvalidUtf8 } from '../infra/http/json-text.ts';
import { assertQueryIsUtf8 } from '../infra/http/query-text.ts';
import type { AccessGuard } from '../infra/http/access-guard.ts';
import { guard } from './guards.ts';
import { IdempotencyKey, idempotencySeed, requestFingerprint, type Idempotency, type StoredAnswer } from './idempotency.ts';
import { createRequestContext, withIdempotencySeed, type RequestContext } from './request-context.ts';
import { validationProblem } from './validation-problem.ts';

// A command route is its RouteSpec (the one declaration used for validation, guards and OpenAPI) and
// a handler that receives already-validated input. Mounting adds, in order: bearer auth → guard by
// `spec.auth` → access rules (admin routes) → JSON body (size-limited) → zod validation (422) → Idempotency-Key (POST) → handler,
// and turns every error into problem+json.
export interface RouteAnswer {
  status: number;
  body?: unknown;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<S extends RouteSpec> {
  params: Output<S['params']>;
  query: Output<S['query']>;
  body: Output<S['body']>;
  context: RequestContext;
  request: Request;
}

export interface CommandRoute {
  spec: RouteSpec;
  /** Whether an Idempotency-Key is honoured (POST only). Off where the answer holds secrets (tokens). */
  idempotent: boolean;
  handle(input: RouteInput<RouteSpec>): Promise<RouteAnswer>;
  /** The same handler for a read that needs nothing of the HTTP request: answered in process too (command-api/in-process-reads.ts). */
  readInProcess?(input: InProcessReadInput<RouteSpec>): Promise<RouteAnswer>;
}

/** What a read answered in process gets: no Express request, no query string, no body. */
export type InProcessReadInput<S extends RouteSpec> = Omit<RouteInput<S>, 'request' | 'query' | 'body'>;

export function defineRoute<const S extends RouteSpec>(
  spec: S,
  handle: (input: RouteInput<S>) => Promise<RouteAnswer>,
  options: { idempotent?: boolean } = {},
): CommandRoute {
  return { spec: { ...spec, api: 'command' }, idempotent: options.idempotent ?? spec.method === 'post', handle: handle as unknown as CommandRoute['handle'] };
}

/**
 * A GET that needs only its path and the caller's token (no query, no body, nothing else of the HTTP
 * request): mounted like any route, and also answered in process to the storefront's server pass.
 */
export function defineInProcessRead<const S extends RouteSpec & { method: 'get'; query?: undefined; body?: undefined }>(
  spec: S,
  handle: (input: InProcessReadInput<S>) => Promise<RouteAnswer>,
): CommandRoute {
  return { ...defineRoute(spec, handle), readInProcess: handle as unknown as CommandRoute['readInProcess'] };
}

export interface MountOptions {
  jwtSecret: string;
  clock: Clock;
  idempotency: Idempotency;
  bodyLimit: string;
  /** The access rules' check of admin routes (infra/http/access-guard.ts). */
  authorize: AccessGuard;
  logError(error: unknown): void;
}

const emptyBody = z.strictObject({});

export function parse<S extends z.ZodType>(schema: S, value: unknown, prefix: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error, prefix);
  return result.data;
}

function runMiddleware(middleware: express.RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
}

export function answerOf(error: unknown, logError: (e: unknown) => void): StoredAnswer {
  const problem: Problem = problemOf(error);
  if (problem.status >= 500) logError(error);
  return { status: problem.status, body: problem };
}

function send(res: Response, answer: StoredAnswer, replayed: boolean): void {
  if (replayed) res.set('Idempotent-Replayed', 'true');
  if (answer.status >= 400 && answer.body && typeof answer.body === 'object' && 'type' in answer.body) {
    const problem = answer.body as Problem;
    if (typeof problem.retryAfterSeconds === 'number') res.set('Retry-After', String(problem.retryAfterSeconds));
    sendProblem(res, problem);
  } else if (answer.body === undefined) {
    res.status(answer.status).end();
  } else {
    res.status(answer.status).json(answer.body);
  }
}

/** Whether the request sends a body at all (a POST without one is fine on a route whose fields are optional). */
const carriesBody = (req: Request): boolean => req.get('transfer-encoding') !== undefined || Number(req.get('content-length') ?? 0) > 0;

/**
 * Who calls a route: the bearer token's actor. A stale token on a public route (sign-in itself, tracking)
 * is a guest, not an error: the browser sends its session token on every call (SPEC §7). Else 401.
 */
export function actorOfRoute(spec: RouteSpec, authorization: string | undefined, jwtSecret: string): Actor {
  const actor = actorOfAuthorization(jwtSecret, authorization) ?? (spec.auth === 'public' ? guestActor : null);
  if (!actor) throw problems.unauthorized('The access token is invalid or expired. Sign in again.');
  return actor;
}

export function mountRoutes(router: Router, routes: CommandRoute[], options: MountOptions): void {
  const jsonBody = express.json({ limit: options.bodyLimit, verify: refuseInvalidUtf8 });
  for (const route of routes) {
    const { spec } = route;
    router[spec.method](spec.path, async (req: Request, res: Response) => {
      let answer: StoredAnswer;
      let replayed = false;
      try {
        const actor = actorOfRoute(spec, req.get('authorization'), options.jwtSecret);
        const context = createRequestContext(req, actor, options.clock.now());
        res.locals.commandContext = context;
        res.set('X-Correlation-Id', context.correlationId);
        guard(spec.auth, actor);
        await options.authorize(spec, req.params, actor);
        await runMiddleware(jsonBody, req, res);
        // A body in another type is not read as JSON: say so (415) instead of naming every field as missing (422).
        if (spec.body && carriesBody(req) && !req.is(['application/json', '+json'])) {
          throw new HttpProblem(415, 'Unsupported media type', { code: 'unsupported-media-type', detail: 'Send the body as JSON: Content-Type: application/json.' });
        }
        const bodyProblem = jsonBodyProblem(req.body);
        if (bodyProblem) throw new HttpProblem(400, 'Bad request', { code: 'bad-request', detail: bodyProblem });
        const rawBody: unknown = req.body === undefined ? {} : req.body;
        const input: RouteInput<RouteSpec> = {
          params: spec.params ? parse(spec.params, req.params, 'params') : undefined,
          query: spec.query ? (assertQueryIsUtf8(req.originalUrl), parse(spec.query, req.query, 'query')) : undefined,
          body: parse(spec.body ?? emptyBody, rawBody, ''),
          context,
          request: req,
        };
        if (!spec.body) input.body = undefined;
        const key = route.idempotent ? req.get('idempotency-key') : undefined;
        if (key !== undefined) {
          const keyCheck = IdempotencyKey.safeParse(key);
          if (!keyCheck.success) throw new HttpProblem(422, 'Validation failed', { code: 'validation', errors: [{ field: 'Idempotency-Key', message: keyCheck.error.issues[0]!.message }] });
          const scope = actor.userId ?? 'guest';
          const fingerprint = requestFingerprint(options.jwtSecret, spec.method, req.originalUrl, rawBody);
          const claim = await options.idempotency.claim(scope, key, fingerprint, context.metadata());
          if (claim.kind === 'replay') {
            answer = claim.answer;
            replayed = true;
          } else {
            input.context = withIdempotencySeed(context, idempotencySeed(options.jwtSecret, scope, key, fingerprint));
            answer = await route.handle(input).then(
              (ok) => ({ status: ok.status, body: ok.body }),
              (error) => answerOf(error, options.logError),
            );
            await claim.complete(answer);
          }
        } else {
          const ok = await route.handle(input);
          answer = { status: ok.status, body: ok.body };
        }
      } catch (error) {
        answer = answerOf(error, options.logError);
      }
      if (!res.headersSent) send(res, answer, replayed);
    });
  }
}
