import { z } from 'zod';
import type { Actor } from '../domain/shared/actor.ts';
import type { EventStore } from '../domain/ports/event-store.ts';
import { HttpProblem } from '../infra/http/problem.ts';
import { assertQueryIsUtf8 } from '../infra/http/query-text.ts';
import type { RouteSpec } from '../infra/http/route-spec.ts';
import type { ReadViews } from './tracked-views.ts';
import type { DocumentRef } from './read-your-writes.ts';
import { queryInteger } from './paging.ts';
import type { UserLocale } from '../domain/user/commands.ts';
import type { TextOmission } from '../domain/ports/view-store.ts';

// Every read route is declared once: its RouteSpec (validation and OpenAPI), how to answer, and —
// for a document read — which stream the document is folded from, so `minRevision` knows what to await.
export interface ReadContext<P, Q> {
  actor: Actor;
  params: P;
  query: Q;
  locale: UserLocale;
  views: ReadViews;
  eventStore: EventStore;
  now: Date;
}

/**
 * What a read needs of its request: an Express request, or the in-process reads' stand-in for one
 * (create-query-api.ts), so both answer through the same pipeline.
 */
export interface ReadRequest {
  /** Path and query string as the client sent them (part of the GET cache key). */
  originalUrl: string;
  /** Path parameters (Express types a wildcard's as a list; the read routes use only `:name`). */
  params: Record<string, string | string[]>;
  /** The query string parsed as Express 5's "simple" parser does (node:querystring). */
  query: Record<string, unknown>;
  /** A request header by case-insensitive name. */
  get(name: string): string | undefined;
}

export interface ReadRoute {
  spec: RouteSpec;
  /** Answers are cached (default true). */
  cache: boolean;
  /** The document this route reads (collection, id, stream), for `minRevision`. */
  documentOf?: (params: never, actor: Actor) => DocumentRef;
  /** The collections this route reads as text (findTexts) and without which keys: the view store may keep those texts. */
  texts?: readonly KeptText[];
  handle(context: ReadContext<never, never>): Promise<unknown>;
}

export interface KeptText {
  collection: string;
  omit: TextOmission;
}

/** Query parameters every read accepts. */
export const commonQueryShape = {
  locale: z.enum(['he-IL', 'en-US']).optional().describe('Locale of the caller; defaults to X-Locale, Accept-Language, then he-IL.'),
};
const minRevisionShape = {
  minRevision: queryInteger({ min: 0 }).optional().describe("Wait (bounded) until the views have applied this revision of the document's stream."),
};

type Shape = Record<string, z.ZodType>;

export function readRoute<PS extends Shape = {}, QS extends Shape = {}>(definition: {
  path: string;
  summary: string;
  tags: string[];
  auth: RouteSpec['auth'];
  params?: PS;
  query?: QS;
  response?: z.core.$ZodType;
  /** Error answers of the handler itself beyond the pipeline's (infra/http/route-answers.ts). */
  answers?: Record<number, string>;
  cache?: boolean;
  documentOf?: (params: z.output<z.ZodObject<PS>>, actor: Actor) => DocumentRef;
  texts?: readonly KeptText[];
  handle(context: ReadContext<z.output<z.ZodObject<PS>>, z.output<z.ZodObject<QS>>>): Promise<unknown>;
}): ReadRoute {
  const query = z.strictObject({ ...(definition.query ?? {}), ...commonQueryShape, ...(definition.documentOf ? minRevisionShape : {}) });
  return {
    spec: {
      method: 'get',
      path: definition.path,
      summary: definition.summary,
      tags: definition.tags,
      auth: definition.auth,
      params: definition.params ? z.strictObject(definition.params) : undefined,
      query,
      response: definition.response,
      api: 'query',
      readYourWrites: Boolean(definition.documentOf),
      ...(definition.answers ? { answers: definition.answers } : {}),
    },
    cache: definition.cache ?? true,
    documentOf: definition.documentOf as ReadRoute['documentOf'],
    ...(definition.texts ? { texts: definition.texts } : {}),
    handle: definition.handle as ReadRoute['handle'],
  };
}

/** Express 5's simple query parser keeps `id[]` as its own key; fold it into `id`. Empty values are dropped; a query that is not UTF-8 is 400. */
export function normalizedQuery(req: ReadRequest): Record<string, unknown> {
  assertQueryIsUtf8(req.originalUrl);
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    // An empty field of a submitted search form means "no filter", not "match the empty string".
    if (value === '') continue;
    // A name given once (most are): its value as it is, without the list the folding below makes.
    if (typeof value === 'string' && query[key] === undefined && !key.endsWith('[]')) {
      query[key] = value;
      continue;
    }
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const values = ([] as unknown[]).concat(query[name] ?? [], value as unknown);
    query[name] = values.length === 1 && !key.endsWith('[]') ? values[0] : values;
  }
  return query;
}

/** Parses with a schema; 422 with every failing field (an unknown one named as itself). */
export function parseOr422<S extends z.ZodType>(schema: S, input: unknown, where: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.flatMap((issue) => {
    const base = [where, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ field: `${base}.${key}`, message: 'Unknown parameter' }));
    return [{ field: base, message: issue.message }];
  });
  throw new HttpProblem(422, 'Validation failed', { code: 'validation', detail: 'One or more parameters are invalid.', errors });
}

