import { describe, expect, it } from 'vitest';
import { createMemoryViewStore } from '../infra/view-store/memory-view-store.ts';
import { listPage, listPageText } from './list-page.ts';
import { trackedViews, type ReadViews } from './tracked-views.ts';

// A page and its total: a first page with room left is every match, so its length is the total and
// no count is asked; a full first page and every later page ask the count.
async function viewsWith(docs: number): Promise<{ views: ReadViews; counts: () => number }> {
  const store = createMemoryViewStore();
  for (let index = 0; index < docs; index++) await store.collection('items').replaceOne({ _id: `i${String(index).padStart(2, '0')}`, rank: index });
  const { views } = trackedViews(store);
  let counts = 0;
  return { views: { ...views, count: (collection, filter) => { counts += 1; return views.count(collection, filter); } }, counts: () => counts };
}
const options = (start: number, limit: number) => ({ sort: { rank: 1 as const }, start, limit });

describe('listPage', () => {
  it('answers a short first page\'s total from its length, without a count', async () => {
    const { views, counts } = await viewsWith(3);
    expect(await listPage(views, 'items', {}, options(0, 5))).toMatchObject({ total: 3, items: [{ rank: 0 }, { rank: 1 }, { rank: 2 }] });
    expect(JSON.parse((await listPageText(views, 'items', {}, options(0, 5))).text)).toMatchObject({ total: 3 });
    expect(await listPage(views, 'items', { rank: { $gt: 5 } }, options(0, 5))).toEqual({ items: [], total: 0 });
    expect(counts()).toBe(0);
  });

  it('counts for a full first page and for every later page', async () => {
    const { views, counts } = await viewsWith(12);
    expect(await listPage(views, 'items', {}, options(0, 5))).toMatchObject({ total: 12 });
    expect(await listPage(views, 'items', {}, options(5, 5))).toMatchObject({ total: 12 });
    expect(await listPage(views, 'items', {}, options(10, 5))).toMatchObject({ total: 12, items: [{ rank: 10 }, { rank: 11 }] });
    expect(JSON.parse((await listPageText(views, 'items', {}, options(0, 12))).text)).toMatchObject({ total: 12 });
    expect(counts()).toBe(4);
  });
});
