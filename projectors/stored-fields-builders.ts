import { VERSION_FIELD } from '../domain/ports/view-store.ts';
import type { ViewDoc } from './projection.ts';
import { SEEN_FLOOR_FIELD, SEEN_LANE_FLOORS_FIELD, SEEN_LANES_FIELD, type seenFields } from './seen.ts';

// The event applier's storedFields (event-applier.ts) builds the document to write from what evolve
// returned, key by key in its order. Built with `doc[key] = value` on an empty object, every key was a
// keyed store adding a property, megamorphic over the views' many shapes, and the object's properties
// grew out of line: ~60% of storedFields and ~4% of a rebuild's process. Documents of one view come in
// a few lists of keys, so the same pass is compiled once per list (per collection): named loads, the
// same checks, and an object literal with every key in the same order.

type SeenFields = ReturnType<typeof seenFields>;
type ValueCheck = (value: unknown) => boolean;
type ValueAfterCheck = (value: unknown, previous: unknown) => boolean;
/** The document storedFields builds, or null where a value is not plain JSON (the caller copies then). */
export type StoredFieldsBuilder = (next: ViewDoc, current: ViewDoc | null, id: string, seen: SeenFields) => ViewDoc | null;

/** Lists of keys compiled per collection; a collection whose documents come in more lists than this has the others built key by key. */
const MAX_BUILDERS_PER_COLLECTION = 16;

const isSeenExtra = (key: string): boolean => key === SEEN_FLOOR_FIELD || key === SEEN_LANES_FIELD || key === SEEN_LANE_FLOORS_FIELD;

/**
 * The builders of documents with these lists of keys (Object.keys of what evolve returned), per
 * collection. `isPlainJson` and `isPlainJsonAfter` are storedFields' checks of a value (new, or
 * replacing the stored document's).
 */
export function storedFieldsBuilders(isPlainJson: ValueCheck, isPlainJsonAfter: ValueAfterCheck) {
  const byCollection = new Map<string, Array<{ keys: readonly string[]; build: StoredFieldsBuilder }>>();
  /** The builder for `keys`, compiled at its first use; null where there is none (a key an object literal cannot name, or too many lists). */
  return function builderFor(collection: string, keys: readonly string[]): StoredFieldsBuilder | null {
    let known = byCollection.get(collection);
    if (known) {
      for (let index = 0; index < known.length; index++) {
        const candidate = known[index]!;
        if (sameKeys(candidate.keys, keys)) return candidate.build;
      }
      if (known.length >= MAX_BUILDERS_PER_COLLECTION) return null;
    } else byCollection.set(collection, (known = []));
    // `__proto__` in a literal would set the prototype, not a key.
    if (keys.includes('__proto__')) return null;
    const build = compile(keys, isPlainJson, isPlainJsonAfter);
    known.push({ keys, build });
    return build;
  };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * storedFields' pass for one list of keys: `_version` and the seen state's extras left out, `_id` taken
 * from the argument, `_seen` from the new seen state at its place (right after `_id` where evolve left
 * it out), the other values checked as storedFields checks them; `_id` and `_seen` last where absent,
 * then the seen state's extras.
 */
function compile(keys: readonly string[], isPlainJson: ValueCheck, isPlainJsonAfter: ValueAfterCheck): StoredFieldsBuilder {
  const name = (key: string) => JSON.stringify(key);
  const checks: string[] = [];
  const fields: string[] = [];
  const hasSeenKey = keys.includes('_seen');
  let hasId = false;
  keys.forEach((key, index) => {
    if (key === VERSION_FIELD || isSeenExtra(key)) return;
    if (key === '_id') {
      hasId = true;
      fields.push(`${name('_id')}: id`);
      if (!hasSeenKey) fields.push(`${name('_seen')}: seen._seen`);
      return;
    }
    if (key === '_seen') {
      fields.push(`${name('_seen')}: seen._seen`);
      return;
    }
    const value = `v${index}`;
    checks.push(`const ${value} = next[${name(key)}];`,
      `if (current === null ? !isPlainJson(${value}) : current[${name(key)}] !== ${value} && (${value} === undefined || !isPlainJsonAfter(${value}, current[${name(key)}]))) return null;`);
    fields.push(`${name(key)}: ${value}`);
  });
  if (!hasId) fields.push(`${name('_id')}: id`);
  if (!hasId && !hasSeenKey) fields.push(`${name('_seen')}: seen._seen`);
  const extras = [SEEN_FLOOR_FIELD, SEEN_LANES_FIELD, SEEN_LANE_FLOORS_FIELD]
    .map((extra) => `if (seen[${name(extra)}] !== undefined) doc[${name(extra)}] = seen[${name(extra)}];`);
  const body = `return function storedFieldsOf(next, current, id, seen) {\n${checks.join('\n')}\nconst doc = { ${fields.join(', ')} };\n${extras.join('\n')}\nreturn doc;\n};`;
  // The keys are quoted by JSON.stringify: names in the code, never code.
  return new Function('isPlainJson', 'isPlainJsonAfter', body)(isPlainJson, isPlainJsonAfter) as StoredFieldsBuilder;
}
