import type { ViewCollection } from '../../domain/ports/view-store.ts';

type IndexKeys = Parameters<ViewCollection['createIndex']>[0];

/**
 * The name of an index declared without one: each key and its direction joined by `_`, as MongoDB names
 * it. The sqlite store names its SQL index `v_<collection>:<this>`; both drop an index by this name.
 */
export function defaultIndexName(keys: IndexKeys): string {
  return Object.entries(keys).map(([path, direction]) => `${path}_${direction}`).join('_');
}
