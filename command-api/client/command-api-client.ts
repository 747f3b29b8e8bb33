// A small HTTP client for the command API over real HTTP, for tests and for seeding a demo through
// the same routes a browser uses.
export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is, e.g. an oversized or malformed body. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CommandApiClient {
  baseUrl: string;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<HttpAnswer<T>>;
  post<T = any>(path: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<HttpAnswer<T>>;
  put<T = any>(path: string, body?: unknown, token?: string): Promise<HttpAnswer<T>>;
  delete<T = any>(path: string, token?: string): Promise<HttpAnswer<T>>;
  get<T = any>(path: string, token?: string): Promise<HttpAnswer<T>>;
}

export function commandApiClient(baseUrl: string): CommandApiClient {
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<HttpAnswer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(new URL(path, baseUrl), { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    baseUrl,
    call,
    post: (path, body, token, headers) => call('POST', path, { body, token, headers }),
    put: (path, body, token) => call('PUT', path, { body, token }),
    delete: (path, token) => call('DELETE', path, { token }),
    get: (path, token) => call('GET', path, { token }),
  };
}
