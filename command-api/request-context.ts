import { randomBytes, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { systemActor, type Actor } from '../domain/shared/actor.ts';
import type { EventMetadata } from '../domain/shared/metadata.ts';
import { derivedSecret, derivedUuid } from './derived-ids.ts';

// What every command handler knows about the request: who asks, when (from the injected clock), and
// the correlation id that ties the request's events together (X-Correlation-Id, or a new one).
export interface RequestContext {
  actor: Actor;
  correlationId: string;
  /** ISO time of the request, from the clock. */
  at: string;
  /** Metadata for events caused by this request; `causationId` defaults to the correlation id. */
  metadata(causationId?: string | null): EventMetadata;
  /**
   * A new entity id (a UUID). Random; for a request with an Idempotency-Key derived from the key, so a
   * retry that runs the request again after a crash makes the same ids (withIdempotencySeed).
   */
  newId(): string;
  /** A new secret of `bytes` (≤ 32) random bytes, base64url; derived like newId (keyed with the server secret). */
  newSecret(bytes?: number): string;
  /**
   * The event ids of the next command this request runs on `streamId` (each call moves on to the
   * next command; `peek` does not), or null when ids are random (no Idempotency-Key).
   */
  commandEventIds(streamId: string, options?: { peek?: boolean }): ((index: number) => string) | null;
}

export const SCHEMA_VERSION = 1;

const correlationIdPattern = /^[A-Za-z0-9._:-]{1,100}$/;

/** Where the context reads the request's headers: an Express request, or an in-process read's headers. */
export interface RequestHeaders { get(name: string): string | undefined }

export function createRequestContext(req: RequestHeaders, actor: Actor, now: Date): RequestContext {
  const header = req.get('x-correlation-id');
  const correlationId = header && correlationIdPattern.test(header) ? header : randomUUID();
  const at = now.toISOString();
  return {
    actor,
    correlationId,
    at,
    metadata: (causationId) => ({ actor, correlationId, causationId: causationId === undefined ? correlationId : causationId, at, schemaVersion: SCHEMA_VERSION }),
    newId: () => randomUUID(),
    newSecret: (bytes = 32) => randomBytes(bytes).toString('base64url'),
    commandEventIds: () => null,
  };
}

/** The same request with random ids again: for a compensation, which a retry must not find as its own earlier run. */
export function withRandomIds(context: RequestContext): RequestContext {
  return { ...context, newId: () => randomUUID(), newSecret: (bytes = 32) => randomBytes(bytes).toString('base64url'), commandEventIds: () => null };
}

/**
 * The same request, acting as the product itself (`system`, random ids): for the bookkeeping the
 * product does on its own behalf within a request, such as recording a charge the order did not take.
 */
export function asSystem(context: RequestContext): RequestContext {
  return { ...withRandomIds(context), actor: systemActor, metadata: (causationId) => ({ ...context.metadata(causationId), actor: systemActor }) };
}

/**
 * The same request with ids derived from `seed` (the Idempotency-Key's, idempotency.ts). A run follows
 * the same path as the run before it, so the n-th id it asks for, and the events of its n-th command
 * on a stream, get the same ids as in that run.
 */
export function withIdempotencySeed(context: RequestContext, seed: string): RequestContext {
  let ids = 0;
  let secrets = 0;
  const commandsOn = new Map<string, number>();
  return {
    ...context,
    newId: () => derivedUuid(seed, `id:${ids++}`),
    newSecret: (bytes = 32) => derivedSecret(seed, `secret:${secrets++}`, bytes),
    commandEventIds(streamId, options = {}) {
      const n = commandsOn.get(streamId) ?? 0;
      if (!options.peek) commandsOn.set(streamId, n + 1);
      return (index) => derivedUuid(seed, `event:${streamId}:${n}:${index}`);
    },
  };
}

export function contextOf(res: Response): RequestContext {
  const context = res.locals.commandContext as RequestContext | undefined;
  if (!context) throw new Error('Request context missing: the bearer middleware did not run');
  return context;
}
