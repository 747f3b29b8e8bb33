import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ViewCollection, ViewDocument, ViewStore } from '../../domain/ports/view-store.ts';

// The one conformance suite every ViewStore adapter passes (DESIGN §2): the in-memory adapter and the
// MongoDB one. It pins down the MongoDB semantics the projectors and the query API rely on.
// Usage: viewStoreConformance('memory', () => createMemoryViewStore());
// Each test starts from an empty store (dropAll) and closes it afterwards.

interface Performer extends ViewDocument {
  name: { he: string; en: string };
  city: string;
  rating: number;
  tags: string[];
  shows?: Array<{ venue: string; seats: number }>;
  archived?: boolean;
  count?: number;
}

const performers: Performer[] = [
  { _id: 'p1', name: { he: 'אבי', en: 'Avi' }, city: 'haifa', rating: 4.5, tags: ['magic', 'kids'], shows: [{ venue: 'hall', seats: 100 }, { venue: 'park', seats: 30 }] },
  { _id: 'p2', name: { he: 'בתיה', en: 'Batya' }, city: 'tel-aviv', rating: 3, tags: ['music'], shows: [{ venue: 'club', seats: 80 }] },
  { _id: 'p3', name: { he: 'גיל', en: 'Gil' }, city: 'haifa', rating: 5, tags: ['music', 'kids'], shows: [] },
  { _id: 'p4', name: { he: 'דנה', en: 'Dana' }, city: 'eilat', rating: 2, tags: [], archived: true },
];

export function viewStoreConformance(name: string, makeStore: () => ViewStore | Promise<ViewStore>): void {
  describe(`ViewStore conformance: ${name}`, () => {
    let store: ViewStore;
    let people: ViewCollection<Performer>;

    beforeEach(async () => {
      store = await makeStore();
      await store.dropAll();
      people = store.collection<Performer>('conformance_people');
      for (const performer of performers) await people.replaceOne(structuredClone(performer));
    });
    afterEach(async () => {
      await store.dropAll();
      await store.close();
    });

    const ids = (docs: ViewDocument[]) => docs.map((doc) => doc._id);

    describe('find', () => {
      it('returns every document without a filter', async () => {
        expect(ids(await people.find()).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(ids(await people.find({})).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
      });

      it('matches equality on top-level and nested fields', async () => {
        expect(ids(await people.find({ city: 'haifa' }, { sort: { _id: 1 } }))).toEqual(['p1', 'p3']);
        expect(ids(await people.find({ 'name.en': 'Batya' }))).toEqual(['p2']);
        expect(await people.find({ city: 'nowhere' })).toEqual([]);
      });

      it('matches an array field holding a value', async () => {
        expect(ids(await people.find({ tags: 'kids' }, { sort: { _id: 1 } }))).toEqual(['p1', 'p3']);
      });

      it('supports $in, $nin, $ne, $exists', async () => {
        expect(ids(await people.find({ _id: { $in: ['p2', 'p4', 'missing'] } }, { sort: { _id: 1 } }))).toEqual(['p2', 'p4']);
        expect(ids(await people.find({ tags: { $in: ['magic', 'music'] } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2', 'p3']);
        expect(ids(await people.find({ city: { $nin: ['haifa'] } }, { sort: { _id: 1 } }))).toEqual(['p2', 'p4']);
        expect(ids(await people.find({ archived: { $ne: true } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2', 'p3']);
        expect(ids(await people.find({ archived: { $exists: true } }))).toEqual(['p4']);
      });

      it('supports $gte, $lte, $gt, $lt, also combined', async () => {
        expect(ids(await people.find({ rating: { $gte: 3, $lte: 4.5 } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2']);
        expect(ids(await people.find({ rating: { $gt: 3, $lt: 5 } }))).toEqual(['p1']);
      });

      it('supports $regex with $options, and RegExp values, on nested fields', async () => {
        expect(ids(await people.find({ 'name.en': { $regex: '^ba', $options: 'i' } }))).toEqual(['p2']);
        expect(ids(await people.find({ 'name.en': { $regex: 'A' } }, { sort: { _id: 1 } }))).toEqual(['p1']);
        expect(ids(await people.find({ 'name.he': /גיל/ }))).toEqual(['p3']);
      });

      it('supports $elemMatch on arrays of objects', async () => {
        expect(ids(await people.find({ shows: { $elemMatch: { venue: 'park', seats: { $lte: 50 } } } }))).toEqual(['p1']);
        expect(ids(await people.find({ shows: { $elemMatch: { seats: { $gte: 80 } } } }, { sort: { _id: 1 } }))).toEqual(['p1', 'p2']);
        expect(await people.find({ shows: { $elemMatch: { venue: 'hall', seats: { $lt: 50 } } } })).toEqual([]);
      });

      it('supports $and and $or', async () => {
        expect(ids(await people.find({ $or: [{ city: 'eilat' }, { rating: 5 }] }, { sort: { _id: 1 } }))).toEqual(['p3', 'p4']);
        expect(ids(await people.find({ $and: [{ city: 'haifa' }, { tags: 'magic' }] }))).toEqual(['p1']);
      });

      it('sorts ascending and descending, on nested fields and by several keys', async () => {
        expect(ids(await people.find({}, { sort: { rating: -1 } }))).toEqual(['p3', 'p1', 'p2', 'p4']);
        expect(ids(await people.find({}, { sort: { 'name.en': 1 } }))).toEqual(['p1', 'p2', 'p4', 'p3']);
        expect(ids(await people.find({}, { sort: { city: 1, rating: -1 } }))).toEqual(['p4', 'p3', 'p1', 'p2']);
      });

      it('pages with skip and limit after sorting', async () => {
        expect(ids(await people.find({}, { sort: { _id: 1 }, skip: 1, limit: 2 }))).toEqual(['p2', 'p3']);
        expect(ids(await people.find({}, { sort: { _id: -1 }, limit: 1 }))).toEqual(['p4']);
        expect(await people.find({}, { sort: { _id: 1 }, skip: 10 })).toEqual([]);
      });

      it('returns whole documents as stored', async () => {
        const [found] = await people.find({ _id: 'p1' });
        expect(found).toEqual(performers[0]);
      });
    });

    it('count counts matches', async () => {
      expect(await people.count()).toBe(4);
      expect(await people.count({ city: 'haifa' })).toBe(2);
      expect(await people.count({ rating: { $gte: 10 } })).toBe(0);
    });

    it('findOne returns the match or null', async () => {
      expect(await people.findOne({ _id: 'p3' })).toEqual(performers[2]);
      expect((await people.findOne({ 'name.he': 'בתיה' }))?._id).toBe('p2');
      expect(await people.findOne({ _id: 'nobody' })).toBeNull();
    });

    it('replaceOne inserts, then replaces the whole document', async () => {
      await people.replaceOne({ _id: 'p5', name: { he: 'ה', en: 'E' }, city: 'acre', rating: 1, tags: [], count: 7 });
      expect((await people.findOne({ _id: 'p5' }))?.count).toBe(7);
      await people.replaceOne({ _id: 'p5', name: { he: 'ה', en: 'E' }, city: 'jaffa', rating: 1, tags: [] });
      expect(await people.findOne({ _id: 'p5' })).toEqual({ _id: 'p5', name: { he: 'ה', en: 'E' }, city: 'jaffa', rating: 1, tags: [] });
      expect(await people.count()).toBe(5);
    });

    describe('updateOne', () => {
      it('applies $set (also nested paths) and $unset', async () => {
        const result = await people.updateOne({ _id: 'p1' }, { $set: { city: 'acre', 'name.en': 'Avraham', 'extra.deep': 1 }, $unset: { shows: '' } });
        expect(result).toEqual({ matched: 1, upserted: false });
        const doc = await people.findOne({ _id: 'p1' });
        expect(doc).toEqual({ _id: 'p1', name: { he: 'אבי', en: 'Avraham' }, city: 'acre', rating: 4.5, tags: ['magic', 'kids'], extra: { deep: 1 } });
      });

      it('applies $inc, starting a missing field from 0', async () => {
        await people.updateOne({ _id: 'p2' }, { $inc: { rating: 1.5, count: 2 } });
        await people.updateOne({ _id: 'p2' }, { $inc: { count: -1 } });
        const doc = await people.findOne({ _id: 'p2' });
        expect(doc?.rating).toBe(4.5);
        expect(doc?.count).toBe(1);
      });

      it('applies $push and $pull (by value and by condition)', async () => {
        await people.updateOne({ _id: 'p2' }, { $push: { tags: 'jazz' } });
        await people.updateOne({ _id: 'p2' }, { $push: { shows: { venue: 'park', seats: 10 } } });
        expect((await people.findOne({ _id: 'p2' }))?.tags).toEqual(['music', 'jazz']);
        await people.updateOne({ _id: 'p2' }, { $pull: { tags: 'music' } });
        await people.updateOne({ _id: 'p2' }, { $pull: { shows: { seats: { $gte: 50 } } } });
        const doc = await people.findOne({ _id: 'p2' });
        expect(doc?.tags).toEqual(['jazz']);
        expect(doc?.shows).toEqual([{ venue: 'park', seats: 10 }]);
      });

      it('updates only the first match and reports no match', async () => {
        await people.updateOne({ city: 'haifa' }, { $set: { marked: true } });
        expect(await people.count({ marked: true })).toBe(1);
        expect(await people.updateOne({ _id: 'nobody' }, { $set: { city: 'x' } })).toEqual({ matched: 0, upserted: false });
        expect(await people.count()).toBe(4);
      });

      it('upserts a document made from the filter equality fields', async () => {
        const result = await people.updateOne({ _id: 'p9', city: 'safed' }, { $set: { rating: 4 }, $push: { tags: 'new' }, $inc: { count: 1 } }, { upsert: true });
        expect(result).toEqual({ matched: 0, upserted: true });
        expect(await people.findOne({ _id: 'p9' })).toEqual({ _id: 'p9', city: 'safed', rating: 4, tags: ['new'], count: 1 });
        const again = await people.updateOne({ _id: 'p9', city: 'safed' }, { $inc: { count: 1 } }, { upsert: true });
        expect(again).toEqual({ matched: 1, upserted: false });
        expect((await people.findOne({ _id: 'p9' }))?.count).toBe(2);
      });

      it('upserts with a nested equality field', async () => {
        await people.updateOne({ _id: 'p8', 'name.en': 'Hila' }, { $set: { rating: 1 } }, { upsert: true });
        expect(await people.findOne({ _id: 'p8' })).toEqual({ _id: 'p8', name: { en: 'Hila' }, rating: 1 });
      });
    });

    it('deleteOne deletes one match and says how many', async () => {
      expect(await people.deleteOne({ city: 'haifa' })).toBe(1);
      expect(await people.count({ city: 'haifa' })).toBe(1);
      expect(await people.deleteOne({ _id: 'nobody' })).toBe(0);
    });

    it('deleteMany deletes every match, or everything', async () => {
      expect(await people.deleteMany({ tags: 'kids' })).toBe(2);
      expect(ids(await people.find({}, { sort: { _id: 1 } }))).toEqual(['p2', 'p4']);
      expect(await people.deleteMany()).toBe(2);
      expect(await people.count()).toBe(0);
    });

    it('createIndex is idempotent and leaves data alone', async () => {
      await people.createIndex({ city: 1, rating: -1 });
      await people.createIndex({ city: 1, rating: -1 });
      await people.createIndex({ 'name.en': 1 }, { name: 'by_english_name' });
      await people.createIndex({ 'name.en': 1 }, { name: 'by_english_name' });
      expect(await people.count()).toBe(4);
      expect(ids(await people.find({ city: 'haifa' }, { sort: { rating: -1 } }))).toEqual(['p3', 'p1']);
    });

    it('keeps collections apart, and dropAll empties all of them', async () => {
      const other = store.collection('conformance_other');
      await other.replaceOne({ _id: 'p1', note: 'another collection' });
      expect((await people.findOne({ _id: 'p1' }))?.city).toBe('haifa');
      expect(await other.count()).toBe(1);
      await store.dropAll();
      expect(await people.count()).toBe(0);
      expect(await other.count()).toBe(0);
      await people.replaceOne({ _id: 'again', name: { he: 'א', en: 'A' }, city: 'x', rating: 1, tags: [] });
      expect(await people.count()).toBe(1);
    });

    it('returns copies: mutating a result or an input does not change the store', async () => {
      const found = await people.findOne({ _id: 'p1' });
      found!.name.en = 'changed';
      found!.tags.push('changed');
      const [listed] = await people.find({ _id: 'p1' });
      listed!.shows!.pop();
      const input: Performer = { _id: 'p6', name: { he: 'ו', en: 'F' }, city: 'lod', rating: 1, tags: ['a'] };
      await people.replaceOne(input);
      input.tags.push('b');
      input.city = 'changed';
      expect(await people.findOne({ _id: 'p1' })).toEqual(performers[0]);
      expect(await people.findOne({ _id: 'p6' })).toEqual({ _id: 'p6', name: { he: 'ו', en: 'F' }, city: 'lod', rating: 1, tags: ['a'] });
    });
  });
}
