// An engine the request needs is away for a moment (Redis restarting, the Mongo-wire server stopped):
// not the caller's fault and not a bug, so the answer is 503 with Retry-After rather than 500, and the
// client tries again. The drivers reconnect by themselves; nothing here waits for them.

/** How long a client is asked to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

export class EngineUnavailable extends Error {
  readonly engine: string;
  constructor(engine: string, cause?: unknown) {
    super(`${engine} is unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause });
    this.name = 'EngineUnavailable';
    this.engine = engine;
  }
}

// The MongoDB driver's errors for a server it cannot reach or lost (mongodb 7: error classes by name).
const MONGO_OUTAGES = new Set([
  'MongoServerSelectionError', 'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoNotConnectedError',
  'MongoTopologyClosedError', 'MongoPoolClearedError', 'MongoServerClosedError',
]);
// ioredis fails a command at once while its connection is down (enableOfflineQueue: false) or when the
// connection drops under it; its errors are plain Errors told apart by their messages.
const REDIS_OUTAGE = /Stream isn't writeable|Connection is closed|MaxRetriesPerRequest|Reached the max retries per request|connect ECONNREFUSED/;

/** The engine an error says is away, or null when the error is something else. */
export function unavailableEngineOf(error: unknown): string | null {
  if (error instanceof EngineUnavailable) return error.engine;
  if (!(error instanceof Error)) return null;
  if (MONGO_OUTAGES.has(error.name)) return 'MongoDB';
  if (error.name === 'MaxRetriesPerRequestError' || REDIS_OUTAGE.test(error.message)) return 'Redis';
  return null;
}
