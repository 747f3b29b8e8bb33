import type { EventStore } from '../domain/ports/event-store.ts';
import { atomicallyIn, type ViewDocument, type ViewStore } from '../domain/ports/view-store.ts';
import { escapeRegex } from './seen.ts';
import { TOMBSTONES_COLLECTION } from './event-applier.ts';
import { versionOf, type AnyProjection } from './projection.ts';
import { silentLog, type ProjectorLog } from './projector-log.ts';

// Each projection's checkpoint: the position of the last event it has applied, and the version of the
// projection that built its views (Projection.version). Kept in the ViewStore beside the views, so
// dropping the views also resets them (a rebuild starts from position 0), and, on the embedded
// node:sqlite store, committed in the same transaction as the views they describe.
export const CHECKPOINTS_COLLECTION = '_checkpoints';

interface CheckpointDoc extends ViewDocument {
  position: number;
  /** Absent on checkpoints saved before projections had versions: those count as version 1. */
  version?: number;
  updatedAt: string;
}

/** The position of a projection that has applied nothing yet. */
const NOTHING_APPLIED = -1;

export function checkpointStore(viewStore: ViewStore) {
  const collection = () => viewStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  /** The versions read by load: save then writes whole documents instead of updating a field. */
  const versionsLoaded = new Map<string, number | undefined>();
  return {
    /** Checkpoint per projection name; absent when the projection has never run. */
    async load(names: readonly string[]): Promise<Map<string, number>> {
      const docs = await collection().find({ _id: { $in: [...names] } });
      for (const doc of docs) versionsLoaded.set(doc._id, doc.version);
      return new Map(docs.map((doc) => [doc._id, doc.position]));
    },
    /** Moves positions on; the version each view was built with stays. */
    async save(positions: ReadonlyMap<string, number>): Promise<void> {
      const updatedAt = new Date().toISOString();
      for (const [name, position] of positions) {
        const version = versionsLoaded.get(name);
        if (version !== undefined) await collection().replaceOne({ _id: name, position, version, updatedAt });
        else await collection().updateOne({ _id: name }, { $set: { position, updatedAt } }, { upsert: true });
      }
    },
    /** Every projection's views built up to `position` by its current version (a rebuild's end). */
    async saveBuilt(projections: readonly AnyProjection[], position: number): Promise<void> {
      const updatedAt = new Date().toISOString();
      for (const projection of projections) await collection().replaceOne({ _id: projection.name, position, version: versionOf(projection), updatedAt });
    },
    /** The version each projection's views were built with; absent: never built. */
    async versions(names: readonly string[]): Promise<Map<string, number>> {
      const docs = await collection().find({ _id: { $in: [...names] } });
      return new Map(docs.map((doc) => [doc._id, doc.version ?? 1]));
    },
  };
}

/**
 * Before the projectors start: a projection whose views were built by another version, or never, has
 * its collection (and its tombstones) emptied and its checkpoint set back to the start at its current
 * version, so the runtime replays the log for it alone while the others resume from their checkpoints
 * (events at or before a projection's checkpoint are skipped for it). Answers the names reset.
 *
 * `replayable: false` is a feed that cannot start again from the first event (Kafka resumes from its
 * consumer group's offsets): nothing is reset there, since an emptied view would stay empty; a
 * changed version is logged and wants `npm run views:rebuild`.
 */
export async function resetOutdatedProjections(
  viewStore: ViewStore, projections: readonly AnyProjection[], log: ProjectorLog = silentLog, options: { replayable?: boolean } = {},
): Promise<string[]> {
  const checkpoints = checkpointStore(viewStore);
  const built = await checkpoints.versions(projections.map((projection) => projection.name));
  const reset: string[] = [];
  for (const projection of projections) {
    const version = versionOf(projection);
    const builtWith = built.get(projection.name);
    if (builtWith === version) continue;
    if (options.replayable === false) {
      // Never built: the feed builds it from its start, by this version. Recorded now (if no other
      // instance did meanwhile), or the next start would read "no version" as 1 and warn falsely.
      if (builtWith === undefined) {
        await viewStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).writeIfVersion(projection.name, { _id: projection.name, position: NOTHING_APPLIED, version, updatedAt: new Date().toISOString() }, null);
        continue;
      }
      log.warn({ projection: projection.name, from: builtWith, to: version }, 'projection version changed, but this feed cannot replay from the first event: run npm run views:rebuild');
      continue;
    }
    await atomicallyIn(viewStore, async () => {
      await viewStore.collection(projection.collection).deleteMany({});
      await viewStore.collection(TOMBSTONES_COLLECTION).deleteMany({ _id: { $regex: `^${escapeRegex(`${projection.collection}/`)}` } });
      await viewStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).replaceOne({ _id: projection.name, position: NOTHING_APPLIED, version, updatedAt: new Date().toISOString() });
    });
    if (builtWith !== undefined) log.info({ projection: projection.name, from: builtWith, to: version }, 'projection version changed: its view is replayed from the first event');
    reset.push(projection.name);
  }
  return reset;
}

/** Which event log the stored views were built from: the id of its first event. */
export const LOG_IDENTITY_COLLECTION = '_log';

interface LogIdentityDoc extends ViewDocument {
  firstEventId: string;
}

/**
 * For a view store that outlives the process beside its own event log (the embedded views.sqlite):
 * views built from another log — the event file deleted and seeded again, say — are dropped, so the
 * projectors rebuild them instead of skipping the new log's events as already applied. Told by the
 * first event's id, or by a checkpoint beyond the log's head. Answers whether it dropped them.
 */
export async function dropViewsOfAnotherLog(viewStore: ViewStore, eventStore: Pick<EventStore, 'readAll' | 'headPosition'>, log: ProjectorLog = silentLog): Promise<boolean> {
  const [first] = await eventStore.readAll({ maxCount: 1 });
  const head = await eventStore.headPosition();
  const identity = viewStore.collection<LogIdentityDoc>(LOG_IDENTITY_COLLECTION);
  const stored = await identity.findOne({ _id: 'log' });
  const [furthest] = await viewStore.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION).find({}, { sort: { position: -1 }, limit: 1 });
  const another = (stored !== null && stored.firstEventId !== first?.id) || (furthest !== undefined && furthest.position > head);
  if (another) {
    log.warn({ head, checkpoint: furthest?.position ?? null }, 'the stored views were built from another event log: dropped, the projectors rebuild them');
    await viewStore.dropAll();
  }
  if (first && (another || stored === null)) await identity.replaceOne({ _id: 'log', firstEventId: first.id });
  return another;
}
