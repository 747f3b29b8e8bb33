import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithEngine } from '../../test/real-engines.ts';
import { openMongoViewStore } from './mongo-view-store.ts';
import type { MongoViewStore } from './mongo-view-store.ts';
import { viewStoreConformance } from './view-store.conformance.ts';

// Runs against MONGO_URL (MongoDB, or FerretDB from scripts/services/ferretdb.sh), else a MongoDB
// container through Testcontainers, else is reported skipped with the reason.
describeWithEngine('mongo', 'MongoViewStore', (url) => {
  const dbName = `views_test_${randomUUID().slice(0, 8)}`;

  viewStoreConformance('mongo', () => openMongoViewStore({ url, dbName }));
  // The paths that fill FerretDB's gaps, also run on MongoDB so both servers cover them.
  viewStoreConformance('mongo, FerretDB compatibility paths', () => openMongoViewStore({ url, dbName: `${dbName}_compat`, dialect: 'ferretdb' }));

  it('tells when the driver\'s monitor sees its server change kind: from Unknown to answering at open', async () => {
    const changes: Array<{ address: string; from: string; to: string }> = [];
    const store = await openMongoViewStore({ url, dbName: `${dbName}_watched`, onServerChange: (change) => changes.push(change) });
    try {
      expect(changes[0]).toMatchObject({ from: 'Unknown' });
      expect(changes[0]!.to).not.toBe('Unknown');
    } finally {
      await store.close();
    }
  });

  describe('MongoDB specifics', () => {
    let store: MongoViewStore;
    beforeAll(async () => {
      store = await openMongoViewStore({
        url,
        dbName,
        indexes: [
          { collection: 'orders_at_open', keys: { customerId: 1, placedAt: -1 } },
          { collection: 'orders_at_open', keys: { vendorId: 1 }, options: { name: 'by_vendor' } },
        ],
      });
    });
    afterAll(async () => {
      await store.db.dropDatabase();
      await store.db.client.db(`${dbName}_compat`).dropDatabase();
      await store.close();
    });

    it('declares the indexes it was given at open, once, however often it opens', async () => {
      const again = await openMongoViewStore({ url, dbName, indexes: [{ collection: 'orders_at_open', keys: { vendorId: 1 }, options: { name: 'by_vendor' } }] });
      await again.close();
      const indexes = await store.db.collection('orders_at_open').listIndexes().toArray();
      const keys = indexes.map((index) => JSON.stringify(index.key)).sort();
      expect(keys).toEqual(['{"_id":1}', '{"customerId":1,"placedAt":-1}', '{"vendorId":1}']);
      expect(indexes.find((index) => index.key.vendorId === 1)?.name).toBe('by_vendor');
    });

    it('drops the index createIndex made with the same keys, by MongoDB\'s name for it', async () => {
      const money = store.collection('retired_indexes');
      await money.replaceOne({ _id: 'o1', vendorId: 'v1', placedAt: '2026-01-01', balanceDueDate: '2026-02-01' });
      for (const keys of [{ vendorId: 1 }, { balanceDueDate: 1 }, { placedAt: -1 }] as Array<Record<string, 1 | -1>>) await money.createIndex(keys);
      await money.dropIndex({ vendorId: 1 });
      await money.dropIndex({ placedAt: -1 });
      await money.dropIndex({ placedAt: -1 });
      const keys = (await store.db.collection('retired_indexes').listIndexes().toArray()).map((index) => JSON.stringify(index.key)).sort();
      expect(keys).toEqual(['{"_id":1}', '{"balanceDueDate":1}']);
    });

    it('tells FerretDB from MongoDB by its buildInfo', async () => {
      const info = await store.db.admin().command({ buildInfo: 1 });
      expect(store.dialect).toBe('ferretdbVersion' in info ? 'ferretdb' : 'mongodb');
    });

    it('pulls by condition on a nested path and upserts through a conditional pull', async () => {
      const shows = store.collection('pull_paths');
      await shows.replaceOne({ _id: 's1', venue: { slots: [{ at: 1, free: true }, { at: 2, free: false }] } });
      expect(await shows.updateOne({ _id: 's1' }, { $pull: { 'venue.slots': { free: false } }, $inc: { edits: 1 } })).toEqual({ matched: 1, upserted: false });
      expect(await shows.findOne({ _id: 's1' })).toEqual({ _id: 's1', venue: { slots: [{ at: 1, free: true }] }, edits: 1 });
      expect(await shows.updateOne({ _id: 's2', kind: 'new' }, { $pull: { tags: { $in: ['x'] } }, $set: { n: 1 } }, { upsert: true })).toEqual({ matched: 0, upserted: true });
      expect(await shows.findOne({ _id: 's2' })).toEqual({ _id: 's2', kind: 'new', n: 1 });
    });

    it('a unique index refuses a second document with the same key', async () => {
      const users = store.collection('unique_emails');
      await users.createIndex({ email: 1 }, { unique: true });
      await users.replaceOne({ _id: 'u1', email: 'a@example.com' });
      await expect(users.replaceOne({ _id: 'u2', email: 'a@example.com' })).rejects.toThrow();
      expect(await users.count()).toBe(1);
    });

    describe('replaceOne guarded by _seen', () => {
      const orders = () => store.collection('guarded_orders');

      it('applies a newer revision of the same stream', async () => {
        await orders().replaceOne({ _id: 'o1', status: 'new', _seen: { 'order-o1': 0 } });
        await orders().replaceOne({ _id: 'o1', status: 'payed', _seen: { 'order-o1': 1 } });
        expect(await orders().findOne({ _id: 'o1' })).toEqual({ _id: 'o1', status: 'payed', _seen: { 'order-o1': 1 } });
      });

      it('ignores a stale write: a document never moves back to an older revision', async () => {
        await orders().replaceOne({ _id: 'o2', status: 'approved', _seen: { 'order-o2': 2 } });
        await orders().replaceOne({ _id: 'o2', status: 'new', _seen: { 'order-o2': 0 } });
        expect((await orders().findOne({ _id: 'o2' }))?.status).toBe('approved');
      });

      it('a replay of the same revision rewrites the same content (idempotent)', async () => {
        const doc = { _id: 'o3', status: 'payed', _seen: { 'order-o3': 1 } };
        await orders().replaceOne(doc);
        await orders().replaceOne(doc);
        expect(await orders().find({ _id: 'o3' })).toEqual([doc]);
      });

      it('guards every stream a document has seen, and lets new streams in', async () => {
        const cards = store.collection('guarded_cards');
        await cards.replaceOne({ _id: 'v1', price: 100, _seen: { 'vendor-v1': 3, 'product-p1': 5 } });
        // A writer that knows product-p1 only up to 4 is stale for that stream: ignored.
        await cards.replaceOne({ _id: 'v1', price: 90, _seen: { 'vendor-v1': 3, 'product-p1': 4 } });
        expect((await cards.findOne({ _id: 'v1' }))?.price).toBe(100);
        // A writer that saw everything the stored one did, plus a new stream, wins.
        await cards.replaceOne({ _id: 'v1', price: 80, _seen: { 'vendor-v1': 3, 'product-p1': 5, 'product-p2': 0 } });
        expect((await cards.findOne({ _id: 'v1' }))?.price).toBe(80);
      });

      it('documents without _seen are replaced unconditionally', async () => {
        const plain = store.collection('plain_docs');
        await plain.replaceOne({ _id: 'x', n: 1 });
        await plain.replaceOne({ _id: 'x', n: 0 });
        expect(await plain.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 0 });
      });
    });
  });
});

describe('MongoViewStore without a server', () => {
  it('fails to open with an error instead of hanging', async () => {
    // Port 9 (discard) on loopback: nothing answers there.
    await expect(openMongoViewStore({ url: 'mongodb://127.0.0.1:9/', serverSelectionTimeoutMs: 300 })).rejects.toThrow(/ECONNREFUSED|Server selection timed out/);
  });
});
