import type { ApiClient } from '../api/client.ts';
import type { InProcessValues } from '../api/in-process-values.ts';
import type { Category, CurrentUser, GeoLocation, Locale } from '../api/view-models.ts';
import { artistCategories, currentUser, geoLocations } from '../api/queries.ts';
import { isApiError } from '../api/api-error.ts';

// What a loader needs, the same shape on the server pass (one per request, passed as the router's
// request context) and in the browser (one per page load, set by the client entry).
export interface WebEnvironment {
  api: ApiClient;
  isServer: boolean;
  locale: Locale;
  cookies(): Record<string, string>;
  /**
   * Sets a cookie where this environment answers: on the server pass a Set-Cookie header of the page's
   * answer (a route action signing in), in the browser document.cookie. `days: 0` removes it.
   */
  setCookie(name: string, value: string, options?: { days?: number }): void;
  /**
   * Stores the session a route action signed in to (null: signs out). On the server pass: the HttpOnly
   * session cookies of the page's answer (web/session-cookies.ts). In the browser there is nothing to
   * do: the API's answer already went into the cookies through the /api bridge, without the tokens.
   */
  setSession(pair: { token?: string; refresh_token?: string } | null): void;
  /** Whether a session may exist (a guest has none: the user check is not even asked). */
  hasSession(): boolean;
  /** The signed-in user, or null for a guest or when the check times out (SPEC §6: 2 s server, 5 s browser). */
  currentUser(): Promise<CurrentUser | null>;
  /**
   * Whether the last answer of currentUser() was null because the check failed (timed out, the API away
   * or failing), not because the API said there is no user: such a reader is not known to be a guest.
   */
  userCheckFailed(): boolean;
  categories(): Promise<Category[]>;
  geoLocations(): Promise<GeoLocation[]>;
  /** The server pass beside the query API in this process: its reads as values (web/api/in-process-values.ts); else absent. */
  inProcessValues?: InProcessValues;
}

/** Whether a failed user check said there is no user (401, 403), rather than failing (timed out, the API away or failing). */
export const saysNoUser = (error: unknown): boolean => isApiError(error) && (error.status === 401 || error.status === 403);

export function createEnvironment(options: {
  api: ApiClient;
  isServer: boolean;
  locale: Locale;
  cookies: () => Record<string, string>;
  /** Where cookies are written (see WebEnvironment.setCookie); without it, writing one is a programming error. */
  setCookie?: (name: string, value: string, options?: { days?: number }) => void;
  /** Where the session goes (see WebEnvironment.setSession); default: nowhere (the browser). */
  setSession?: (pair: { token?: string; refresh_token?: string } | null) => void;
  /** Whether a session may exist (the server: the token cookie; the browser: the `session` marker cookie). */
  hasToken: () => boolean;
  /** The user already checked by the caller (the server pass checks before running loaders). */
  knownUser?: CurrentUser | null;
  /** With `knownUser: null`: the caller's check failed rather than finding no user. */
  knownUserCheckFailed?: boolean;
  inProcessValues?: InProcessValues;
}): WebEnvironment {
  const userTimeoutMs = options.isServer ? 2_000 : 5_000;
  let user: Promise<CurrentUser | null> | null = options.knownUser === undefined ? null : Promise.resolve(options.knownUser);
  let checkFailed = options.knownUser === null && options.knownUserCheckFailed === true;
  const memo = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | null = null;
    return () => (value ??= load().catch((error: unknown) => { value = null; throw error; }));
  };
  return {
    api: options.api,
    isServer: options.isServer,
    locale: options.locale,
    cookies: options.cookies,
    setCookie: options.setCookie ?? ((name) => { throw new Error(`This environment cannot set the cookie ${name}`); }),
    setSession: options.setSession ?? (() => {}),
    hasSession: options.hasToken,
    currentUser() {
      if (!options.hasToken()) return Promise.resolve(null);
      // A failed or slow check counts as a guest rather than breaking the page; the guards ask
      // userCheckFailed() before sending such a reader to sign in, and the next call checks again.
      user ??= currentUser(options.api, userTimeoutMs).then((found) => {
        checkFailed = false;
        return found;
      }, (error: unknown) => {
        const noUser = saysNoUser(error);
        if (!isApiError(error) || (!noUser && error.status !== 0)) console.warn('user check failed', error);
        checkFailed = !noUser;
        if (checkFailed) user = null;
        return null;
      });
      return user;
    },
    userCheckFailed: () => checkFailed,
    categories: memo(() => artistCategories(options.api)),
    geoLocations: memo(() => geoLocations(options.api)),
    ...(options.inProcessValues ? { inProcessValues: options.inProcessValues } : {}),
  };
}

let browserEnvironment: WebEnvironment | null = null;
export const setBrowserEnvironment = (environment: WebEnvironment) => { browserEnvironment = environment; };

/** The loader's environment: the server's request context, or the browser's. */
export function environmentOf(context: unknown): WebEnvironment {
  if (context && typeof context === 'object' && 'api' in context && 'currentUser' in context) return context as WebEnvironment;
  if (!browserEnvironment) throw new Error('The browser environment is not set');
  return browserEnvironment;
}
