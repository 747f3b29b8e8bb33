import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Actor } from '../domain/shared/actor.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';

// What every command handler knows about the request: who asks, when (from the injected clock), and
// the correlation id that ties the request's events together (X-Correlation-Id, or a new one).
export interface RequestContext {
  actor: Actor;
  correlationId: string;
  /** ISO time of the request, from the clock. */
  at: string;
  /** Metadata for events caused by this request; `causationId` defaults to the correlation id. */
  metadata(causationId?: string | null): EventMetadata;
}

export const SCHEMA_VERSION = 1;

const correlationIdPattern = /^[A-Za-z0-9._:-]{1,100}$/;

export function createRequestContext(req: Request, actor: Actor, now: Date): RequestContext {
  const header = req.get('x-correlation-id');
  const correlationId = header && correlationIdPattern.test(header) ? header : randomUUID();
  const at = now.toISOString();
  return {
    actor,
    correlationId,
    at,
    metadata: (causationId) => ({ actor, correlationId, causationId: causationId === undefined ? correlationId : causationId, at, schemaVersion: SCHEMA_VERSION }),
  };
}

export function contextOf(res: Response): RequestContext {
  const context = res.locals.commandContext as RequestContext | undefined;
  if (!context) throw new Error('Request context missing: the bearer middleware did not run');
  return context;
}
