import { ApiError, type ApiProblem } from './api-error.ts';
import { buildUrl, type QueryValue } from './client.ts';
import type { InProcessValueReader } from './in-process-transport.ts';

// The server pass's reads of the query API running in this very process, handed over as the values its
// routes made: no JSON text either way, no GET cache, and no validation of the answer's shape with its
// schema, which the web does for an answer that came over HTTP (web/api/adapters.ts). The values come
// from our own query API in this process, built by the same code whose answers the schemas describe
// (query-api/answer-schemas.ts, bound to the views' types); an answer from another process, another
// version perhaps, is still validated. What the web derives for display (rich text sanitized, the
// category alias) it still derives. A page gathers its data this way where it reads much (the vendor
// page, web/api/vendor-page-reads.ts); its page renders the same as from the HTTP reads (a test compares).
// Server only: the browser bundle never imports this file.

export interface InProcessValues {
  /** A GET of the query API by path under /api: the answer's value, or the ApiError the API client throws for it. */
  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T>;
}

export interface InProcessValuesOptions {
  /** The request headers of a read (authorization, accept-language), as the API client sends them. */
  headers: () => Record<string, string>;
  /** Told the cache tags of every read (null when unknown): the guest page cache tags a page with them. */
  onRead?: (tags: readonly string[] | null) => void;
}

export function createInProcessValues(reader: InProcessValueReader, options: InProcessValuesOptions): InProcessValues {
  return {
    async get<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T> {
      // The path and query text the API client would send (its GET cache key, the query API's too).
      const url = buildUrl('/api', path, query);
      const pending = reader.readValue({ url, headers: options.headers() });
      if (!pending) throw new Error(`No read of the query API in this process answers ${url}`);
      const answer = await pending;
      options.onRead?.(answer.status === 200 ? answer.tags : null);
      if (answer.status !== 200) throw new ApiError(answer.status, answer.value as Partial<ApiProblem>);
      return answer.value as T;
    },
  };
}
