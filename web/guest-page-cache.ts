import type { Cache } from '../domain/ports/cache.ts';
import { REFRESH_COOKIE, TOKEN_COOKIE } from './app/cookies.ts';
import { LeastRecentlyUsed } from '../infra/least-recently-used.ts';

// Guest pages served from cache. A page rendered for a guest is stored in the GET cache's
// store, tagged with the tags of every answer it was built from (query-api/cache-tags.ts), so the
// projection change that purges those answers purges the page in the same stroke. Stored only when
// - every read went through the in-process reads, answered 200 and is cacheable (so its tags are known);
// - no view changed while it rendered (the GET cache's purge generation, as for answers);
// - it read no cookie the request carries (a guest's favorites change the page: rendered fresh);
// - it set no cookie and answered 200;
// - its address was rendered before (one of the last RENDERED_KEYS_KEPT rendered): a page asked for once
//   (most of a large catalog's pages, a crawler's walk) would only push the GET cache's answers out of
//   the shared store, and cost its copy and its tags for nothing.
// Never for a signed-in visitor. Entries live as long as the answers they hold (SPEC §9: 10 s).

export const GUEST_PAGE_TTL_MS = 10_000;
/** How many addresses of guest pages rendered but not stored are remembered (a key is ~100 characters). */
export const RENDERED_KEYS_KEPT = 10_000;

export interface GuestPage {
  status: number;
  html: string;
  contentSecurityPolicy: string;
}

export interface GuestPageCache {
  /** The stored page for this request, unless it read a cookie the request carries. */
  lookup(key: string, cookies: Record<string, string>): Promise<GuestPage | undefined>;
  /** Starts recording a guest's render: the reads it makes and the cookies it looks at. */
  record(cookies: Record<string, string>): PageRecording;
}

export interface PageRecording {
  /** The request's cookies, watched: give these to the render instead. */
  cookies: Record<string, string>;
  /** For the API client's transport: the tags of one read, or null when they are unknown. */
  onRead(tags: readonly string[] | null): void;
  /** Stores the page if it may be (see above). */
  store(key: string, page: GuestPage, options: { setCookie: boolean }): Promise<StoreOutcome>;
}

/** Stored; storable but its address's first render (stored at the next); or not storable. */
export type StoreOutcome = 'stored' | 'first-render' | 'not-storable';

/** A visitor without a session: no access token and no refresh token. */
export const isGuestRequest = (cookies: Record<string, string>): boolean => !(TOKEN_COOKIE in cookies) && !(REFRESH_COOKIE in cookies);

/** One entry per page address (the locale is its path prefix), host (the CSP names it) and client bundle. */
export const guestPageKey = (parts: { host: string; url: string; bundle: string }): string => `page|${parts.host}|${parts.url}|${parts.bundle}`;

/** Marks a render that listed every cookie: it may depend on any of them. */
const EVERY_COOKIE = '*';

export function createGuestPageCache(options: {
  cache: Cache;
  /** The GET cache's purge generation (query-api/get-cache.ts): a page rendered across a purge is not stored. */
  generation: () => number;
  ttlMs?: number;
  renderedKeysKept?: number;
  logError?: (error: unknown, message: string) => void;
}): GuestPageCache {
  const ttlMs = options.ttlMs ?? GUEST_PAGE_TTL_MS;
  const logError = options.logError ?? ((error, message) => console.error(message, error));
  const renderedKeysKept = options.renderedKeysKept ?? RENDERED_KEYS_KEPT;
  // Addresses of storable pages rendered once, the least recently rendered let go first.
  const renderedOnce = new LeastRecentlyUsed<string, true>(renderedKeysKept);
  /** Whether this address was rendered before; remembers it either way. */
  const renderedBefore = (key: string): boolean => {
    const before = renderedOnce.has(key);
    renderedOnce.set(key, true);
    return before;
  };
  const carriesAny = (cookies: Record<string, string>, names: readonly string[]) =>
    names.some((name) => (name === EVERY_COOKIE ? Object.keys(cookies).length > 0 : name in cookies));

  return {
    async lookup(key, cookies) {
      try {
        const entry = await options.cache.get(key);
        const newline = entry?.indexOf('\n') ?? -1;
        if (entry === undefined || newline < 0) return undefined;
        const meta = JSON.parse(entry.slice(0, newline)) as { status: number; contentSecurityPolicy: string; cookiesRead: string[] };
        if (carriesAny(cookies, meta.cookiesRead)) return undefined;
        return { status: meta.status, contentSecurityPolicy: meta.contentSecurityPolicy, html: entry.slice(newline + 1) };
      } catch (error) {
        logError(error, 'guest page cache read failed; rendering');
        return undefined;
      }
    },

    record(requestCookies) {
      const generation = options.generation();
      const tags = new Set<string>();
      const cookiesRead = new Set<string>();
      let untagged = false;
      const cookies = new Proxy(requestCookies, {
        get(target, name, receiver) {
          if (typeof name === 'string') cookiesRead.add(name);
          return Reflect.get(target, name, receiver);
        },
        has(target, name) {
          if (typeof name === 'string') cookiesRead.add(name);
          return Reflect.has(target, name);
        },
        ownKeys(target) {
          cookiesRead.add(EVERY_COOKIE);
          return Reflect.ownKeys(target);
        },
      });
      return {
        cookies,
        onRead(read) {
          if (read === null) untagged = true;
          else for (const tag of read) tags.add(tag);
        },
        async store(key, page, { setCookie }) {
          const names = [...cookiesRead];
          const storable = !untagged && !setCookie && page.status === 200 && options.generation() === generation && !carriesAny(requestCookies, names);
          if (!storable) return 'not-storable';
          if (!renderedBefore(key)) return 'first-render';
          try {
            // The meta line is JSON (no raw newline); the page follows as it is.
            const meta = JSON.stringify({ status: page.status, contentSecurityPolicy: page.contentSecurityPolicy, cookiesRead: names });
            await options.cache.set(key, `${meta}\n${page.html}`, { ttlMs, tags: [...tags] });
            // A purge that ran while storing may have missed this entry (as in query-api/get-cache.ts).
            if (options.generation() !== generation) {
              await options.cache.delete(key);
              return 'not-storable';
            }
            return 'stored';
          } catch (error) {
            logError(error, 'guest page cache write failed');
            return 'not-storable';
          }
        },
      };
    },
  };
}
