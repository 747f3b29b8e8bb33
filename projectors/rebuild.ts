import type { EventStore } from '../domain/ports/event-store.ts';
import { randomBytes } from 'node:crypto';
import { atomicallyIn, type ViewDocument, type ViewStore } from '../domain/ports/view-store.ts';
import { allProjections } from './all-projections.ts';
import { checkpointStore } from './checkpoints.ts';
import { createEventApplier, TOMBSTONES_COLLECTION } from './event-applier.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import type { AnyProjection } from './projection.ts';
import { silentLog, type ProjectorLog } from './projector-log.ts';
import { addHelperCounts, planSplit, startRebuildHelper, type HelperShare, type HelperUsage, type RebuildHelper, type RebuildSplit } from './rebuild-split.ts';
import { replayLog } from './replay-log.ts';
import { replayTypes } from './replay-types.ts';
import { ensureViewIndexes } from './view-indexes.ts';

export interface RebuildProgress {
  /**
   * 'replay': events applied to the staged views; 'write': staged documents written to the view store;
   * 'finish': a rebuild in one unit after its replay (`step` says what it is doing).
   */
  phase: 'replay' | 'write' | 'finish';
  /** Events read so far (replay), documents written so far (write), steps done (finish). */
  done: number;
  /** Replay: estimated events in the log, exact when positions are dense (sqlite). Write: documents to write. Finish: steps. */
  totalEstimate: number | null;
  /** Finish: the step begun (waiting for the helper process, copying its views, building the indexes, committing). */
  step?: string;
  /** Share of the phase done (0..100); by position during the replay. */
  percent: number;
  /** Events (replay) or documents (write) per second. */
  ratePerSecond: number;
  position: number;
  headPosition: number;
  elapsedMs: number;
}

export interface RebuildReport {
  events: number;
  applied: number;
  ignored: number;
  invalid: number;
  /** Documents in the rebuilt views, tombstones included (a staged rebuild writes each once). */
  documents: number;
  /** Position of the last event replayed, -1 for an empty log; every checkpoint is set to it. */
  lastPosition: number;
  elapsedMs: number;
  /** Events replayed per second over the whole rebuild. */
  ratePerSecond: number;
  /** Where a helper process built a share of the views (rebuild-split.ts): which, and what it used. */
  helper?: HelperUsage;
}

export interface RebuildOptions {
  eventStore: Pick<EventStore, 'readAll' | 'headPosition'>;
  viewStore: ViewStore;
  projections?: readonly AnyProjection[];
  /** Events read per readAll call (a helper started ahead, startedHelper, decides it). */
  pageSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  log?: ProjectorLog;
  /**
   * 'direct': drop, then replay straight into the view store. On a store with units (node:sqlite) the
   * whole rebuild is one unit: documents stay in a bounded buffer from page to page and are written
   * when it fills, the indexes are built once the documents are in, and until the commit other
   * connections read the previous views (a rebuild stopped half-way leaves them as they were). The
   * default there. 'memory' (the default elsewhere): replay into views held in memory, then write each
   * final document once; the old views stay readable until the write phase, at the cost of every
   * view held in memory at once.
   */
  staging?: 'memory' | 'direct';
  /** Documents written at once during the write phase. */
  writeConcurrency?: number;
  /** Direct rebuild in one unit: documents the buffer may hold before it is written out. */
  bufferDocuments?: number;
  /** Direct rebuild in one unit: documents read back after a write-out that the buffer keeps until the end. */
  keepReadBack?: number;
  /**
   * Direct rebuild in one unit, with the log and the views in node:sqlite files: from this many events
   * on, a helper process builds a share of the views at the same time (projectors/rebuild-split.ts).
   * Infinity keeps the rebuild on one thread.
   */
  splitFrom?: number;
  /** Where it splits: 'most' gives the helper a larger share, for a rebuild whose process has other work beside it (rebuild-split.ts). */
  helperShare?: HelperShare;
  /**
   * Resolves once nobody else writes the views; throws to give up with the live views left as they
   * are. Called before the rebuilt views replace the live ones (on a store with units, before the unit
   * begins). The CLI takes the projectors' lease here (projector-lease.ts preempt / untilSole); a
   * runtime rebuilding its own views, the only writer already, passes nothing.
   */
  exclusive?: () => Promise<void>;
  /**
   * A helper process started for this rebuild before it began (startHelperAhead): the rebuild replays
   * its own share up to the helper's position and takes the helper's rows as it would from its own.
   * Stopped when the rebuild ends, whether it used it or not.
   */
  startedHelper?: StartedHelper;
}

/** A helper process already replaying its share of the views up to `upTo` (startHelperAhead). */
export interface StartedHelper {
  split: RebuildSplit;
  helper: RebuildHelper;
  upTo: number;
  /** The helper's page size, which the rebuild's pages follow (their ends decide when documents are written out). */
  pageSize: number;
}

/**
 * Forks the helper process of a rebuild that will split (rebuild-split.ts) before the rebuild begins,
 * replaying up to `head`: a first start knows it builds every view as soon as it read the checkpoints,
 * while its own start (the flows, the APIs, the storefront) still holds its event loop for a second or
 * more; the helper's start and replay run beside that instead of after it. Null where the rebuild
 * would not split. Pass it to rebuildViews (startedHelper) with the same projections and view store.
 */
export function startHelperAhead(options: {
  eventStore: object; viewStore: ViewStore; projections?: readonly AnyProjection[]; head: number; log?: ProjectorLog; splitFrom?: number; helperShare?: HelperShare; pageSize?: number;
}): StartedHelper | null {
  const projections = options.projections ?? allProjections;
  if (options.head < 0) return null;
  const split = planSplit({ eventStore: options.eventStore, viewStore: options.viewStore, projections, events: options.head + 1, splitFrom: options.splitFrom, share: options.helperShare });
  if (!split) return null;
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const helper = startRebuildHelper({ split, upTo: options.head, pageSize, bufferDocuments: BUFFER_DOCUMENTS, keepReadBack: KEEP_READ_BACK, log: options.log ?? silentLog });
  return { split, helper, upTo: options.head, pageSize };
}

/**
 * On a store without units (MongoDB) the views are rebuilt beside the live ones, in collections named
 * with this prefix and a name of the run, and swapped in once built (ViewStore.renameCollection):
 * readers see the previous views until then, and the checkpoints and leases are never touched but to
 * save the rebuild's end. Each run names its own (FerretDB keeps a renamed collection's index names,
 * so a second collection of the same name could not have its indexes); the run in progress is noted in
 * REBUILDS_COLLECTION, so the next one drops what a run stopped half-way left.
 */
export const REBUILD_STAGING_PREFIX = '_rebuild_';
export const REBUILDS_COLLECTION = '_rebuilds';

interface StagingDoc extends ViewDocument {
  prefix: string;
}

/** The store as seen through a staging prefix: collection `x` is `<prefix>x` of the target. */
const stagingOf = (target: ViewStore, prefix: string): ViewStore => ({
  collection: (name) => target.collection(`${prefix}${name}`),
  dropAll: () => Promise.reject(new Error('the staging views are dropped one by one')),
  dropCollection: (name) => target.dropCollection(`${prefix}${name}`),
  close: () => Promise.resolve(),
});

/** A fresh staging prefix, once what an earlier run left is dropped. */
async function freshStaging(target: ViewStore, projections: readonly AnyProjection[]): Promise<string> {
  const runs = target.collection<StagingDoc>(REBUILDS_COLLECTION);
  const left = await runs.findOne({ _id: 'staging' });
  if (left) await dropViews(stagingOf(target, left.prefix), projections);
  const prefix = `${REBUILD_STAGING_PREFIX}${Date.now().toString(36)}${randomBytes(2).toString('hex')}_`;
  await runs.replaceOne({ _id: 'staging', prefix });
  return prefix;
}

/**
 * See RebuildOptions.bufferDocuments. Measured on 200,000 events: 5,000, 20,000 and 60,000 cost the
 * same CPU time (a document read again after a flush is cheap next to applying events to it), and
 * 5,000 kept the resident set lowest.
 */
const BUFFER_DOCUMENTS = 5_000;
/** See RebuildOptions.pageSize. */
const PAGE_SIZE = 1000;
/**
 * See RebuildOptions.keepReadBack and createPageBuffer. At 1,000,000 events and 10,000 vendors about
 * 30,000 documents come back (each vendor's card, page and ratings): kept, the rebuild takes ~13% less
 * time and its resident set peaks ~400 MB higher (the heap grows with what it holds). The bound caps
 * that at larger catalogs; past it the others are written out and read back again.
 */
const KEEP_READ_BACK = 50_000;

/** The steps of the 'finish' phase, as the progress names them. */
const FINISH_STEPS = {
  ownIndexes: "building its own views' indexes",
  helper: 'waiting for the helper process',
  copy: "copying the helper's views",
  indexes: 'building the indexes',
  commit: 'committing',
  exclusive: 'waiting for the running projectors to stand by',
  catchUp: 'replaying what was appended meanwhile',
  swap: 'swapping the rebuilt views in',
} as const;

/**
 * Rebuilds every view from the whole log, page by page, and saves every checkpoint at its end. Events
 * appended while it runs are replayed too: it stops at the first empty page. Only the views rebuilt are
 * replaced; other followers' checkpoints and the leases stay.
 */
export async function rebuildViews(options: RebuildOptions): Promise<RebuildReport> {
  try {
    return await rebuildViewsWith(options);
  } finally {
    options.startedHelper?.helper.stop();
  }
}

async function rebuildViewsWith(options: RebuildOptions): Promise<RebuildReport> {
  const projections = options.projections ?? allProjections;
  const log = options.log ?? silentLog;
  const pageSize = options.startedHelper?.pageSize ?? options.pageSize ?? PAGE_SIZE;
  const target = options.viewStore;
  const staged = (options.staging ?? (target.atomically ? 'direct' : 'memory')) === 'memory';
  // One unit for the whole rebuild, where the store has them: nobody else writes the views meanwhile.
  const oneUnit = !staged && Boolean(target.atomically);
  // Else, where the store can rename collections, the views are built beside the live ones and swapped in.
  const swapped = !oneUnit && Boolean(target.renameCollection);
  const stagingPrefix = swapped ? await freshStaging(target, projections) : '';
  const building = swapped ? stagingOf(target, stagingPrefix) : target;
  const replayStore = staged ? createMemoryViewStore() : building;
  const bufferDocuments = options.bufferDocuments ?? BUFFER_DOCUMENTS;
  const keepReadBack = options.keepReadBack ?? KEEP_READ_BACK;
  // readAll gives positions in order: `_seen` may be bounded (seen.ts). The staging store is the
  // rebuild's own, and a rebuild pauses the runtime (the views' writer): a page writes each document once.
  const applierFor = (applied: readonly AnyProjection[]) => createEventApplier({
    viewStore: replayStore, projections: applied, log, positionOrder: true, soleWriter: staged || Boolean(target.atomically), ownLog: true,
    // The unit drops the views before the first page: new documents are known absent without a lookup.
    ...(oneUnit ? { bufferDocuments, startsEmpty: true, keepReadBack } : {}),
  });
  const startedAt = performance.now();
  const elapsed = () => performance.now() - startedAt;
  const rate = (count: number, since = startedAt) => {
    const ms = performance.now() - since;
    return ms > 0 ? Math.round((count * 1000) / ms) : 0;
  };
  const counts = { events: 0, applied: 0, ignored: 0, invalid: 0 };
  let lastPosition = -1;
  let headPosition = -1;
  let helperUsage: HelperUsage | undefined;

  /**
   * Replays the log after `lastPosition` (up to `upTo`) through the applier, counting the outcomes and
   * telling the progress. The head is read once: events appended meanwhile are replayed too, up to the
   * first empty page.
   */
  async function replay(applier: ReturnType<typeof createEventApplier>, upTo?: number): Promise<void> {
    if (headPosition < 0) headPosition = await options.eventStore.headPosition();
    lastPosition = await replayLog({
      eventStore: options.eventStore, after: lastPosition, head: headPosition, ...(upTo === undefined ? {} : { upTo }), pageSize,
      async onPage(page) {
        const outcomes = await applier.applyPage(page);
        for (const outcome of outcomes) counts[outcome.status] += 1;
        counts.events += page.length;
        firstPosition ??= page[0]!.position;
        if (options.onProgress) reportReplay(page.at(-1)!.position);
      },
    });
    await applier.flush();
  }
  /**
   * replay's work where the rebuild splits, up to the head read at its start: the log's events of the
   * types its own projections read, chosen by SQLite (replay-types.ts; the others, a seventh of the
   * bench's log with the even share and a third with 'most', would only be parsed to be ignored). They
   * are counted as ignored, as replay's applier would have.
   */
  async function replayOwnTypes(applier: ReturnType<typeof createEventApplier>, eventsPath: string, own: readonly AnyProjection[]): Promise<void> {
    const after = lastPosition;
    let applied = 0;
    const events = await replayTypes({
      path: eventsPath, types: [...new Set(own.flatMap((projection) => projection.eventTypes))], after, upTo: headPosition, pageSize,
      async onPage(page, end) {
        const outcomes = await applier.applyPage(page);
        for (const outcome of outcomes) counts[outcome.status] += 1;
        applied += page.length;
        firstPosition ??= page[0]!.position;
        if (options.onProgress) reportReplay(end.position, counts.events + end.events);
      },
    });
    counts.ignored += events - applied;
    counts.events += events;
    if (events > 0) lastPosition = headPosition;
    await applier.flush();
  }
  let firstPosition: number | null = null;
  function reportReplay(position: number, done = counts.events): void {
    const span = headPosition - (firstPosition ?? 0);
    const percent = headPosition <= 0 || span <= 0 ? 100 : Math.min(100, ((position - (firstPosition ?? 0)) / span) * 100);
    options.onProgress!({
      phase: 'replay',
      done,
      totalEstimate: percent > 0 ? Math.max(done, Math.round((done * 100) / percent)) : null,
      percent,
      ratePerSecond: rate(done),
      position,
      headPosition,
      elapsedMs: Math.round(elapsed()),
    });
  }

  function reportWrite(written: number, total: number, since: number): void {
    options.onProgress?.({
      phase: 'write', done: written, totalEstimate: total, percent: total === 0 ? 100 : (written / total) * 100,
      ratePerSecond: rate(written, since), position: lastPosition, headPosition, elapsedMs: Math.round(elapsed()),
    });
  }

  // After the replay the unit still has seconds of work at 1M events: said step by step.
  const finishSteps: string[] = [FINISH_STEPS.indexes, FINISH_STEPS.commit];
  function reportFinish(step: string): void {
    const done = finishSteps.indexOf(step);
    options.onProgress?.({
      phase: 'finish', step, done, totalEstimate: finishSteps.length, percent: (done / finishSteps.length) * 100,
      ratePerSecond: 0, position: lastPosition, headPosition, elapsedMs: Math.round(elapsed()),
    });
  }

  /**
   * The one-unit replay, with a helper process where the rebuild splits (rebuild-split.ts): both replay
   * up to the head read now, the helper's rows are copied in, and what was appended since is replayed
   * here for every view, as a rebuild on one thread would.
   */
  async function replayInUnit(): Promise<void> {
    const started = options.startedHelper;
    headPosition = started ? started.upTo : await options.eventStore.headPosition();
    const split = started?.split ?? planSplit({ eventStore: options.eventStore, viewStore: target, projections, events: headPosition + 1, splitFrom: options.splitFrom, share: options.helperShare });
    if (!split) return replay(applierFor(projections));
    const helper = started?.helper ?? startRebuildHelper({ split, upTo: headPosition, pageSize, bufferDocuments, keepReadBack, log });
    finishSteps.unshift(FINISH_STEPS.ownIndexes, FINISH_STEPS.helper, FINISH_STEPS.copy);
    try {
      await replayOwnTypes(applierFor(split.own), split.eventsPath, split.own);
      // Its own views are complete up to the helper's position: their indexes are built while the helper
      // may still replay (the declarations after the copy then only add the helper's views').
      reportFinish(FINISH_STEPS.ownIndexes);
      await ensureViewIndexes(target, split.own);
      reportFinish(FINISH_STEPS.helper);
      const helped = await helper.finished;
      addHelperCounts(counts, helped.counts);
      helperUsage = helped.usage;
      reportFinish(FINISH_STEPS.copy);
      await split.target.copyCollectionsFrom(helper.viewsPath, collectionsOf(split.helper));
    } finally {
      helper.stop();
    }
    await replay(createEventApplier({ viewStore: target, projections, log, positionOrder: true, soleWriter: true, ownLog: true }));
  }

  /** The version of each projection is kept with its checkpoint: the next start resumes them all. */
  const saveCheckpoints = async () => {
    if (lastPosition >= 0) await checkpointStore(target).saveBuilt(projections, lastPosition);
  };

  /**
   * The swap: once nobody else writes, the events appended since the replay are applied to the built
   * views, which then replace the live ones, collection by collection, before the checkpoints move.
   */
  async function swapIn(): Promise<void> {
    finishSteps.splice(0, finishSteps.length, FINISH_STEPS.exclusive, FINISH_STEPS.catchUp, FINISH_STEPS.swap);
    reportFinish(FINISH_STEPS.exclusive);
    await options.exclusive?.();
    reportFinish(FINISH_STEPS.catchUp);
    await replay(createEventApplier({ viewStore: building, projections, log, positionOrder: true, soleWriter: true, ownLog: true }));
    reportFinish(FINISH_STEPS.swap);
    for (const name of collectionsOf(projections)) await target.renameCollection!(`${stagingPrefix}${name}`, name);
    await target.collection(REBUILDS_COLLECTION).deleteOne({ _id: 'staging' });
  }

  let documents = 0;
  if (swapped) {
    await ensureViewIndexes(building, projections);
    await replay(applierFor(projections));
    if (staged) await writeStagedViews(replayStore, building, projections, options.writeConcurrency ?? 16, reportWrite);
    await swapIn();
    documents = await countViews(target, projections);
    await saveCheckpoints();
  } else if (oneUnit) {
    await options.exclusive?.();
    await atomicallyIn(target, async () => {
      await dropViews(target, projections);
      await replayInUnit();
      // Declared after the documents are in: each index is built in one pass instead of being updated
      // by every write (where the file had them already, dropAll kept them and this changes nothing).
      reportFinish(FINISH_STEPS.indexes);
      await ensureViewIndexes(target, projections);
      documents = await countViews(target, projections);
      await saveCheckpoints();
      reportFinish(FINISH_STEPS.commit);
    }, { rebuild: true });
  } else if (!staged) {
    await options.exclusive?.();
    await dropViews(target, projections);
    await ensureViewIndexes(target, projections);
    await replay(applierFor(projections));
    documents = await countViews(target, projections);
    await saveCheckpoints();
  } else {
    await replay(applierFor(projections));
    await options.exclusive?.();
    // One unit where the store has transactions (node:sqlite): a rebuild stopped half-way leaves the
    // previous views and checkpoints as they were, and the written views commit with their checkpoints.
    await atomicallyIn(target, async () => {
      await dropViews(target, projections);
      await ensureViewIndexes(target, projections);
      documents = await writeStagedViews(replayStore, target, projections, options.writeConcurrency ?? 16, reportWrite);
      await saveCheckpoints();
    });
  }
  return { ...counts, documents, lastPosition, elapsedMs: Math.round(elapsed()), ratePerSecond: rate(counts.events), ...(helperUsage ? { helper: helperUsage } : {}) };
}

/** The view collections a rebuild writes: every projection's, and the tombstones. */
const collectionsOf = (projections: readonly AnyProjection[]): string[] =>
  [...new Set([...projections.map((projection) => projection.collection), TOMBSTONES_COLLECTION])];

/** Empties the collections the projections write (and the tombstones): nothing else. */
async function dropViews(store: ViewStore, projections: readonly AnyProjection[]): Promise<void> {
  for (const name of collectionsOf(projections)) await store.dropCollection(name);
}

/** Documents in the rebuilt views (what a staged rebuild writes, once each). */
async function countViews(store: ViewStore, projections: readonly AnyProjection[]): Promise<number> {
  let total = 0;
  for (const name of collectionsOf(projections)) total += await store.collection(name).count();
  return total;
}

/** Documents a staged write inserts in one round trip. */
const INSERT_BATCH = 500;

/** Copies every view collection (and the tombstones) from the staging store: in batches, or a few writes in flight at once. */
async function writeStagedViews(
  from: ViewStore, to: ViewStore, projections: readonly AnyProjection[], concurrency: number,
  onProgress: (written: number, total: number, since: number) => void,
): Promise<number> {
  const since = performance.now();
  const collections = collectionsOf(projections);
  const batches = await Promise.all(collections.map(async (name) => ({ name, docs: await from.collection(name).find() })));
  const total = batches.reduce((sum, batch) => sum + batch.docs.length, 0);
  const everyStep = Math.max(1, Math.ceil(total / 20));
  let written = 0;
  for (const { name, docs } of batches) {
    const collection = to.collection(name);
    // The staging collections are fresh: documents go in as inserts, a batch per round trip, where offered.
    if (collection.insertMany) {
      for (let start = 0; start < docs.length; start += INSERT_BATCH) {
        const batch = docs.slice(start, start + INSERT_BATCH);
        await collection.insertMany(batch);
        written += batch.length;
        onProgress(written, total, since);
      }
      continue;
    }
    let next = 0;
    const worker = async () => {
      while (next < docs.length) {
        const doc = docs[next++]!;
        await collection.replaceOne(doc);
        written += 1;
        if (written % everyStep === 0) onProgress(written, total, since);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, docs.length) }, worker));
  }
  onProgress(written, total, since);
  return written;
}
