import type { NextFunction, Request, RequestHandler, Response } from 'express';

// An API router mounted at the root is tried on every request: Express matches each of its ~160 routes
// against a storefront page's path too before the page is reached (~1% of a vendor page's CPU). The
// router is entered only for paths under its prefixes; the rest go straight on.

/**
 * `handler` for requests whose path lies under one of `prefixes` (each ending in `/`), compared in lower
 * case as Express matches routes; every other request goes to the next handler untouched.
 */
export function underPathPrefixes(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  for (const prefix of prefixes) if (!prefix.startsWith('/') || !prefix.endsWith('/') || prefix !== prefix.toLowerCase()) throw new Error(`path prefix ${prefix} must start and end with / and be lower case`);
  return (req: Request, res: Response, next: NextFunction) => {
    const path = req.path.toLowerCase();
    return prefixes.some((prefix) => path.startsWith(prefix)) ? handler(req, res, next) : next();
  };
}
