import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

// A router mounted before another is walked by every request that reaches it: Express tries each of
// its layers in turn (the path of each route, then its methods). The command API's router holds ~75
// routes, nearly all of them writes, and every GET of the query API under /api walked them all before
// its own route (the command API's walk was ~3% of the server's CPU of a vendor search cache miss).
// A GET or HEAD now enters the router only if one of its layers could take it; otherwise it goes on
// as the walk would have sent it on, untouched.

/** What this file reads of Express's router: its layers (router 2's Layer and Route). */
interface RouterLayer {
  route?: { methods: Record<string, boolean | undefined> };
  handle: { length: number };
  match(path: string): unknown;
}

/**
 * `router` for every request but a GET or HEAD that none of its layers could take: a route answering
 * GET or HEAD whose path matches, or a middleware (which takes any request). Such a request goes to
 * the next handler without entering the router, as the router's walk would let it go: a route of
 * other methods matching the path does not take a GET (only OPTIONS learns of them), and an error
 * handler (four parameters) runs only for errors. A path with a percent-escape always enters: a
 * route's parameter that does not decode is an error the router answers.
 */
export function readsWhenRouted(router: Router): RequestHandler {
  let layersSeen = -1;
  let readLayers: RouterLayer[] | null = null;
  /** The layers that may take a GET or HEAD; null when one takes every request (then always enter). */
  const layersTakingReads = (): RouterLayer[] | null => {
    const stack = router.stack as unknown as RouterLayer[];
    if (stack.length === layersSeen) return readLayers;
    layersSeen = stack.length;
    readLayers = [];
    for (const layer of stack) {
      if (!layer.route) {
        if (layer.handle.length === 4) continue;
        readLayers = null;
        break;
      }
      const { methods } = layer.route;
      if (methods._all || methods.get || methods.head) readLayers.push(layer);
    }
    return readLayers;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return router(req, res, next);
    const layers = layersTakingReads();
    const path = req.path;
    if (layers === null || path.includes('%') || layers.some((layer) => layer.match(path))) return router(req, res, next);
    return next();
  };
}
