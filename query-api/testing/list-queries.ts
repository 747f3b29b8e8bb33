import { z } from 'zod';
import type { Filter, FindOptions, Sort, ViewCollection, ViewDocument, ViewStore } from '../../domain/ports/view-store.ts';
import type { Actor } from '../../domain/shared/actor.ts';
import { createMemoryViewStore } from '../../infra/view-store/memory-view-store.ts';
import { createMemoryCache } from '../../infra/cache/memory-cache.ts';
import { openSqliteEventStore } from '../../infra/event-store/sqlite-event-store.ts';
import { allProjections } from '../../projectors/all-projections.ts';
import { fakeProjections } from '../../test/fake-projections.ts';
import { createQueryApi } from '../create-query-api.ts';
import { readRoutes } from '../routes/all-read-routes.ts';
import type { IndexKeys } from './sort-index.ts';

// Every sorted find the query API issues, captured from the routes themselves (not a table that could
// drift from them): each read route is asked by a guest, a customer, a vendor and a super admin, in
// both locales, with each value of its `sort` and each of its other query parameters alone. Further
// parameters together only pin more fields or add ranges and text conditions, which never take an
// index's service to a sort away (query-api/testing/sort-index.ts), so one at a time covers every
// filter shape that matters. Every document the routes look up first (a parent tag, a category, a
// conversation) is the id and alias `x`, the value every free-text parameter is given.

export interface ListQuery {
  /** The route's path pattern and the URL asked. */
  route: string;
  url: string;
  actor: string;
  collection: string;
  filter: Filter;
  sort: Sort;
  skip?: number;
  limit?: number;
}

const SAMPLE = 'x';
const ACTORS: Record<string, Actor> = {
  guest: { userId: null, roles: ['guest'], groups: [], vendorId: null },
  customer: { userId: 'u-customer', roles: ['user'], groups: [], vendorId: null },
  vendor: { userId: 'u-vendor', roles: ['user', 'vendor'], groups: [], vendorId: 'v-vendor' },
  superAdmin: { userId: 'u-admin', roles: ['user', 'admin', 'superAdmin'], groups: ['superUsers'], vendorId: null },
};
const LOCALES = ['he-IL', 'en-US'] as const;
/** Tried in turn for a free-form parameter until the route accepts one (ids, words, days, times). */
const FREE_VALUES = [SAMPLE, '2026-01-01', '2026-01-01T00:00:00.000Z', '1'];
/** Parameters every read takes, which shape no query. */
const NOT_SHAPING = new Set(['locale', 'minRevision', 'start', 'limit']);

/** The indexes the projections declare, by collection (projectors/view-indexes.ts creates them). */
export function declaredIndexes(): Map<string, IndexKeys[]> {
  const byCollection = new Map<string, IndexKeys[]>();
  for (const projection of allProjections) {
    byCollection.set(projection.collection, [...(byCollection.get(projection.collection) ?? []), ...(projection.indexes ?? [])]);
  }
  return byCollection;
}

/** A view store that reports every find with a sort to `seen`; nothing else changes. */
function recordingStore(inner: ViewStore, seen: (collection: string, filter: Filter, options: FindOptions) => void): ViewStore {
  return {
    ...inner,
    collection<D extends ViewDocument = ViewDocument>(name: string): ViewCollection<D> {
      const target = inner.collection<D>(name);
      // Without findTexts: the query API then reads texts through find, which is recorded.
      return {
        find: async (filter = {}, options = {}) => {
          if (options.sort && Object.keys(options.sort).length > 0) seen(name, filter, options);
          return target.find(filter, options);
        },
        findOne: (filter) => target.findOne(filter),
        count: (filter) => target.count(filter),
        replaceOne: (doc) => target.replaceOne(doc),
        writeIfVersion: (id, doc, expected) => target.writeIfVersion(id, doc, expected),
        updateOne: (filter, update, options) => target.updateOne(filter, update, options),
        deleteOne: (filter) => target.deleteOne(filter),
        deleteMany: (filter) => target.deleteMany(filter),
        createIndex: (keys, options) => target.createIndex(keys, options),
        dropIndex: (keys) => target.dropIndex(keys),
      };
    },
  };
}

/** The values one query parameter is asked with: an enum's each, else the first free value the route takes. */
function parameterValues(schema: Record<string, unknown>): string[] | 'free' {
  const items = (schema.items ?? {}) as Record<string, unknown>;
  const values = (schema.enum ?? items.enum) as unknown[] | undefined;
  return values ? values.map(String) : 'free';
}

/**
 * Asks every read route as the module comment says, and answers what it found: each sorted find with
 * the route and URL that issued it, and per route the sort values that led to a sorted find.
 */
export async function recordListQueries(): Promise<{ queries: ListQuery[]; sortsReached: Map<string, Set<string>>; routes: Array<{ path: string; sorts: string[]; paged: boolean }> }> {
  const queries: ListQuery[] = [];
  let asking: { route: string; url: string; actor: string } | null = null;
  const memory = createMemoryViewStore();
  for (const collection of ['tags', 'categories', 'conversations', 'vendorCards', 'products', 'orders', 'contracts', 'geoLocations']) {
    await memory.collection(collection).replaceOne({ _id: SAMPLE, alias: SAMPLE, customerId: 'u-customer', vendorId: 'v-vendor', parentId: null, visible: true });
  }
  const viewStore = recordingStore(memory, (collection, filter, options) => {
    if (asking) queries.push({ ...asking, collection, filter: structuredClone(filter), sort: { ...options.sort! }, skip: options.skip, limit: options.limit });
  });
  const eventStore = await openSqliteEventStore({ path: ':memory:' });
  const api = createQueryApi({
    viewStore, eventStore, projections: fakeProjections(), cache: createMemoryCache(),
    verifyToken: (header) => (header === undefined ? ACTORS.guest! : ACTORS[header.replace(/^Bearer /, '')] ?? null),
    logger: { warn() {}, error() {} },
  });
  const sortsReached = new Map<string, Set<string>>();
  const routes: Array<{ path: string; sorts: string[]; paged: boolean }> = [];
  try {
    for (const { spec } of readRoutes({})) {
      const query = spec.query ? (z.toJSONSchema(spec.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> }).properties ?? {} : {};
      const params = spec.params ? (z.toJSONSchema(spec.params, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, Record<string, unknown>> }).properties ?? {} : {};
      const sorts = query.sort ? (parameterValues(query.sort) as string[]) : [];
      routes.push({ path: spec.path, sorts, paged: 'limit' in query });
      // Every combination of the path parameters' values (an enum's each, else the sample id).
      let paths = [spec.path];
      for (const [name, schema] of Object.entries(params)) {
        const values = parameterValues(schema);
        paths = paths.flatMap((path) => (values === 'free' ? [SAMPLE] : values).map((value) => path.replace(`:${name}`, encodeURIComponent(value))));
      }
      const variants: Array<Record<string, string | string[]>> = [{}];
      for (const [name, schema] of Object.entries(query)) {
        if (NOT_SHAPING.has(name) || name === 'sort') continue;
        const values = parameterValues(schema);
        variants.push(...(values === 'free' ? [{ [name]: FREE_VALUES }] : values.map((value) => ({ [name]: value }))));
      }
      for (const path of paths) {
        for (const [actorName] of Object.entries(ACTORS)) {
          for (const locale of LOCALES) {
            for (const sort of sorts.length > 0 ? sorts : [undefined]) {
              for (const variant of variants) {
                const [name, value] = Object.entries(variant)[0] ?? [];
                // A free-form parameter: the first of its values the route does not refuse as invalid.
                for (const tried of Array.isArray(value) ? value : [value]) {
                  const search = new URLSearchParams({ locale, ...(sort ? { sort } : {}), ...(name ? { [name]: tried! } : {}) });
                  const url = `${path}?${search}`;
                  asking = { route: spec.path, url, actor: actorName };
                  const before = queries.length;
                  const answer = await api.read({ url, headers: actorName === 'guest' ? {} : { authorization: `Bearer ${actorName}` } });
                  asking = null;
                  if (!answer) throw new Error(`no read route answers ${url}`);
                  if (queries.length > before && sort) sortsReached.set(spec.path, (sortsReached.get(spec.path) ?? new Set()).add(sort));
                  if (answer.status !== 422) break;
                }
              }
            }
          }
        }
      }
    }
  } finally {
    api.cache.stop();
    await eventStore.close();
  }
  return { queries, sortsReached, routes };
}
