import { describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../infra/event-store/sqlite-event-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { allProjections } from './all-projections.ts';
import { rebuildViews } from './rebuild.ts';
import { appendHistory, marketplaceHistory } from './testing/marketplace-history.ts';
import { unreadFields } from './unread-fields.ts';

// Readers ask the store to leave out the fields listed for a collection; a private field a projection
// writes but does not declare would be sent to every reader again.
describe('fields readers leave out', () => {
  it('name every `_` field of every view document (but `_id`)', async () => {
    const eventStore = await openSqliteEventStore({ path: ':memory:' });
    await appendHistory(eventStore, marketplaceHistory({ vendors: 3, customers: 4 }));
    const viewStore = createMemoryViewStore();
    await rebuildViews({ eventStore, viewStore });
    const unread = unreadFields();
    const undeclared: string[] = [];
    let checked = 0;
    for (const collection of new Set(allProjections.map((projection) => projection.collection))) {
      for (const doc of await viewStore.collection(collection).find()) {
        checked += 1;
        for (const key of Object.keys(doc)) {
          if (key.startsWith('_') && key !== '_id' && !unread(collection).includes(key)) undeclared.push(`${collection}.${key}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect([...new Set(undeclared)]).toEqual([]);
    expect(unread('vendorCards')).toEqual(expect.arrayContaining(['_seen', '_seenLanes', '_version', '_profileTokens', '_ratingStars']));
    await eventStore.close();
  });
});
