import { parseArgs } from 'node:util';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { appendEntries, catalogEntries, newEventOf, referenceEntries, type SeedEntry } from './catalog-events.ts';
import { customerActivity, EVENTS_PER_CUSTOMER } from './activity-events.ts';
import { tellParent } from '../child-process.ts';
import { rawEventsDatabase, rawInsert } from '../raw-events.ts';

// Run as a child process: writes a history of `--events` events (the vendor catalog, then customers'
// activity) into a fresh store at `--path`, so the process that measures the replay starts clean.
// Vendors go in chunks of 2,000, customers in chunks of 500 (17,000 events).
const { values } = parseArgs({ options: { path: { type: 'string' }, vendors: { type: 'string' }, events: { type: 'string' }, raw: { type: 'boolean', default: false } } });
const path = values.path!;
const vendors = Number(values.vendors);
const target = Number(values.events);
mkdirSync(dirname(path), { recursive: true });
// Through the store's appends (group commit, synchronous=NORMAL), or with --raw as raw INSERTs of the
// same rows into its table, one transaction per chunk (for the largest logs: several times faster).
const writer = values.raw ? rawWriter(path) : await storeWriter(path);
let events = await writer.append(referenceEntries());
for (let first = 0; first < vendors; first += 2000) events += await writer.append(catalogEntries(Math.min(2000, vendors - first), first));
const customers = Math.max(0, Math.ceil((target - events) / EVENTS_PER_CUSTOMER));
for (let first = 0; first < customers; first += 500) {
  const entries = [];
  for (let c = first; c < Math.min(customers, first + 500); c++) entries.push(...customerActivity(c, vendors));
  events += await writer.append(entries);
}
await writer.close();
tellParent({ kind: 'seeded', events, customers });
process.exit(0);

interface SeedWriter { append(entries: readonly SeedEntry[]): Promise<number>; close(): Promise<void> }

async function storeWriter(file: string): Promise<SeedWriter> {
  const store = await openSqliteEventStore({ path: file, synchronous: 'NORMAL' });
  return { append: (entries) => appendEntries(store, entries), close: () => store.close() };
}

/** Each stream's revisions counted here, as the store would give them; one recorded time per chunk, as per group commit. */
function rawWriter(file: string): SeedWriter {
  const db = rawEventsDatabase(file, 'NORMAL');
  const insert = rawInsert(db);
  const revisions = new Map<string, number>();
  return {
    async append(entries) {
      const recordedAt = new Date().toISOString();
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const entry of entries) {
          const revision = (revisions.get(entry.streamId) ?? -1) + 1;
          revisions.set(entry.streamId, revision);
          insert(entry.streamId, revision, newEventOf(entry), recordedAt);
        }
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
      return entries.length;
    },
    async close() {
      db.close();
    },
  };
}
