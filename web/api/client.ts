import { ApiError, type ApiProblem } from './api-error.ts';

// The one API client of the storefront (SPEC §7), used by loaders on the server pass and in the
// browser: every call carries the bearer token and the locale; GET answers are cached for 10 s;
// any non-GET call clears the cache; identical GETs in flight share one request. A read after the
// caller's own write (`minRevision`) that finds the views still behind (504 `views-behind`, which the
// query API answers after waiting its bound) is asked again, VIEWS_BEHIND_RETRIES times: the write was
// taken, so the person waits a little longer for its page instead of reading an error.
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** One call as it leaves the client: an absolute URL, the headers, the JSON body as text. */
export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What came back: the status and the body's text (JSON or problem details). A network failure throws. */
export interface TransportAnswer {
  status: number;
  text: string;
}

/**
 * How calls reach the APIs: over HTTP (the browser, a web service alone), or in process when the web
 * server runs beside the query API (web/api/in-process-transport.ts); loaders cannot tell the difference.
 */
export type ApiTransport = (request: TransportRequest) => Promise<TransportAnswer>;

export function httpTransport(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): ApiTransport {
  return async ({ method, url, headers, body, signal }) => {
    const response = await fetchImpl(url, { method, headers, body, signal });
    return { status: response.status, text: await response.text() };
  };
}

export interface CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** No notification on failure or success (favorites, background checks: SPEC §8). */
  silent?: boolean;
  /** Abort after this many milliseconds (the user check waits 5 s in the browser, 2 s on the server). */
  timeoutMs?: number;
  /** Skip the GET cache for this call (the answer is still stored). */
  fresh?: boolean;
  /** A successful answer's text as it came, not parsed (a problem is parsed as always). */
  text?: boolean;
}

export interface ApiClientOptions {
  /** Host-relative `/api` in the browser; `http://127.0.0.1:PORT/api` on the server pass. */
  baseUrl: string;
  getToken: () => string | null;
  /** he-IL or en-US, sent as Accept-Language. */
  getLocale: () => string;
  fetch?: typeof fetch;
  /** Where calls go; default HTTP through `fetch`. */
  transport?: ApiTransport;
  /** Headers every call carries (the server pass names the visitor's address, which the sign-in throttle counts). */
  headers?: Record<string, string>;
  /** SPEC §9: 10 s. */
  cacheTtlMs?: number;
  /** SPEC §9 "minimal purge interval 10 s": expired answers are dropped at most this often. */
  cachePurgeIntervalMs?: number;
  now?: () => number;
  /** Failed calls (not silent) go here: the browser shows the SPEC §8 notification. */
  onError?: (error: ApiError, method: HttpMethod) => void;
  /** Successful non-GET calls (not silent) go here: the generic success message. */
  onSuccess?: (method: HttpMethod) => void;
  /** Called once on a 401 when a token (or the session cookie) was sent; answer true when a new token is in place to retry with. */
  onUnauthorized?: () => Promise<boolean>;
  /** The browser: whether the session cookie goes with the call (its token cannot be read: `getToken` is null). */
  hasSession?: () => boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: Omit<CallOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>): Promise<T>;
  request<T>(method: HttpMethod, path: string, options?: CallOptions): Promise<T>;
  clearCache(): void;
  /** How many answers the GET cache holds now (expired ones until the next purge). */
  cacheSize(): number;
}

/** How many more times a GET answered 504 `views-behind` is asked (each waits the query API's bound). */
export const VIEWS_BEHIND_RETRIES = 2;
export const GET_CACHE_TTL_MS = 10_000;
export const GET_CACHE_PURGE_INTERVAL_MS = 10_000;

/** Who calls and in which language: the headers every API call carries (also the in-process values', web/api/in-process-values.ts). */
export function callerHeaders(token: string | null, locale: string): Record<string, string> {
  return token ? { 'accept-language': locale, authorization: `Bearer ${token}` } : { 'accept-language': locale };
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.append(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = options.transport ?? httpTransport(options.fetch);
  const ttl = options.cacheTtlMs ?? GET_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const purgeInterval = options.cachePurgeIntervalMs ?? GET_CACHE_PURGE_INTERVAL_MS;
  const cache = new Map<string, { expires: number; value: unknown }>();
  const inFlight = new Map<string, Promise<unknown>>();
  // A tab open for hours reads many distinct addresses: answers past their time are dropped on the way
  // (no timer), at most once per purge interval, so the cache holds about one interval's reads.
  let lastPurge = now();
  const purgeExpired = () => {
    const at = now();
    if (at - lastPurge < purgeInterval) return;
    lastPurge = at;
    for (const [key, entry] of cache) if (entry.expires <= at) cache.delete(key);
  };
  // Bumped on every clear, so a GET that started before a write does not store its stale answer.
  let generation = 0;

  const clearCache = () => {
    cache.clear();
    inFlight.clear();
    generation++;
  };

  async function sendGet(url: string, call: CallOptions): Promise<unknown> {
    for (let retry = 0; ; retry++) {
      try {
        return await send('GET', url, call, false);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 504 && error.problem.code === 'views-behind') || retry >= VIEWS_BEHIND_RETRIES) throw error;
      }
    }
  }

  async function send(method: HttpMethod, url: string, call: CallOptions, retried: boolean): Promise<unknown> {
    const token = options.getToken();
    const headers: Record<string, string> = { ...options.headers, accept: 'application/json', ...callerHeaders(token, options.getLocale()) };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const signal = call.timeoutMs ? AbortSignal.timeout(call.timeoutMs) : undefined;
    let response: TransportAnswer;
    try {
      response = await transport({ method, url, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body), signal });
    } catch (error) {
      throw new ApiError(0, { title: 'Network error', detail: error instanceof Error ? error.message : String(error) });
    }
    if (response.status === 401 && (token || options.hasSession?.()) && !retried && options.onUnauthorized && (await options.onUnauthorized())) {
      return send(method, url, call, true);
    }
    const { text } = response;
    if (call.text && response.status >= 200 && response.status <= 299) return text;
    let body: unknown = undefined;
    if (text) {
      try { body = JSON.parse(text); } catch { body = text; }
    }
    if (response.status < 200 || response.status > 299) {
      const problem = typeof body === 'object' && body !== null ? (body as Partial<ApiProblem>) : { detail: String(body ?? '') };
      throw new ApiError(response.status, problem);
    }
    return body;
  }

  async function request<T>(method: HttpMethod, path: string, call: CallOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, call.query);
    if (method !== 'GET') {
      clearCache();
      try {
        const result = await send(method, url, call, false);
        if (!call.silent) options.onSuccess?.(method);
        return result as T;
      } catch (error) {
        if (!call.silent && error instanceof ApiError) options.onError?.(error, method);
        throw error;
      } finally {
        clearCache();
      }
    }

    purgeExpired();
    // The token and locale are part of the key: one user's answer is never served to another.
    const key = `${url} ${options.getToken() ?? ''} ${options.getLocale()}${call.text ? ' text' : ''}`;
    const cached = cache.get(key);
    if (!call.fresh && cached && cached.expires > now()) return cached.value as T;
    const shared = inFlight.get(key);
    if (shared) return shared as Promise<T>;

    const startedIn = generation;
    const pending = sendGet(url, call).then(
      (value) => {
        if (startedIn === generation) cache.set(key, { expires: now() + ttl, value });
        return value;
      },
      (error: unknown) => {
        if (!call.silent && error instanceof ApiError) options.onError?.(error, 'GET');
        throw error;
      },
    ).finally(() => {
      if (inFlight.get(key) === pending) inFlight.delete(key);
    });
    inFlight.set(key, pending);
    return pending as Promise<T>;
  }

  return {
    request,
    get: (path, call) => request('GET', path, call),
    post: (path, body, call) => request('POST', path, { ...call, body }),
    patch: (path, body, call) => request('PATCH', path, { ...call, body }),
    delete: (path, body, call) => request('DELETE', path, { ...call, body }),
    clearCache,
    cacheSize: () => cache.size,
  };
}
