import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Document } from 'mongodb';
import { describeWithEngine } from '../test/real-engines.ts';
import { openMongoViewStore, type MongoViewStore } from '../infra/view-store/mongo-view-store.ts';
import { allProjections } from '../projectors/all-projections.ts';
import { ensureViewIndexes } from '../projectors/view-indexes.ts';
import { queryTerms } from '../domain/shared/search-text.ts';
import { recordListQueries, type ListQuery } from './testing/list-queries.ts';
import { matchesNothing } from './testing/sort-index.ts';
import { anyTermFilter, termFilter } from './vendor-text-search.ts';
import { tokensFilter } from './list-page.ts';

// What list-indexes.test.ts checks by rule, asked of the engine: every sorted find the query API issues
// is an index scan without a SORT stage, and a word search's `$in` of prefixes is bounded ranges of the
// searchTokens index. Needs a real MongoDB (MONGO_URL, or a container): on FerretDB v1 explain()
// describes its SQLite plan, so the tests say so and skip.
const NEEDS_MONGODB = "needs a real MongoDB: FerretDB's explain describes its SQLite plan";

interface PlanStage { stage: string; keyPattern?: Record<string, unknown>; indexBounds?: Record<string, string[]>; inputStage?: PlanStage; inputStages?: PlanStage[]; queryPlan?: PlanStage }

/** Every stage of a winning plan (the classic one, or the query plan an SBE explain holds). */
function stagesOf(plan: PlanStage): PlanStage[] {
  const root = plan.queryPlan ?? plan;
  return [root, ...[root.inputStage, ...(root.inputStages ?? [])].filter((stage): stage is PlanStage => stage !== undefined).flatMap(stagesOf)];
}

async function winningStages(store: MongoViewStore, collection: string, filter: Document, options: { sort?: Document; skip?: number; limit?: number } = {}): Promise<PlanStage[]> {
  let cursor = store.db.collection(collection).find(filter);
  if (options.sort) cursor = cursor.sort(options.sort);
  if (options.skip) cursor = cursor.skip(options.skip);
  if (options.limit) cursor = cursor.limit(options.limit);
  const explained = await cursor.explain('queryPlanner');
  return stagesOf(explained.queryPlanner.winningPlan as PlanStage);
}

/** The searchTokens bounds of the plan's index scans on that field; a bound from the empty string is the whole index. */
const tokenBounds = (stages: PlanStage[]): string[] =>
  stages.filter((stage) => stage.stage === 'IXSCAN' && stage.keyPattern && 'searchTokens' in stage.keyPattern).flatMap((stage) => stage.indexBounds?.searchTokens ?? []);

describeWithEngine('mongo', 'list queries explained', (url) => {
  const dbName = `list_indexes_${randomUUID().slice(0, 8)}`;
  let store: MongoViewStore;
  let queries: ListQuery[] = [];

  beforeAll(async () => {
    store = await openMongoViewStore({ url, dbName });
    if (store.dialect === 'ferretdb') return;
    await ensureViewIndexes(store, allProjections);
    queries = (await recordListQueries()).queries;
  }, 120_000);
  afterAll(async () => {
    await store?.db.dropDatabase();
    await store?.close();
  });

  it("every sorted find of the query API is an index scan without a SORT stage (skipped on FerretDB, whose explain describes its SQLite plan)", async (context) => {
    context.skip(store.dialect === 'ferretdb', NEEDS_MONGODB);
    const shapes = new Map<string, ListQuery>();
    for (const query of queries) {
      if (matchesNothing(query.filter)) continue;
      shapes.set(JSON.stringify([query.collection, query.filter, query.sort], (_key, value: unknown) => (value instanceof RegExp ? String(value) : value)), query);
    }
    expect(shapes.size).toBeGreaterThan(50);
    const sorted: string[] = [];
    for (const query of shapes.values()) {
      const stages = await winningStages(store, query.collection, query.filter, query);
      const names = stages.map((stage) => stage.stage);
      // EXPRESS_IXSCAN: MongoDB 8's short path for an index scan.
      if (!names.some((name) => name.endsWith('IXSCAN')) || names.includes('SORT')) sorted.push(`${query.collection} ${JSON.stringify(query.sort)} [${names.join(' < ')}] (${query.actor}: ${query.url})`);
    }
    expect(sorted).toEqual([]);
  }, 120_000);

  it("a word search's $in of prefixes is bounded ranges of the searchTokens index (skipped on FerretDB, whose explain describes its SQLite plan)", async (context) => {
    context.skip(store.dialect === 'ferretdb', NEEDS_MONGODB);
    const terms = queryTerms('להקות wedding');
    const searches: Array<[string, Document]> = [
      ['tags', anyTermFilter(terms)],
      ['geoLocations', anyTermFilter(terms)],
      ['vendorCards', termFilter({ ...terms[0]!, tagIds: ['t1'], geoLocationIds: ['g1'] })],
      ['products', tokensFilter('להקות wedding')],
      ['articles', tokensFilter('להקות wedding')],
    ];
    for (const [collection, filter] of searches) {
      const bounds = tokenBounds(await winningStages(store, collection, filter));
      const stringRanges = bounds.filter((bound) => bound.startsWith('["'));
      expect(stringRanges.length, collection).toBeGreaterThan(0);
      // Each a range from a literal prefix, none the whole index from the empty string.
      expect(stringRanges.filter((bound) => bound.startsWith('["", ')), collection).toEqual([]);
    }
    // What the alternation it replaced gave: every string in the index.
    const alternation = tokenBounds(await winningStages(store, 'tags', { searchTokens: { $regex: '^(?:להק|wedding)' } }));
    expect(alternation).toContain('["", {})');
  });
});
