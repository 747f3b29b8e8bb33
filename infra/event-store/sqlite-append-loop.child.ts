import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../domain/ports/event-store.ts';
import { openSqliteEventStore } from './sqlite-event-store.ts';

// Child process of sqlite-event-store.test.ts: appends multi-event batches to one file until it is
// killed, printing the number of each committed batch. Usage: node sqlite-append-loop.child.ts <file> [batches]
const [path, limit] = process.argv.slice(2);
if (!path) throw new Error('usage: sqlite-append-loop.child.ts <file> [batches]');
const store = await openSqliteEventStore({ path });
const runId = randomUUID().slice(0, 8);
const payload = 'x'.repeat(2000);

for (let batch = 0; limit === undefined || batch < Number(limit); batch++) {
  const size = 2 + (batch % 7) * 5;
  const events: NewEvent[] = Array.from({ length: size }, (_, index) => ({
    id: randomUUID(),
    type: 'CrashTested',
    data: { runId, batch, size, index, payload },
    metadata: { actor: { userId: null, roles: ['system'], groups: [], vendorId: null }, correlationId: runId, causationId: null, at: new Date().toISOString(), schemaVersion: 1 },
  }));
  await store.append(`crash-${runId}-${batch % 3}`, events, 'any');
  process.stdout.write(`${batch}\n`);
}
await store.close();
