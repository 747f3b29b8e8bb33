import { parseArgs } from 'node:util';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { appendEntries, catalogEntries, referenceEntries } from './catalog-events.ts';
import { customerActivity, EVENTS_PER_CUSTOMER } from './activity-events.ts';
import { tellParent } from '../child-process.ts';

// Run as a child process: writes a history of `--events` events (the vendor catalog, then customers'
// activity) into a fresh store at `--path`, so the process that measures the replay starts clean.
const { values } = parseArgs({ options: { path: { type: 'string' }, vendors: { type: 'string' }, events: { type: 'string' } } });
const path = values.path!;
const vendors = Number(values.vendors);
const target = Number(values.events);
mkdirSync(dirname(path), { recursive: true });
const store = await openSqliteEventStore({ path, synchronous: 'NORMAL' });
let events = await appendEntries(store, referenceEntries());
for (let first = 0; first < vendors; first += 2000) events += await appendEntries(store, catalogEntries(Math.min(2000, vendors - first), first));
const customers = Math.max(0, Math.ceil((target - events) / EVENTS_PER_CUSTOMER));
for (let first = 0; first < customers; first += 500) {
  const entries = [];
  for (let c = first; c < Math.min(customers, first + 500); c++) entries.push(...customerActivity(c, vendors));
  events += await appendEntries(store, entries);
}
await store.close();
tellParent({ kind: 'seeded', events, customers });
process.exit(0);
