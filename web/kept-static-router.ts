import { createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router';

type StaticRouter = ReturnType<typeof createStaticRouter>;

// createStaticRouter converts the handler's routes into data routes again at each call (a copy of every
// route of the tree with its render properties mapped), ~2% of a vendor page's time on the server. The
// copy depends on the routes only, so it is made once per static handler: the router of a later page
// is the first one's with the state of its own context (the fields createStaticRouter takes from it),
// its matches pointing at the kept copies as createStaticRouter's do. A test renders both the same.
// A tree with lazy routes is not kept: the handler's queries fill those routes in as they load, after the copy.
const kept = new WeakMap<StaticHandler, StaticRouter>();
const notKept = new WeakSet<StaticHandler>();

type Routes = StaticHandler['dataRoutes'];
const hasLazyRoutes = (routes: Routes): boolean => routes.some((route) => route.lazy !== undefined || hasLazyRoutes((route.children ?? []) as Routes));

/** The static router of `context`, a query of `handler`: as createStaticRouter(handler.dataRoutes, context) makes it. */
export function staticRouterFor(handler: StaticHandler, context: StaticHandlerContext): StaticRouter {
  const first = kept.get(handler);
  if (!first) {
    const router = createStaticRouter(handler.dataRoutes, context);
    if (notKept.has(handler)) return router;
    if (hasLazyRoutes(handler.dataRoutes)) notKept.add(handler); else kept.set(handler, router);
    return router;
  }
  const matches = context.matches.map((match) => ({ ...match, route: first.manifest[match.route.id] ?? match.route }));
  return Object.create(first, {
    basename: { get: () => context.basename },
    state: {
      get: () => ({
        ...first.state,
        location: context.location, matches, loaderData: context.loaderData, actionData: context.actionData, errors: context.errors,
      }),
    },
  }) as StaticRouter;
}
