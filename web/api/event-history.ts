import type { ApiClient } from './client.ts';

// The admin's audit reads (query-api/routes/admin-stream-state.ts, admin-dashboard-reads.ts) as view
// props: a stream's events with their actors, and its entity as of a revision — folded on the server
// by the aggregate's own evolve, never here.
type Doc = Record<string, unknown>;
const asDoc = (value: unknown): Doc => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Doc) : {});
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const int = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isInteger(value) ? value : fallback);

export interface HistoryActor {
  userId: string | null;
  roles: string[];
  /** The user's current full name; null for the product itself, a guest or a user not known to the views. */
  name: string | null;
}

export interface HistoryEvent {
  id: string;
  streamId: string;
  revision: number;
  position: number;
  type: string;
  /** When it happened (the command's clock), ISO. */
  at: string;
  actor: HistoryActor;
  correlationId: string;
  /** The event's data, secrets redacted by the API. */
  data: unknown;
}

/** A stream's entity as of one revision. */
export interface StreamState {
  streamId: string;
  /** order, vendor, product, contract, user… (the stream id up to its first hyphen). */
  category: string;
  /** false when no aggregate folds this category: `state` is then null. */
  folded: boolean;
  revision: number;
  currentRevision: number;
  /** Time and type of the event at `revision`. */
  at: string;
  eventType: string;
  state: unknown;
}

/** What the history panel starts from: the latest state and every event up to it. */
export interface StreamHistory { latest: StreamState; events: HistoryEvent[] }

export function historyEventFrom(value: unknown): HistoryEvent {
  const doc = asDoc(value);
  const actor = asDoc(doc.actor);
  return {
    id: str(doc.id),
    streamId: str(doc.streamId),
    revision: int(doc.revision),
    position: int(doc.position),
    type: str(doc.type),
    at: str(doc.at, str(doc.recordedAt)),
    actor: {
      userId: typeof actor.userId === 'string' ? actor.userId : null,
      roles: Array.isArray(actor.roles) ? actor.roles.filter((role): role is string => typeof role === 'string') : [],
      name: typeof actor.name === 'string' && actor.name ? actor.name : null,
    },
    correlationId: str(doc.correlationId),
    data: doc.data ?? null,
  };
}

export function streamStateFrom(value: unknown): StreamState {
  const doc = asDoc(value);
  return {
    streamId: str(doc.streamId),
    category: str(doc.category),
    folded: doc.folded === true,
    revision: int(doc.revision),
    currentRevision: int(doc.currentRevision),
    at: str(doc.at),
    eventType: str(doc.eventType),
    state: doc.state ?? null,
  };
}

const statePath = (streamId: string) => `admin/streams/${encodeURIComponent(streamId)}/state`;

/** The latest state of a stream and its events (fresh: an admin expects what just happened). */
export async function streamHistory(api: ApiClient, streamId: string): Promise<StreamHistory> {
  const answer = await api.get(statePath(streamId), { query: { withEvents: 'true' }, fresh: true });
  return { latest: streamStateFrom(answer), events: (Array.isArray(asDoc(answer).events) ? (asDoc(answer).events as unknown[]) : []).map(historyEventFrom) };
}

/** The stream's entity as of `revision` (a past revision never changes, so the GET cache may serve it). */
export async function streamStateAt(api: ApiClient, streamId: string, revision: number): Promise<StreamState> {
  return streamStateFrom(await api.get(statePath(streamId), { query: { revision }, silent: true }));
}

/** The last events of the whole log, newest first. */
export async function latestEvents(api: ApiClient, limit = 20): Promise<HistoryEvent[]> {
  const answer = asDoc(await api.get('admin/events/latest', { query: { limit }, fresh: true }));
  return (Array.isArray(answer.items) ? answer.items : []).map(historyEventFrom);
}
