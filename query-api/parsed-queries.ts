import type { z } from 'zod';
import { normalizedQuery, parseOr422, type ReadRequest } from './read-route.ts';

// A read's query as its route's schema parsed it, kept per query text. Validity and the parsed value are
// the query text's alone (no schema reads the clock or the views; the GET cache keys on the URL for the
// same reason), and most reads repeat the same text: each vendor page asks every vendor's busy times and
// Jewish calendar for the same days (`from`, `to`, `limit`) and the same ten reviews, so the two zod
// parses a read made (~2.5% of a rendered vendor page's server time) become one lookup. A parsed
// query is shared by the reads of its text, so it is frozen; a query refused (422, 400) is not kept.
const KEPT_PER_SCHEMA = 500;

export type ParsedQuery = Readonly<Record<string, unknown>>;

export interface ParsedQueries {
  /** The request's query parsed with `schema` (normalizedQuery, then parseOr422), or the problem it raises. */
  parse(schema: z.ZodType, req: ReadRequest): ParsedQuery;
}

export function createParsedQueries(keptPerSchema = KEPT_PER_SCHEMA): ParsedQueries {
  const bySchema = new WeakMap<z.ZodType, Map<string, ParsedQuery>>();
  return {
    parse(schema, req) {
      const queryAt = req.originalUrl.indexOf('?');
      const text = queryAt < 0 ? '' : req.originalUrl.slice(queryAt + 1);
      let kept = bySchema.get(schema);
      const found = kept?.get(text);
      if (found) return found;
      const parsed = deepFrozen(parseOr422(schema, normalizedQuery(req), 'query') as Record<string, unknown>);
      if (!kept) bySchema.set(schema, (kept = new Map()));
      if (kept.size >= keptPerSchema) kept.clear();
      kept.set(text, parsed);
      return parsed;
    },
  };
}

function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFrozen(inner);
    Object.freeze(value);
  }
  return value;
}
