// Matches a request path to a route path the way Express 5's router does for the paths the read
// routes use (`/api/orders/:id`): case-insensitive, one optional trailing slash, each `:name` one
// non-empty segment, decoded with decodeURIComponent (a malformed escape is a 400, as in Express).
// The in-process reads use it, so they answer exactly the paths the HTTP router answers.
export type PathMatch = (pathname: string) => { params: () => Record<string, string> } | null;

const SEGMENT_PARAM = /^:([A-Za-z_$][A-Za-z0-9_$]*)$/;

export function pathMatcher(path: string): PathMatch {
  const names: string[] = [];
  const pattern = path.split('/').map((segment) => {
    const param = SEGMENT_PARAM.exec(segment);
    if (param) {
      names.push(param[1]!);
      return '([^/]+)';
    }
    // Any other path syntax (optional groups, wildcards) would need Express's own matcher.
    if (/[:*?{}()+\\]/.test(segment)) throw new Error(`pathMatcher: unsupported route path syntax in ${path}`);
    return segment.replace(/[.^$|[\]]/g, '\\$&');
  }).join('/');
  const regexp = new RegExp(`^${pattern}/?$`, 'i');
  return (pathname) => {
    const match = regexp.exec(pathname);
    if (!match) return null;
    return {
      params: () => Object.fromEntries(names.map((name, index) => [name, decodeParam(match[index + 1]!)])),
    };
  };
}

function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch (error) {
    throw Object.assign(new URIError(`Failed to decode param '${value}'`), { status: 400, cause: error });
  }
}

/** A match of a route table: the route's value and its parameters (decoded when asked, as PathMatch's). */
export interface RouteMatch<T> { value: T; params: () => Record<string, string> }

// A literal segment whose lower case is what a case-insensitive RegExp matches (ASCII, nothing escaped).
const PLAIN_SEGMENT = /^[A-Za-z0-9_~-]+$/;

/** The first two segments of a route's path in lower case when both are plain literals, else null (it may match any path). */
function routeKey(path: string): string | null {
  const [root, first, second] = path.split('/');
  if (root !== '' || first === undefined || second === undefined) return null;
  return PLAIN_SEGMENT.test(first) && PLAIN_SEGMENT.test(second) ? `${first}/${second}`.toLowerCase() : null;
}

/** A request path's first two segments in lower case (a superset of what a route's key matches: the RegExp decides). */
function pathKey(pathname: string): string | null {
  if (!pathname.startsWith('/')) return null;
  const firstEnd = pathname.indexOf('/', 1);
  if (firstEnd < 0) return null;
  const secondEnd = pathname.indexOf('/', firstEnd + 1);
  return pathname.slice(1, secondEnd < 0 ? undefined : secondEnd).toLowerCase();
}

/**
 * The first of `routes` (in their order, as Express tries them) whose path matches a request path, by
 * pathMatcher's rule. Each path is tried only against the routes that share its first two literal
 * segments (and those with a parameter there): a storefront page makes seven in-process reads, and trying
 * all ~80 read routes' RegExps for each was ~1% of a vendor page's CPU.
 */
export function routeTable<T>(routes: readonly { path: string; value: T }[]): (pathname: string) => RouteMatch<T> | null {
  const entries = routes.map(({ path, value }) => ({ value, match: pathMatcher(path), key: routeKey(path) }));
  const anyPath = entries.filter((entry) => entry.key === null);
  const byKey = new Map<string, typeof entries>();
  for (const key of new Set(entries.map((entry) => entry.key))) {
    if (key !== null) byKey.set(key, entries.filter((entry) => entry.key === key || entry.key === null));
  }
  return (pathname) => {
    const key = pathKey(pathname);
    for (const entry of (key === null ? undefined : byKey.get(key)) ?? anyPath) {
      const matched = entry.match(pathname);
      if (matched) return { value: entry.value, params: matched.params };
    }
    return null;
  };
}
