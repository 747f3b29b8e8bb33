import type { Cache } from '../domain/ports/cache.ts';
import type { Clock } from '../domain/ports/clock.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import type { JobQueue } from '../domain/ports/job-queue.ts';
import type { ViewStore } from '../domain/ports/view-store.ts';
import type { Actor } from '../domain/shared/actor.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';

/** What the query API needs of the projectors runtime (projectors/README.md, projectors/runtime.ts). */
export interface ProjectionsProgress {
  /** Called after each write of a projector; may return an unsubscribe function. */
  onChange(listener: (change: ViewChange) => void): (() => void) | void;
  /**
   * Resolves `{ reached: true }` once revision `minRevision` of `streamId` has been applied to the
   * document `id` of `collection`, or `{ reached: false }` when `timeoutMs` passes first.
   */
  waitFor(collection: string, id: string, streamId: string, minRevision: number, timeoutMs: number): Promise<{ reached: boolean }>;
}

/** Which documents of which collection a projector changed (an empty ids list: the whole collection). */
export interface ViewChange {
  collection: string;
  ids: string[];
  /** Set after a rebuild: any document of the collection may have changed. */
  all?: true;
}

export interface QueryApiLogger {
  warn(message: string): void;
  error(error: unknown, message?: string): void;
}

/** Everything the query API needs from outside; tests pass in-memory adapters. */
export interface QueryApiPorts {
  viewStore: ViewStore;
  eventStore: EventStore;
  projections: ProjectionsProgress;
  cache: Cache;
  /** Failed notification jobs for GET /api/admin/jobs/failed; omit when this process has no queue. */
  jobQueue?: JobQueue;
  /** The shared HS256 secret of the command API's tokens (infra/auth/jwt-tokens.ts)... */
  jwtSecret?: string;
  /** ...or a function that turns an Authorization header into an Actor (null: invalid token). */
  verifyToken?: (authorization: string | undefined) => Actor | null;
  /** The command API's routes, so GET /api/openapi.json describes both APIs. */
  extraRouteSpecs?: RouteSpec[];
  clock?: Clock;
  /** GET cache TTL; default 10 s (SPEC §9). */
  cacheTtlMs?: number;
  /** Longest a `minRevision` read waits for the views; default 5 s. */
  readYourWritesTimeoutMs?: number;
  logger?: QueryApiLogger;
}
