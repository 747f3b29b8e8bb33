import type { ApiTransport, TransportRequest } from './client.ts';

// The API client's second transport: when the web server runs in the same process as the
// query API (`npm start`), the server pass's reads call the query API's read pipeline directly — same
// validation, guards (the caller from the request's token), GET cache, answers and problem details —
// instead of a loopback HTTP round trip; so does the command API's GET /api/user/current when it runs
// here too (command-api/in-process-reads.ts). Writes, and GETs neither answers in process, go to the
// fallback transport, HTTP, exactly as before.
// Server only: the browser bundle never imports this file.

/** The query API's in-process reads (query-api/create-query-api.ts `read`, and `readValue` where the query API runs here). */
export interface InProcessReader extends Partial<InProcessValueReader> {
  /** Null when no read route has this path. */
  read(request: { url: string; headers: Record<string, string | undefined> }): Promise<InProcessAnswer> | null;
}

/** The query API's reads answered as values (query-api/create-query-api.ts `readValue`; web/api/in-process-values.ts). */
export interface InProcessValueReader {
  /** Null when no read route of the query API has this path. */
  readValue(request: { url: string; headers: Record<string, string | undefined> }): Promise<InProcessValueAnswer> | null;
}

export interface InProcessValueAnswer {
  status: number;
  /** The answer as the route made it, or the problem details of an error. */
  value: unknown;
  tags: readonly string[] | null;
}

export interface InProcessAnswer {
  status: number;
  body: string;
  /** The cache tags of what the answer read; null when the answer is an error or is never cached. */
  tags: readonly string[] | null;
}

export interface InProcessTransportOptions {
  /** Where writes and the reads the query API does not have go: HTTP. */
  fallback: ApiTransport;
  /** Told about every GET (tags or null), in process or not: the guest page cache tags a page with them. */
  onRead?: (tags: readonly string[] | null) => void;
}

export function createInProcessTransport(reader: InProcessReader, options: InProcessTransportOptions): ApiTransport {
  return async (request: TransportRequest) => {
    if (request.method !== 'GET') return options.fallback(request);
    // The same path and query text an HTTP request would carry (fetch normalizes the URL the same way).
    const url = new URL(request.url);
    const pending = reader.read({ url: `${url.pathname}${url.search}`, headers: request.headers });
    if (!pending) {
      options.onRead?.(null);
      return options.fallback(request);
    }
    const answer = await untilAborted(pending, request.signal);
    options.onRead?.(answer.status === 200 ? answer.tags : null);
    return { status: answer.status, text: answer.body };
  };
}

/** The call's timeout (the user check's 2 s) holds in process too: the caller stops waiting, like fetch. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
