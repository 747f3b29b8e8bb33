import type { ErrorRequestHandler, Response } from 'express';
import { z } from 'zod';
import { Refusal, type RefusalKind } from '../../domain/shared/refusal.ts';
import { WrongExpectedRevision } from '../../domain/ports/event-store.ts';
import { RETRY_AFTER_SECONDS, unavailableEngineOf } from '../engine-unavailable.ts';

// RFC 9457 problem details (application/problem+json), the one error shape of both APIs (DESIGN §6).
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Stable machine name, e.g. `order.not-new` or `validation`. */
  code?: string;
  /** For 422: every failing field, as a dotted path, with its message. */
  errors?: { field: string; message: string }[];
  [extension: string]: unknown;
}

export class HttpProblem extends Error {
  readonly problem: Problem;
  constructor(status: number, title: string, extra: Partial<Problem> = {}) {
    super(extra.detail ?? title);
    this.problem = { type: `https://httpstatuses.io/${status}`, title, status, ...extra };
  }
}

const statusOfRefusal: Record<RefusalKind, number> = {
  conflict: 409, forbidden: 403, not_found: 404, invalid: 422, payment_declined: 402,
};

export const problems = {
  validation: (error: z.ZodError) =>
    new HttpProblem(422, 'Validation failed', {
      code: 'validation',
      detail: 'One or more fields are invalid.',
      errors: error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', message: issue.message })),
    }),
  unauthorized: (detail = 'Sign in to do this.') => new HttpProblem(401, 'Unauthorized', { code: 'unauthorized', detail }),
  forbidden: (detail = 'You may not do this.') => new HttpProblem(403, 'Forbidden', { code: 'forbidden', detail }),
  notFound: (detail = 'Not found.') => new HttpProblem(404, 'Not found', { code: 'not-found', detail }),
  conflict: (code: string, detail: string) => new HttpProblem(409, 'Conflict', { code, detail }),
};

export function problemOf(error: unknown): Problem {
  if (error instanceof HttpProblem) return error.problem;
  if (error instanceof z.ZodError) return problems.validation(error).problem;
  if (error instanceof Refusal) {
    const status = statusOfRefusal[error.kind];
    return { type: `https://httpstatuses.io/${status}`, title: error.kind.replace('_', ' '), status, code: error.code, detail: error.reason };
  }
  const engine = unavailableEngineOf(error);
  if (engine) {
    return {
      type: 'https://httpstatuses.io/503', title: 'Service unavailable', status: 503, code: 'engine-unavailable',
      detail: 'The service is briefly unavailable. Please try again in a few seconds.', retryAfterSeconds: RETRY_AFTER_SECONDS,
    };
  }
  if (error instanceof WrongExpectedRevision) {
    return { type: 'https://httpstatuses.io/409', title: 'Conflict', status: 409, code: 'revision-conflict', detail: 'Someone else changed this at the same time. Try again.' };
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500;
  // express.json() errors: oversized (413) and malformed (400) bodies.
  if (status === 413) return { type: 'https://httpstatuses.io/413', title: 'Payload too large', status, code: 'payload-too-large', detail: 'The request body is too large.' };
  if (status >= 400 && status < 500) {
    const type = (error as { type?: unknown }).type;
    if (status === 415) {
      return { type: 'https://httpstatuses.io/415', title: 'Unsupported media type', status, code: 'unsupported-media-type', detail: 'Send JSON in UTF-8.' };
    }
    const detail = type === 'encoding.invalid-utf8' ? 'The body is not valid UTF-8.'
      : type === 'entity.parse.failed' ? 'The body is not a JSON object or array.'
      : 'The request could not be read.';
    return { type: `https://httpstatuses.io/${status}`, title: 'Bad request', status, code: 'bad-request', detail };
  }
  return { type: 'https://httpstatuses.io/500', title: 'Internal server error', status: 500, code: 'internal', detail: 'Something went wrong on our side.' };
}

export function sendProblem(res: Response, problem: Problem): void {
  if (typeof problem.retryAfterSeconds === 'number') res.set('Retry-After', String(problem.retryAfterSeconds));
  res.status(problem.status).type('application/problem+json').json(problem);
}

/** Express error handler: every error leaves as problem+json, never with a stack trace. */
export function problemHandler(log: (error: unknown) => void = (e) => console.error(e)): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    const problem = problemOf(error);
    // An engine away for a moment is expected and reported by readiness, not a bug to log per request.
    if (problem.status >= 500 && problem.status !== 503) log(error);
    if (res.headersSent) return;
    sendProblem(res, problem);
  };
}
