import type { AnyProjection } from './projection.ts';

/**
 * Indexes a projection once declared and no read needs any more. A views file or a MongoDB database
 * written before keeps an index until something drops it, and every write of its collection pays for
 * its entries: `ensureViewIndexes` drops these at each start and rebuild (a no-op where they are gone).
 */
export const RETIRED_VIEW_INDEXES: ReadonlyArray<{ collection: string; keys: Readonly<Record<string, 1 | -1>> }> = [
  // Nothing reads order money by vendor or by placing time (the back office's money picks a vendor in memory).
  { collection: 'orderMoney', keys: { vendorId: 1 } },
  { collection: 'orderMoney', keys: { placedAt: -1 } },
  // Read by id only.
  { collection: 'vendorRatings', keys: { avg: -1 } },
  { collection: 'vendorPages', keys: { ownerUserId: 1 } },
  { collection: 'trackingSources', keys: { hits: -1 } },
  // Read by user id only; on the embedded store it was also a table of every favorite vendor id, kept by triggers.
  { collection: 'favorites', keys: { vendorIds: 1 } },
];

/** The retired indexes of these projections' collections. */
export function retiredIndexesOf(projections: readonly AnyProjection[]): typeof RETIRED_VIEW_INDEXES {
  const collections = new Set(projections.map((projection) => projection.collection));
  return RETIRED_VIEW_INDEXES.filter((index) => collections.has(index.collection));
}
