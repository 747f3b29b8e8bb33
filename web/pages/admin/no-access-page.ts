import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { isApiError } from '../../api/api-error.ts';

/**
 * Each screen's loader asks for the right its page needs (requireAdminRight); a read inside it that the
 * rules still refuse (403) shows the no-access page with status 403 — never the 500 error page.
 */
export function withNoAccessPage(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const loader = route.loader;
    if (typeof loader !== 'function') return route;
    const guarded: LoaderFunction = async (args) => {
      try {
        return await loader(args);
      } catch (error) {
        if (isApiError(error) && error.status === 403) throw data(null, { status: 403 });
        throw error;
      }
    };
    return { ...route, loader: guarded } as RouteObject;
  });
}
