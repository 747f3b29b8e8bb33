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
