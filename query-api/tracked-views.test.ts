import { describe, expect, it } from 'vitest';
import type { FindOptions, ViewStore } from '../domain/ports/view-store.ts';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { listPage, listPageText } from './list-page.ts';
import { trackedViews } from './tracked-views.ts';

// The read routes ask the store not to send what no answer shows: the projectors' bookkeeping (a
// `_seen` of up to 256 streams on a busy vendor's card), a view's private fields, a list's internal ones.
describe('reads of the views', () => {
  /** A memory store that records the options every find and findOne was given. */
  async function recordingStore(): Promise<{ store: ViewStore; asked: Array<Pick<FindOptions, 'omit'> | undefined> }> {
    const store = createMemoryViewStore();
    await store.collection('vendorCards').replaceOne({
      _id: 'v1', vendorId: 'v1', name: { he: 'א' }, ratingAvg: 4, _seen: { 'review-o1': 0 }, _seenLanes: { '*': 3 }, _version: 7,
      _ratingStars: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 }, _profileTokens: ['n:a'], productPrices: { p1: 100 }, searchTokens: ['n:a'],
    });
    const asked: Array<Pick<FindOptions, 'omit'> | undefined> = [];
    const recording: ViewStore = {
      ...store,
      collection: ((name: string) => {
        const collection = store.collection(name);
        return {
          ...collection,
          find: (filter, options) => { asked.push(options); return collection.find(filter, options); },
          findOne: (filter, options) => { asked.push(options); return collection.findOne(filter, options); },
          count: (filter) => collection.count(filter),
        } as typeof collection;
      }) as ViewStore['collection'],
    };
    return { store: recording, asked };
  }

  it('a lookup and a list leave the bookkeeping and the private fields at the store', async () => {
    const { store, asked } = await recordingStore();
    const { views } = trackedViews(store);
    const card = await views.byId('vendorCards', 'v1');
    expect(Object.keys(card!).sort()).toEqual(['_id', 'name', 'productPrices', 'ratingAvg', 'searchTokens', 'vendorId']);
    expect(asked[0]?.omit).toEqual(expect.arrayContaining(['_seen', '_seenFloor', '_seenLanes', '_seenLaneFloors', '_version', '_ratingStars', '_profileTokens']));

    const page = await listPage(views, 'vendorCards', {}, { sort: { _id: 1 }, start: 0, limit: 5, internal: ['productPrices'] });
    expect(page.items).toEqual([{ vendorId: 'v1', name: { he: 'א' }, ratingAvg: 4 }]);
    // The list's own internal fields and the search helpers stay at the store too.
    expect(asked[1]?.omit).toEqual(expect.arrayContaining(['_seen', '_version', 'productPrices', 'searchTokens', 'searchText']));
    expect(JSON.parse((await listPageText(views, 'vendorCards', {}, { sort: { _id: 1 }, start: 0, limit: 5, internal: ['productPrices'] })).text).items).toEqual(page.items);
    expect(asked[2]?.omit).toEqual(expect.arrayContaining(['_seen', '_version', 'productPrices']));
  });
});
