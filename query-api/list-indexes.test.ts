import { beforeAll, describe, expect, it } from 'vitest';
import { declaredIndexes, recordListQueries, type ListQuery } from './testing/list-queries.ts';
import { indexesServingSort, indexServesSort, pinnedFields, type IndexKeys } from './testing/sort-index.ts';

// Every sorted find the query API issues (captured from the routes, query-api/testing/list-queries.ts)
// has a declared index that returns its matches in order, so MongoDB pages it without sorting every
// match in memory. The same queries are explained on a real MongoDB in list-indexes-on-mongo.test.ts.

describe('the rule an index serves a sort by', () => {
  it('equality fields first (any order), then the sort keys in order, all as sorted or all reversed', () => {
    expect(indexServesSort({ customerId: 1, placedAt: -1, _id: -1 }, { customerId: 'u1' }, { placedAt: -1, _id: -1 })).toBe(true);
    expect(indexServesSort({ customerId: 1, placedAt: -1, _id: -1 }, { customerId: 'u1' }, { placedAt: 1, _id: 1 })).toBe(true);
    expect(indexServesSort({ a: 1, _id: -1 }, {}, { a: -1, _id: 1 })).toBe(true);
    expect(indexServesSort({ a: -1, _id: -1 }, {}, { a: -1, _id: 1 })).toBe(false);
    // Without a trailing _id the index orders nothing among the ties of `placedAt`.
    expect(indexServesSort({ customerId: 1, placedAt: -1 }, { customerId: 'u1' }, { placedAt: -1, _id: -1 })).toBe(false);
    // An equality field missing from the filter leaves the index unordered by the sort.
    expect(indexServesSort({ customerId: 1, placedAt: -1, _id: -1 }, {}, { placedAt: -1, _id: -1 })).toBe(false);
    expect(indexServesSort({ a: 1, b: 1, _id: 1 }, { a: 'x', status: 'new', $and: [{ b: { $in: ['y'] } }] }, { b: 1, _id: 1 })).toBe(true);
    // A range is no equality: it goes after the sort keys.
    expect(indexServesSort({ start: 1, vendorId: 1, _id: 1 }, { vendorId: 'v1', start: { $lt: 'z' } }, { start: 1, _id: 1 })).toBe(true);
    expect(indexServesSort({ end: 1, start: 1, _id: 1 }, { end: { $gt: 'a' } }, { start: 1, _id: 1 })).toBe(false);
    expect(pinnedFields({ a: 'x', b: { $eq: 2 }, c: { $in: [true] }, d: { $in: [1, 2] }, e: null, f: { $ne: 1 }, $or: [{ g: 1 }] })).toEqual(new Set(['a', 'b', 'c']));
  });

  it('a top-level $or is served by an index for each branch; a filter that matches nothing needs none', () => {
    const indexes: IndexKeys[] = [{ customerId: 1, at: 1, _id: 1 }, { vendorId: 1, at: 1, _id: 1 }];
    expect(indexesServingSort(indexes, { $or: [{ customerId: 'u' }, { vendorId: 'v' }], status: 'x' }, { at: -1, _id: -1 })).toEqual(indexes);
    expect(indexesServingSort(indexes.slice(0, 1), { $or: [{ customerId: 'u' }, { vendorId: 'v' }] }, { at: -1, _id: -1 })).toBeNull();
    expect(indexesServingSort([], { _id: { $in: [] } }, { at: -1, _id: -1 })).toEqual([]);
    expect(indexesServingSort([], {}, { _id: 1 })).toEqual([{ _id: 1 }]);
  });
});

describe('every sorted find of the query API has an index that serves its sort', () => {
  let recorded: Awaited<ReturnType<typeof recordListQueries>>;
  beforeAll(async () => {
    recorded = await recordListQueries();
  }, 120_000);

  it('reaches every sort value of every list, and a sorted find of every paged list', () => {
    const { queries, sortsReached, routes } = recorded;
    const unreached = routes.flatMap((route) => route.sorts.filter((sort) => !sortsReached.get(route.path)?.has(sort)).map((sort) => `${route.path} sort=${sort}`));
    expect(unreached).toEqual([]);
    const listed = new Set(queries.map((query) => query.route));
    const pagedWithoutFind = routes.filter((route) => route.paged && !listed.has(route.path)).map((route) => route.path);
    // These page what they read otherwise: favorites in the order added, a customer's payments (every
    // paid order of theirs, ordered in memory), the job queue's failed jobs and the event log.
    expect(pagedWithoutFind).toEqual([
      '/api/artists/vendor/favored/by-user', '/api/payments', '/api/admin/jobs/failed', '/api/admin/events/latest', '/api/admin/user-actions',
      '/api/admin/streams/:streamId/events', '/api/admin/events',
    ]);
  });

  it('each is served by a declared index', () => {
    const indexes = declaredIndexes();
    const unserved = new Map<string, ListQuery>();
    for (const query of recorded.queries) {
      if (indexesServingSort(indexes.get(query.collection) ?? [], query.filter, query.sort)) continue;
      const pinned = [...pinnedFields(query.filter)].sort().join(', ');
      unserved.set(`${query.collection} pinned {${pinned}} sort ${JSON.stringify(query.sort)}`, query);
    }
    expect([...unserved].map(([shape, query]) => `${shape}  (${query.actor}: ${query.url})`)).toEqual([]);
  });
});
