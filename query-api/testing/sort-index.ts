import type { Filter, Sort } from '../../domain/ports/view-store.ts';

// When an index returns find(filter).sort(sort) in order, so MongoDB needs no blocking SORT stage (it
// holds every match in memory, up to 100 MB, before the first of a page is answered): the
// Equality-Sort-Range rule. An index serves the sort when its keys, once the fields the filter pins to
// one value are left out, begin with the sort's keys, all in the sort's directions or all reversed
// (the index walked backwards). So `{ a: -1, _id: 1 }` is served by `{ a: 1, _id: -1 }` but not by
// `{ a: -1, _id: -1 }`, and not by `{ a: -1 }`: a secondary index orders nothing by `_id`.

export type IndexKeys = Readonly<Record<string, 1 | -1 | 'text'>>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp);

/** A value an index holds as one point (null is two in MongoDB: null and missing). */
const isPoint = (value: unknown): boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The fields the filter pins to one value (`field: v`, `{ $eq: v }`, `{ $in: [v] }`), inside `$and` too. */
export function pinnedFields(filter: Filter): Set<string> {
  const pinned = new Set<string>();
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const branch of condition) for (const field of pinnedFields(branch as Filter)) pinned.add(field);
    } else if (!key.startsWith('$')) {
      if (isPoint(condition)) pinned.add(key);
      else if (isPlainObject(condition)) {
        const { $eq, $in } = condition;
        if (isPoint($eq) || (Array.isArray($in) && $in.length === 1 && isPoint($in[0]))) pinned.add(key);
      }
    }
  }
  return pinned;
}

/** A filter that matches nothing by its shape (`{ _id: { $in: [] } }`): there is nothing to sort. */
export const matchesNothing = (filter: Filter): boolean =>
  Object.entries(filter).some(([key, condition]) => key === '$and'
    ? Array.isArray(condition) && condition.some((branch) => matchesNothing(branch as Filter))
    : !key.startsWith('$') && isPlainObject(condition) && Array.isArray(condition.$in) && condition.$in.length === 0);

/** Whether this index returns the filter's matches in the sort's order. */
export function indexServesSort(index: IndexKeys, filter: Filter, sort: Sort): boolean {
  const pinned = pinnedFields(filter);
  const wanted = Object.entries(sort).filter(([field]) => !pinned.has(field));
  const keys = Object.entries(index).filter(([field]) => !pinned.has(field));
  if (wanted.length === 0) return true;
  if (keys.length < wanted.length) return false;
  let reversed: boolean | null = null;
  for (const [at, [field, direction]] of wanted.entries()) {
    const [key, keyDirection] = keys[at]!;
    if (key !== field || (keyDirection !== 1 && keyDirection !== -1)) return false;
    const flipped = keyDirection !== direction;
    if (reversed === null) reversed = flipped;
    else if (reversed !== flipped) return false;
  }
  return true;
}

/**
 * The indexes that return find(filter).sort(sort) in order: one that serves the whole filter, or,
 * for a filter with a top-level `$or`, one for each branch (MongoDB merges the branches' sorted
 * scans). Null when none does: the query sorts its matches in memory. The `_id` index is implied.
 */
export function indexesServingSort(indexes: readonly IndexKeys[], filter: Filter, sort: Sort): IndexKeys[] | null {
  if (Object.keys(sort).length === 0 || matchesNothing(filter)) return [];
  const candidates = [{ _id: 1 } as IndexKeys, ...indexes];
  const whole = candidates.find((index) => indexServesSort(index, filter, sort));
  if (whole) return [whole];
  const { $or, ...rest } = filter;
  if (!Array.isArray($or)) return null;
  const perBranch: IndexKeys[] = [];
  for (const branch of $or as Filter[]) {
    const served = indexesServingSort(indexes, { $and: [rest, branch] }, sort);
    if (!served) return null;
    perBranch.push(...served);
  }
  return perBranch;
}
