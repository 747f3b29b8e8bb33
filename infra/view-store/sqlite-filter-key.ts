// A filter's key for the query planner's translations (sqlite-query-planner.ts): two filters with the same
// key translate to the same SQL over the same path shapes. Every value filterToSql tells apart is told
// apart here (a string from a number, `undefined` from a missing key, a RegExp by its source and flags,
// the keys in their order, which is the SQL's); a filter holding anything else (a Date, a class
// instance, a function) has no key and is translated every time.

/** The filter's key, or null when it holds a value the key cannot tell apart. */
export function filterKey(filter: object): string | null {
  return keyOf(filter);
}

function keyOf(value: unknown): string | null {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // -0 binds as itself; JSON would write it as 0. NaN and the infinities stay apart too.
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'undefined';
    case 'object':
      break;
    default:
      return null; // bigint, symbol, function
  }
  if (value === null) return 'null';
  if (value instanceof RegExp) return `/${JSON.stringify(value.source)}/${value.flags}`;
  if (Array.isArray(value)) {
    let key = '[';
    for (let at = 0; at < value.length; at++) {
      // A hole is not undefined: `every` and `map` skip it.
      const item = at in value ? keyOf(value[at]) : 'hole';
      if (item === null) return null;
      key += at === 0 ? item : `,${item}`;
    }
    return `${key}]`;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  let key = '{';
  let first = true;
  for (const name of Object.keys(value)) {
    const item = keyOf((value as Record<string, unknown>)[name]);
    if (item === null) return null;
    key += `${first ? '' : ','}${JSON.stringify(name)}:${item}`;
    first = false;
  }
  return `${key}}`;
}
