// CSRF guard of the page forms (docs/security.md "Form posts"): a page POST acts on the visitor's
// session cookies, so it must come from one of this site's own pages. The cookies are SameSite=Lax,
// which keeps other sites' posts from carrying them; this check also refuses a post from a sibling
// subdomain (same site, other origin) and from browsers that ignore SameSite.

export interface PostHeaders {
  origin?: string | undefined;
  /** Fetch metadata: same-origin | same-site | cross-site | none. */
  secFetchSite?: string | undefined;
  /** The host the visitor addressed (Express req.host: the Host header, or X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
}

/** True when a browser says the post came from another origin; a client that sends neither header (no browser, so no ambient cookies) passes. */
export function isForeignFormPost(headers: PostHeaders): boolean {
  if (headers.origin !== undefined) {
    if (headers.origin === 'null') return true;
    try {
      return new URL(headers.origin).host !== headers.host;
    } catch {
      return true;
    }
  }
  return headers.secFetchSite !== undefined && headers.secFetchSite !== 'same-origin' && headers.secFetchSite !== 'none';
}
