import type { Filter } from '../../domain/ports/view-store.ts';

// Translates the MongoDB filters of the ViewStore port into SQL over the JSON documents of the
// embedded store (sqlite-view-store.ts), exactly where it can: equality, $in/$nin/$ne, ranges,
// $exists, $regex (anchored literal prefixes as index ranges, the rest by JavaScript's RegExp, as
// mingo does), $and/$or. What it cannot translate exactly (a path under an array, $elemMatch, $not,
// document equality, …) is left out of the SQL, which then selects a superset, and the caller checks
// the whole filter with mingo on those candidate rows only.
//
// MongoDB looks through arrays: `{ tags: 'kids' }` matches a document whose `tags` holds 'kids'. So a
// clause on a path needs to know where arrays occur: PathShape says, for the documents stored, whether
// some document has an array at the path itself (json_each handles it) or above it (not translated).
// It also lists the JSON types found at the path: where a path only ever holds strings, `= ?` is
// exact without a json_type check, so the condition is the indexed expression alone and SQLite
// answers it (a count, say) from the index without reading the documents.

/** A value's type as SQLite's json_type names it. */
export type JsonKind = 'null' | 'true' | 'false' | 'integer' | 'real' | 'text' | 'array' | 'object';

/** What the stored documents hold along one dotted path (flags only ever turn on). */
export interface PathShape {
  /** An array at a proper prefix of the path (e.g. `shows` for `shows.venue`). */
  arrayAbove: boolean;
  /** The types of the values at the path in any document (absent ones are not listed). */
  kinds: Set<JsonKind>;
  /**
   * The table of the path's array elements `(value, type, rid)`, indexed by value, where the store
   * keeps one (a declared index on a path holding arrays: a multikey index, as MongoDB has).
   */
  elements?: string;
  /**
   * The collection's table (quoted) when a clause on the elements should probe each row's elements
   * (`EXISTS`, the elements' primary key) instead of gathering every matching row first (`rid IN`):
   * the same rows, cheaper for a short page of a common value (sqlite-view-store.ts decides).
   */
  probeFrom?: string;
}

/** The JSON type of a value, as json_type would name it. */
export function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'real';
  if (typeof value === 'string') return 'text';
  return Array.isArray(value) ? 'array' : 'object';
}

/** True when the values at the path may be other than `allowed` (or null): a json_type check is needed. */
const mixed = (kinds: ReadonlySet<JsonKind> | null, allowed: readonly JsonKind[]): boolean =>
  kinds === null || [...kinds].some((kind) => kind !== 'null' && !allowed.includes(kind));

const NUMBERS: JsonKind[] = ['integer', 'real'];

export interface SqlCondition {
  /** A boolean SQL expression; `1` when nothing could be translated. */
  sql: string;
  params: SqlParam[];
  /** False when the SQL selects a superset and mingo must check the whole filter. */
  exact: boolean;
}

export type SqlParam = string | number | null;

/** The name of the `_id` column; documents are in `doc`. */
export const ID_COLUMN = 'id';

/** `$."a"."b"`: a JSON path with every key quoted; null when a key cannot be quoted or is an array index. */
export function jsonPath(path: string): string | null {
  const keys = path.split('.');
  if (keys.some((key) => key === '' || key.includes('"') || key.includes('\\') || /^\d+$/.test(key))) return null;
  return `$${keys.map((key) => `."${key}"`).join('')}`;
}

/** A SQL string literal (JSON paths are built into the SQL: they shape the statement, not its values). */
export const sqlText = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const literal = sqlText;
export const extractSql = (path: string): string => `json_extract(doc, ${literal(path)})`;
const typeSql = (path: string): string => `json_type(doc, ${literal(path)})`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof RegExp);

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** How a clause on array elements begins when it gathers every matching row first (`rid IN`): the store looks for it to decide on probing instead (PathShape.probeFrom). */
export const GATHERS_ELEMENTS = 'rid IN (SELECT element.rid FROM ';

const NOTHING: SqlCondition = { sql: '0', params: [], exact: true };
const EVERYTHING: SqlCondition = { sql: '1', params: [], exact: true };
const UNTRANSLATED: SqlCondition = { sql: '1', params: [], exact: false };

function all(conditions: SqlCondition[]): SqlCondition {
  const kept = conditions.filter((condition) => condition.sql !== '1');
  const exact = conditions.every((condition) => condition.exact);
  if (kept.some((condition) => condition.sql === '0' && condition.exact)) return NOTHING;
  if (kept.length === 0) return { ...EVERYTHING, exact };
  return { sql: kept.map((condition) => `(${condition.sql})`).join(' AND '), params: kept.flatMap((condition) => condition.params), exact };
}

function any(conditions: SqlCondition[]): SqlCondition {
  // A superset of one branch is no superset of the disjunction's complement: an inexact branch makes
  // the whole $or untranslated (mingo decides), which keeps the SQL a superset.
  if (conditions.some((condition) => !condition.exact)) return UNTRANSLATED;
  const kept = conditions.filter((condition) => condition.sql !== '0');
  if (kept.length === 0) return NOTHING;
  if (kept.some((condition) => condition.sql === '1')) return EVERYTHING;
  return { sql: kept.map((condition) => `(${condition.sql})`).join(' OR '), params: kept.flatMap((condition) => condition.params), exact: true };
}

/** NOT of an exact condition, where SQL NULL (a missing field) counts as false before negating. */
function not(condition: SqlCondition): SqlCondition {
  if (!condition.exact) return UNTRANSLATED;
  if (condition.sql === '1') return NOTHING;
  if (condition.sql === '0') return EVERYTHING;
  return { sql: `NOT coalesce((${condition.sql}), 0)`, params: condition.params, exact: true };
}

/** The SQL of one value's test: `value` and `type` expressions, and the types found there (null: unknown). */
interface Operand { value: string; type: string; kinds: ReadonlySet<JsonKind> | null }
type ValueTest = (operand: Operand) => { sql: string; params: SqlParam[] };

/** `AND <type check>` where the path may hold values of other types than `allowed`. */
const typeCheck = (operand: Operand, allowed: readonly JsonKind[]): string =>
  mixed(operand.kinds, allowed) ? ` AND ${operand.type} IN (${allowed.map((kind) => `'${kind}'`).join(', ')})` : '';

/** The condition one scalar value meets. */
function scalarTest(value: Scalar, operand: Operand): { sql: string; params: SqlParam[] } {
  if (value === null) return { sql: `${operand.value} IS NULL`, params: [] };
  // true and false are 1 and 0 to json_extract: a path holding only booleans needs no type check.
  if (typeof value === 'boolean') return { sql: `${operand.value} = ${value ? 1 : 0}${mixed(operand.kinds, ['true', 'false']) ? ` AND ${operand.type} = '${value}'` : ''}`, params: [] };
  if (typeof value === 'number') return { sql: `${operand.value} = ?${typeCheck(operand, NUMBERS)}`, params: [value] };
  return { sql: `${operand.value} = ?${typeCheck(operand, ['text'])}`, params: [value] };
}

/**
 * An $in list: strings and numbers each tested with one json_each(?) parameter, regular expressions
 * as regexTest does (anchored literal prefixes, the text search's, together as one set of index ranges).
 */
function inListTest(values: Array<Scalar | RegExp>, operand: Operand): { sql: string; params: SqlParam[] } {
  const parts: string[] = [];
  const params: SqlParam[] = [];
  const patterns = values.filter((value): value is RegExp => value instanceof RegExp);
  if (patterns.length > 0) {
    const regex = patternsTest(patterns, operand);
    parts.push(`(${regex.sql})`);
    params.push(...regex.params);
  }
  const strings = values.filter((value): value is string => typeof value === 'string');
  const numbers = values.filter((value): value is number => typeof value === 'number');
  if (strings.length > 0) {
    parts.push(`(${operand.value} IN (SELECT value FROM json_each(?))${typeCheck(operand, ['text'])})`);
    params.push(JSON.stringify(strings));
  }
  if (numbers.length > 0) {
    parts.push(`(${operand.value} IN (SELECT value FROM json_each(?))${typeCheck(operand, NUMBERS)})`);
    params.push(JSON.stringify(numbers));
  }
  for (const value of values) {
    if (value === null || typeof value === 'boolean') parts.push(`(${scalarTest(value, operand).sql})`);
  }
  return parts.length === 0 ? { sql: '0', params: [] } : { sql: parts.join(' OR '), params };
}

const RANGE_OPERATORS: Record<string, string> = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * The literal prefixes a regular expression source is exactly equivalent to "begins with one of":
 * `^abc`, `^[xy]:(?:ab|cd)` (the text search's token patterns). Null for anything else.
 */
export function literalPrefixes(source: string, flags: string): string[] | null {
  // i: case folding, m: ^ after any line break, y: sticky; none of them is a plain prefix test.
  if (!source.startsWith('^') || !/^[gsu]*$/.test(flags)) return null;
  let prefixes = [''];
  let at = 1;
  const readLiteral = (stop: string): string | null => {
    let text = '';
    while (at < source.length && !stop.includes(source[at]!)) {
      const char = source[at]!;
      if (char === '\\') {
        const next = source[at + 1];
        if (next === undefined || /[A-Za-z0-9]/.test(next)) return null; // \d, \b, \1 …: not literal
        text += next;
        at += 2;
        continue;
      }
      if ('.*+?^$()[]{}|'.includes(char)) return null;
      text += char;
      at += 1;
    }
    return text;
  };
  while (at < source.length) {
    const char = source[at]!;
    let options: string[];
    if (char === '[') {
      const end = source.indexOf(']', at);
      if (end < 0) return null;
      const inside = [...source.slice(at + 1, end)];
      if (inside.length === 0 || inside.some((letter) => '\\^-['.includes(letter))) return null;
      options = inside;
      at = end + 1;
    } else if (source.startsWith('(?:', at)) {
      at += 3;
      options = [];
      for (;;) {
        const option = readLiteral('|)');
        if (option === null) return null;
        options.push(option);
        if (source[at] === '|') { at += 1; continue; }
        if (source[at] === ')') { at += 1; break; }
        return null;
      }
    } else {
      const text = readLiteral('[(');
      if (text === null || text === '') return null;
      options = [text];
    }
    // A quantifier after a class or a group changes its meaning: not a literal prefix then.
    if (at < source.length && '*+?{'.includes(source[at]!)) return null;
    prefixes = prefixes.flatMap((prefix) => options.map((option) => prefix + option));
    if (prefixes.length > 256) return null;
  }
  return prefixes;
}

/** The least string greater than every string that begins with `prefix` (code point order). */
function afterPrefix(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!;
  return points.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/** A regex test: index-friendly ranges for literal prefixes, else the `regexp_test` function (JavaScript RegExp). */
const regexTest = (pattern: RegExp, operand: Operand): { sql: string; params: SqlParam[] } => patternsTest([pattern], operand);

/** A test that any of the patterns matches: every literal prefix among them as one OR of ranges, the others by `regexp_test`. */
function patternsTest(patterns: RegExp[], operand: Operand): { sql: string; params: SqlParam[] } {
  const prefixes: string[] = [];
  const others: RegExp[] = [];
  for (const pattern of patterns) {
    const literal = literalPrefixes(pattern.source, pattern.flags);
    if (literal && literal.every((prefix) => prefix !== '')) prefixes.push(...literal);
    else others.push(pattern);
  }
  const tests = [
    ...prefixes.map(() => `(${operand.value} >= ? AND ${operand.value} < ?)`),
    ...others.map(() => `regexp_test(?, ?, ${operand.value})`),
  ];
  return {
    sql: `(${tests.join(' OR ')})${typeCheck(operand, ['text'])}`,
    params: [...prefixes.flatMap((prefix) => [prefix, afterPrefix(prefix)]), ...others.flatMap((pattern) => [pattern.source, pattern.flags])],
  };
}

/** The RegExp of a `$regex` clause (with `$options`), or of a RegExp value; null when invalid. */
function regexOf(value: unknown, options: unknown): RegExp | null {
  try {
    if (value instanceof RegExp) return typeof options === 'string' ? new RegExp(value.source, options) : value;
    if (typeof value === 'string') return new RegExp(value, typeof options === 'string' ? options : '');
  } catch {
    return null;
  }
  return null;
}

/**
 * Conditions on one path. `test` builds the test of one value (`value` and `type` SQL expressions),
 * used on the field and, when the field may be an array, on each element (MongoDB's array matching).
 */
function onPath(path: string, shape: PathShape, test: ValueTest, matchesNull = false): SqlCondition {
  const json = jsonPath(path);
  if (json === null || shape.arrayAbove) return UNTRANSLATED;
  const scalarKinds = new Set([...shape.kinds].filter((kind) => kind !== 'array'));
  const direct = test({ value: extractSql(json), type: typeSql(json), kinds: scalarKinds });
  if (!shape.kinds.has('array')) return { ...direct, exact: true };
  // An array is matched through its elements (a whole-array value is never translated).
  const element = test({ value: 'element.value', type: 'element.type', kinds: null });
  if (shape.elements && scalarKinds.size === [...scalarKinds].filter((kind) => kind === 'null').length && !matchesNull) {
    // Only arrays (or nothing) at the path and a test no absent value meets: the elements' index answers.
    if (shape.probeFrom) {
      return { sql: `EXISTS (SELECT 1 FROM ${shape.elements} AS element WHERE element.rid = ${shape.probeFrom}.rid AND (${element.sql}))`, params: element.params, exact: true };
    }
    return { sql: `${GATHERS_ELEMENTS}${shape.elements} AS element WHERE ${element.sql})`, params: element.params, exact: true };
  }
  return {
    sql: `CASE ${typeSql(json)} WHEN 'array' THEN EXISTS (SELECT 1 FROM json_each(doc, ${literal(json)}) AS element WHERE ${element.sql}) ELSE (${direct.sql}) END`,
    params: [...element.params, ...direct.params],
    exact: true,
  };
}

/** One `field: condition` clause. */
function fieldClause(path: string, condition: unknown, shapeOf: (path: string) => PathShape): SqlCondition {
  if (path === '_id') return idClause(condition);
  const shape = () => shapeOf(path);
  if (isScalar(condition)) return onPath(path, shape(), (operand) => scalarTest(condition, operand), condition === null);
  if (condition instanceof RegExp) return onPath(path, shape(), (operand) => regexTest(condition, operand));
  if (!isPlainObject(condition)) return UNTRANSLATED; // an array or a document: whole-value equality
  const operators = Object.keys(condition);
  if (operators.length === 0 || !operators.every((key) => key.startsWith('$'))) return UNTRANSLATED;
  const parts: SqlCondition[] = [];
  const ranges: Array<[string, string | number]> = [];
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        parts.push(isScalar(operand) ? onPath(path, shape(), (value) => scalarTest(operand, value), operand === null) : UNTRANSLATED);
        break;
      case '$ne':
        parts.push(isScalar(operand) ? not(onPath(path, shape(), (value) => scalarTest(operand, value), operand === null)) : UNTRANSLATED);
        break;
      case '$in':
      case '$nin': {
        if (!Array.isArray(operand) || !operand.every((value) => isScalar(value) || value instanceof RegExp)) { parts.push(UNTRANSLATED); break; }
        const matched = onPath(path, shape(), (value) => inListTest(operand, value), operand.includes(null));
        parts.push(operator === '$in' ? matched : not(matched));
        break;
      }
      case '$gt': case '$gte': case '$lt': case '$lte':
        if ((typeof operand === 'number' && Number.isFinite(operand)) || typeof operand === 'string') ranges.push([operator, operand]);
        else parts.push(UNTRANSLATED);
        break;
      case '$exists': {
        const json = jsonPath(path);
        if (json === null || shape().arrayAbove) { parts.push(UNTRANSLATED); break; }
        parts.push({ sql: `${typeSql(json)} IS ${operand ? 'NOT ' : ''}NULL`, params: [], exact: true });
        break;
      }
      case '$regex': {
        const pattern = regexOf(operand, condition.$options);
        parts.push(pattern ? onPath(path, shape(), (value) => regexTest(pattern, value)) : UNTRANSLATED);
        break;
      }
      case '$options':
        if (!('$regex' in condition)) parts.push(UNTRANSLATED);
        break;
      default:
        parts.push(UNTRANSLATED); // $elemMatch, $not, $all, $size, …: mingo
    }
  }
  if (ranges.length > 0) {
    // On an array MongoDB lets different elements meet different bounds: only scalars are translated here.
    const kinds = new Set(ranges.map(([, bound]) => typeof bound));
    if (kinds.size > 1 || shape().kinds.has('array')) parts.push(UNTRANSLATED);
    else {
      const allowed = kinds.has('number') ? NUMBERS : (['text'] as JsonKind[]);
      parts.push(onPath(path, shape(), (operand) => ({
        sql: `${ranges.map(([operator]) => `${operand.value} ${RANGE_OPERATORS[operator]} ?`).join(' AND ')}${typeCheck(operand, allowed)}`,
        params: ranges.map(([, bound]) => bound),
      })));
    }
  }
  return all(parts);
}

/** `_id` is a column, always a string: clauses on it use the column (and its unique index). */
function idClause(condition: unknown): SqlCondition {
  if (typeof condition === 'string') return { sql: `${ID_COLUMN} = ?`, params: [condition], exact: true };
  if (isScalar(condition)) return NOTHING;
  if (!isPlainObject(condition)) return UNTRANSLATED;
  const parts: SqlCondition[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$in' || operator === '$nin') {
      if (!Array.isArray(operand) || !operand.every(isScalar)) { parts.push(UNTRANSLATED); continue; }
      const ids = operand.filter((value): value is string => typeof value === 'string');
      const matched: SqlCondition = { sql: `${ID_COLUMN} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(ids)], exact: true };
      parts.push(operator === '$in' ? matched : not(matched));
    } else if (operator === '$eq' || operator === '$ne') {
      const matched = typeof operand === 'string' ? { sql: `${ID_COLUMN} = ?`, params: [operand], exact: true } : isScalar(operand) ? NOTHING : UNTRANSLATED;
      parts.push(operator === '$eq' ? matched : not(matched));
    } else if (operator in RANGE_OPERATORS && typeof operand === 'string') {
      parts.push({ sql: `${ID_COLUMN} ${RANGE_OPERATORS[operator]} ?`, params: [operand], exact: true });
    } else if (operator === '$exists') {
      parts.push(operand ? EVERYTHING : NOTHING);
    } else if (operator === '$regex' || operator === '$options') {
      if (operator === '$options') continue;
      const pattern = regexOf(operand, condition.$options);
      parts.push(pattern ? { ...regexTest(pattern, { value: ID_COLUMN, type: "'text'", kinds: new Set(['text']) }), exact: true } : UNTRANSLATED);
    } else parts.push(UNTRANSLATED);
  }
  return all(parts);
}

/** The SQL of a whole filter; `shapeOf` tells where the stored documents hold arrays. */
export function filterToSql(filter: Filter, shapeOf: (path: string) => PathShape): SqlCondition {
  const parts: SqlCondition[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(condition) || condition.length === 0 || !condition.every(isPlainObject)) { parts.push(UNTRANSLATED); continue; }
      const branches = condition.map((branch) => filterToSql(branch as Filter, shapeOf));
      parts.push(key === '$and' ? all(branches) : any(branches));
    } else if (key.startsWith('$')) parts.push(UNTRANSLATED); // $nor, $expr, $where, …
    else parts.push(fieldClause(key, condition, shapeOf));
  }
  return all(parts);
}
