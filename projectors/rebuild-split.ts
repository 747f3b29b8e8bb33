import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViewStore } from '../domain/ports/view-store.ts';
import { allProjections } from './all-projections.ts';
import type { ApplyOutcome } from './event-applier.ts';
import type { AnyProjection } from './projection.ts';
import type { ProjectorLog } from './projector-log.ts';
import { compileCacheDir } from '../infra/compile-cache.ts';

// A rebuild on two cores (docs/embedded-views.md "Rebuild"): a helper process replays the log
// for a share of the views into a scratch views file while the rebuild replays it for the others into
// its unit; once both reach the same position, the rebuild copies the helper's rows into its unit
// (stored bytes, no JSON), builds the indexes and commits. Until then other connections read the old
// views, and a rebuild stopped half-way leaves them as they were, as a rebuild on one thread does.
//
// Only where both sides are files another process can open: the node:sqlite event store and the
// node:sqlite view store. The helper reads the log itself (sending it the pages would cost the rebuild
// what reading them costs), so the log is read twice, on two cores.

/**
 * The helper's share, from each view rebuilt alone (CPU time beyond reading the log, 100,000 events and
 * 1,000 vendors, the bench's proportions): orders 1.6 s, order money 1.2, vendor cards 1.0, customer
 * journeys 0.8, conversations 0.7, analytics orders 0.5, vendor pages 0.4, messages 0.3, every other
 * view 0.2 or less. The helper takes vendor cards, pages and ratings, conversations, products,
 * analytics orders, messages, reviews and users (it parses their events for its other views anyway); the
 * rebuild the others, and it builds its own views' indexes while the helper may still replay. At
 * 1,000,000 events (10,000 vendors; docs/benchmarks.md, "Replay and memory") the rebuild's replay and its
 * own indexes used 27–30 CPU-s, the helper 25–28 with its start (with messages and reviews in the rebuild
 * and every index built after the copy: a replay of 28–31 CPU-s, the helper done first at 25–27); the
 * rebuild then copies the helper's rows, builds their indexes and commits. With users in the rebuild,
 * the helper was done before the rebuild's own replay and the rebuild never waited for it; in turns,
 * eight rebuilds of each at 1,000,000 events, seven were shorter with users in the helper (median 20.4
 * against 21.5 s); with favorites in the helper as well, the rebuild waited on the helper. Documents read
 * back often (vendor cards, pages, ratings) stay with the helper, and their memory with it.
 */
const HELPER_VIEWS: ReadonlySet<string> = new Set(['vendor-cards', 'vendor-pages', 'vendor-ratings', 'conversations', 'products', 'analytics-orders', 'messages', 'reviews', 'users']);

/**
 * The helper's share where the rebuild's process has other work beside the rebuild: at a first start
 * (projectors/runtime.ts firstBuild) the flows and the notification reactor read the whole log in the
 * rebuild's process, so with the even share above the helper was done with less than half of that
 * process's CPU time (22 against 48–51 CPU-s at 1,000,000 events) and the start waited on one core.
 * It also takes order money (the order events it parses for analytics orders). Vendor responses and
 * customer journeys stay with the rebuild: with them the helper ended ~3 s after the rebuild's own share
 * and the flows at 1,000,000 events (the start waited on it, one core idle), while each alone costs
 * 1.3–1.7 and 0.3–0.4 CPU-s beyond a bare helper's start (scratch, 10,000 vendors). Users in the
 * helper made no difference here (four first starts of each in turns, two shorter).
 */
const HELPER_VIEWS_BESIDE_OTHER_WORK: ReadonlySet<string> = new Set([...HELPER_VIEWS, 'order-money']);

/** 'even': the rebuild alone in its process; 'most': other work shares the rebuild's process (HELPER_VIEWS_BESIDE_OTHER_WORK). */
export type HelperShare = 'even' | 'most';

/**
 * Logs shorter than this are rebuilt on one thread: starting the helper (a Node process loading the
 * projections) costs about half a second, which a rebuild of 100,000 events (~2.5 s) only just wins back.
 */
export const SPLIT_FROM_EVENTS = 100_000;

/** What a helper is asked to do (its one argument, as JSON). */
export interface HelperTask {
  eventsPath: string;
  viewsPath: string;
  /** Names of its projections (in allProjections). */
  projections: string[];
  /** Event types only the helper reads: it counts their outcomes and logs their warnings. */
  counted: string[];
  upTo: number;
  pageSize: number;
  bufferDocuments: number;
  keepReadBack: number;
}

export type HelperCounts = Record<ApplyOutcome['status'], number>;

/** What the helper process used, for the rebuild's report: its CPU time and peak resident set. */
export interface HelperUsage {
  /** Names of the views it built. */
  views: string[];
  cpuMs: number;
  maxRssBytes: number;
}

export type FromHelper =
  | { kind: 'log'; level: keyof ProjectorLog; details: object; message: string }
  | { kind: 'done'; counts: HelperCounts; usage: HelperUsage }
  | { kind: 'failed'; error: unknown };

/** The view store a helper's rows can be copied into (the node:sqlite one). */
export interface CopyTarget extends ViewStore {
  copyCollectionsFrom(path: string, names: readonly string[]): Promise<number>;
}

export interface RebuildSplit {
  /** Projections the rebuild applies itself. */
  own: AnyProjection[];
  /** Projections the helper applies. */
  helper: AnyProjection[];
  eventsPath: string;
  target: CopyTarget;
}

/**
 * How a rebuild of these projections splits, or null when it runs on one thread: a log or view store
 * that is not a file, fewer events than `splitFrom`, one core, or nothing of the helper's share asked
 * for (it loads projections by name, so only those of allProjections go to it).
 */
export function planSplit(options: {
  eventStore: object; viewStore: ViewStore; projections: readonly AnyProjection[]; events: number; splitFrom?: number; share?: HelperShare;
}): RebuildSplit | null {
  const eventsPath = (options.eventStore as { file?: unknown }).file;
  if (typeof eventsPath !== 'string') return null;
  if (typeof (options.viewStore as Partial<CopyTarget>).copyCollectionsFrom !== 'function') return null;
  if (options.events < (options.splitFrom ?? SPLIT_FROM_EVENTS) || availableParallelism() < 2) return null;
  const share = options.share === 'most' ? HELPER_VIEWS_BESIDE_OTHER_WORK : HELPER_VIEWS;
  const helper = options.projections.filter((projection) => share.has(projection.name) && allProjections.includes(projection));
  const own = options.projections.filter((projection) => !helper.includes(projection));
  if (helper.length === 0 || own.length === 0) return null;
  // Each collection has one writer (the tombstones are keyed by collection).
  if (own.some((projection) => helper.some((other) => other.collection === projection.collection))) return null;
  return { own, helper, eventsPath, target: options.viewStore as CopyTarget };
}

export interface RebuildHelper {
  /** The helper's views file, complete once `finished` settles. */
  readonly viewsPath: string;
  /** The outcomes of the events only the helper reads, and what it used; rejects when it failed. */
  readonly finished: Promise<{ counts: HelperCounts; usage: HelperUsage }>;
  /** Ends the helper if it still runs and removes its file. */
  stop(): void;
}

const helperScript = fileURLToPath(new URL('./rebuild-helper.ts', import.meta.url));

/** Scratch directories are named after the rebuilding process: `.views-rebuild-<pid>-<random>`. */
const SCRATCH_PREFIX = '.views-rebuild-';

/** A rebuild killed outright (SIGKILL, power cut) leaves its helper's file: removed by the next one. */
function removeScratchOfEndedRebuilds(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const pid = Number(/^\.views-rebuild-(\d+)-/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The rebuild's environment, with Node's module compile cache on (NODE_COMPILE_CACHE, in the checkout's,
 * infra/compile-cache.ts) unless the environment already says where it goes or that there is none: the
 * helper then takes its modules compiled (their TypeScript stripped) from an earlier rebuild or start
 * instead of compiling them at each start, half of what loading them cost.
 */
export function helperEnvironment(environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const dir = compileCacheDir(environment);
  return dir === undefined || dir === environment.NODE_COMPILE_CACHE ? environment : { ...environment, NODE_COMPILE_CACHE: dir };
}

export function startRebuildHelper(options: {
  split: RebuildSplit; upTo: number; pageSize: number; bufferDocuments: number; keepReadBack: number; log: ProjectorLog;
}): RebuildHelper {
  const { split, log } = options;
  const ownTypes = new Set<string>(split.own.flatMap((projection) => projection.eventTypes));
  // Event types only the helper reads: it counts and logs them (the rebuild counts them as ignored, addHelperCounts).
  const counted = new Set([...new Set(split.helper.flatMap((projection) => projection.eventTypes))].filter((type) => !ownTypes.has(type)));
  // Beside the log: the data directory has room for views, where a tmpfs would hold them in memory.
  const dataDir = dirname(split.eventsPath);
  removeScratchOfEndedRebuilds(dataDir);
  const dir = mkdtempSync(join(dataDir, `${SCRATCH_PREFIX}${process.pid}-`));
  const viewsPath = join(dir, 'views.sqlite');
  const task: HelperTask = {
    eventsPath: split.eventsPath, viewsPath, projections: split.helper.map((projection) => projection.name), counted: [...counted],
    upTo: options.upTo, pageSize: options.pageSize, bufferDocuments: options.bufferDocuments, keepReadBack: options.keepReadBack,
  };
  // Not the rebuild's execArgv: its flags (a heap limit, --cpu-prof) are not the helper's. --expose-gc:
  // the helper bounds its heap itself (rebuild-helper.ts).
  const child = fork(helperScript, [JSON.stringify(task)], { execArgv: ['--expose-gc'], env: helperEnvironment(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const finished = new Promise<{ counts: HelperCounts; usage: HelperUsage }>((resolve, reject) => {
    let settled = false;
    child.on('message', (message: FromHelper) => {
      if (message.kind === 'log') log[message.level](message.details, message.message);
      else if (message.kind === 'done') {
        settled = true;
        resolve({ counts: message.counts, usage: message.usage });
      } else {
        settled = true;
        reject(message.error instanceof Error ? message.error : new Error(`rebuild helper failed: ${String(message.error)}`));
      }
    });
    child.on('error', (error) => {
      settled = true;
      reject(error);
    });
    child.on('exit', (code, signal) => {
      if (!settled) reject(new Error(`rebuild helper exited before it finished (${signal ?? `code ${code}`})`));
    });
  });
  // Awaited by the rebuild once its own share is replayed; until then a failure waits there.
  finished.catch(() => {});
  return {
    viewsPath,
    finished,
    stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The rebuild's counts with the helper's: events of a type only the helper reads were counted as
 * ignored by the rebuild (no projection of its own reads them); the helper knows what became of them.
 */
export function addHelperCounts(counts: HelperCounts, helper: HelperCounts): void {
  const total = helper.applied + helper.ignored + helper.invalid;
  counts.ignored += helper.ignored - total;
  counts.applied += helper.applied;
  counts.invalid += helper.invalid;
}
