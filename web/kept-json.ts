// JSON.stringify for a page's hydration data, which holds values shared by many pages and frozen (the
// Hebrew dates and marks of the booking range, web/api/jewish-calendar-shown.ts: ~3.2 KB of a vendor
// page's ~6 KB, a third of its JSON.stringify). A deeply frozen object's JSON text cannot change: it is
// written once and kept with the object. The text is JSON.stringify's, byte for byte.

const keptTexts = new WeakMap<object, string>();
/** Frozen objects found to hold something unfrozen: their text is written each time. */
const notKept = new WeakSet<object>();

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Whether an object's JSON text can never change: frozen plain objects and arrays all the way down, holding
 * only data (a frozen Date still changes by setTime; a getter or a toJSON can answer anything).
 */
function deeplyFrozen(value: object, seen: Set<object>): boolean {
  if (!Object.isFrozen(value) || !(Array.isArray(value) ? Object.getPrototypeOf(value) === Array.prototype : isPlainObject(value))) return false;
  if (seen.has(value)) return true;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)!;
    if (!('value' in descriptor)) return false;
    const child: unknown = descriptor.value;
    if (typeof child === 'function') return false;
    if (typeof child === 'object' && child !== null && !deeplyFrozen(child, seen)) return false;
  }
  return true;
}

/**
 * JSON.stringify(value), with the kept text of every deeply frozen object found by walking plain objects
 * `depth` levels down (below that, and in arrays, JSON.stringify writes everything).
 */
export function jsonWithKeptTexts(value: unknown, depth: number): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Object.isFrozen(value) && !notKept.has(value)) {
    const kept = keptTexts.get(value);
    if (kept !== undefined) return kept;
    if (deeplyFrozen(value, new Set())) {
      const text = JSON.stringify(value);
      keptTexts.set(value, text);
      return text;
    }
    notKept.add(value);
  }
  if (depth === 0 || !isPlainObject(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  let text = '';
  for (const key of Object.keys(value)) {
    let field: unknown = (value as Record<string, unknown>)[key];
    // As JSON.stringify does, a property's toJSON is given the property's name.
    if (typeof field === 'object' && field !== null && typeof (field as { toJSON?: unknown }).toJSON === 'function') field = (field as { toJSON(key: string): unknown }).toJSON(key);
    field = jsonWithKeptTexts(field, depth - 1);
    if (field !== undefined) text += `${text ? ',' : ''}${JSON.stringify(key)}:${field as string}`;
  }
  return `{${text}}`;
}
