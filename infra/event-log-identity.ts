import { randomUUID } from 'node:crypto';
import { WrongExpectedRevision, type EventStore } from '../domain/ports/event-store.ts';
import type { ViewDocument, ViewStore } from '../domain/ports/view-store.ts';
import { systemActor } from '../domain/shared/actor.ts';

// One deployment, one event log. The processes of a deployment share engines (MongoDB views, Redis,
// Kafka) and must share the event store too: a command API started on another DATA_DIR would write
// orders nobody projects, and would seed the demo into a store of its own, while reporting ready.
//
// So a log names itself: its first process appends `EventLogIdentified` with a random id to the stream
// `eventlog-identity` (expected "no stream", so of several processes starting at once one names it and
// the others read that name). The views record the name of the log they were built from (`_log` /
// `identity`); a process whose log has another name refuses to start, and so does one whose log is
// behind the views' checkpoints (the store restored from an older backup). `npm run views:rebuild`
// builds the views anew from the log it is given, which then becomes theirs.
export const EVENT_LOG_IDENTITY_STREAM = 'eventlog-identity';
export const EVENT_LOG_IDENTIFIED = 'EventLogIdentified';
const IDENTITY_COLLECTION = '_log';
const IDENTITY_ID = 'identity';

interface IdentityDoc extends ViewDocument {
  logId: string;
  recordedAt: string;
}

/** Processes of one deployment on different event logs, or views ahead of their log: a start refused. */
export class AnotherEventLog extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnotherEventLog';
  }
}

/** The log's name, given by its first process. */
export async function eventLogIdentity(eventStore: EventStore): Promise<string> {
  for (;;) {
    const [identified] = await eventStore.readStream(EVENT_LOG_IDENTITY_STREAM, { maxCount: 1 });
    if (identified) return (identified.data as { logId: string }).logId;
    const logId = randomUUID();
    const at = new Date().toISOString();
    try {
      await eventStore.append(EVENT_LOG_IDENTITY_STREAM, [{
        id: randomUUID(), type: EVENT_LOG_IDENTIFIED, data: { logId, at },
        metadata: { actor: systemActor, correlationId: randomUUID(), causationId: null, at, schemaVersion: 1 },
      }], 'no_stream');
      return logId;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevision)) throw error;
      // Another process named it first: read its name.
    }
  }
}

/** Whether the log holds nothing but its own name (a new deployment: the demo may be seeded). */
export async function isEmptyLog(eventStore: Pick<EventStore, 'readAll'>): Promise<boolean> {
  const first = await eventStore.readAll({ maxCount: 2 });
  return first.every((event) => event.streamId === EVENT_LOG_IDENTITY_STREAM);
}

/**
 * Refuses (AnotherEventLog) when the shared views were built from another log than this process's, or
 * are ahead of it. Records this log's name on views that have none yet. `describe` names this process's
 * store in the message (e.g. "node:sqlite ./data/events.sqlite").
 */
export async function assertOneEventLog(options: { eventStore: EventStore; viewStore: ViewStore; describe: string }): Promise<string> {
  const { eventStore, viewStore } = options;
  const logId = await eventLogIdentity(eventStore);
  const identities = viewStore.collection<IdentityDoc>(IDENTITY_COLLECTION);
  let recorded = await identities.findOne({ _id: IDENTITY_ID });
  if (!recorded && await identities.writeIfVersion(IDENTITY_ID, { _id: IDENTITY_ID, logId, recordedAt: new Date().toISOString() }, null)) return logId;
  recorded ??= await identities.findOne({ _id: IDENTITY_ID });
  if (recorded && recorded.logId !== logId) {
    throw new AnotherEventLog(
      `This process's event store (${options.describe}, log ${logId}) is not the one this deployment's views were built from (log ${recorded.logId}): `
      + 'the processes of one deployment must share one event store. Point DATA_DIR or EVENTSTORE_URL at the deployment\'s store, '
      + 'or build the views from this log with `npm run views:rebuild`.',
    );
  }
  // Checkpoints first, then the head: the other processes keep appending and checkpointing meanwhile,
  // and a head read before them could be passed by a checkpoint that is nonetheless true.
  const [furthest] = await viewStore.collection<ViewDocument & { position: number }>('_checkpoints').find({}, { sort: { position: -1 }, limit: 1 });
  const head = await eventStore.headPosition();
  if (furthest && furthest.position > head) {
    throw new AnotherEventLog(
      `The views have followed this event log to position ${furthest.position} (${furthest._id}), but it ends at ${head}: `
      + `the store (${options.describe}) was restored from an older copy, or lost its last events. Restore it, or build the views anew with \`npm run views:rebuild\`.`,
    );
  }
  return logId;
}
