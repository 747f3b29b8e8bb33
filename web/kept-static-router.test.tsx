import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData, useParams, useRouteError, type StaticHandlerContext } from 'react-router';
import { staticRouterFor } from './kept-static-router.ts';

// The router of a later page reuses the first one's routes: it must render and read as the router
// createStaticRouter makes for that page (its location, matches, data and errors, not the first page's).
function Layout() {
  return <main>{`layout ${String(useLoaderData())}`}<Outlet /></main>;
}
function Item() {
  return <p>{`item ${useParams().id} ${JSON.stringify(useLoaderData())}`}</p>;
}
function Failed() {
  return <p>{`failed ${String((useRouteError() as Error).message)}`}</p>;
}
const routes = [{
  id: 'root', path: '/', Component: Layout, loader: () => 'root data',
  children: [
    { id: 'item', path: 'items/:id', Component: Item, ErrorBoundary: Failed, loader: ({ params }: { params: { id?: string } }) => {
      if (params.id === 'broken') throw new Error('no such item');
      return { id: params.id };
    } },
    { id: 'home', index: true, Component: () => <p>home</p> },
  ],
}];

const query = async (handler: ReturnType<typeof createStaticHandler>, path: string) => {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  return context;
};
const rendered = (router: ReturnType<typeof createStaticRouter>, context: StaticHandlerContext) =>
  renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);

describe('the static router kept per handler', () => {
  it('renders each page as a router made for it alone', async () => {
    const handler = createStaticHandler(routes);
    const paths = ['/items/1', '/', '/items/two', '/items/broken', '/items/1'];
    const pages: string[] = [];
    for (const path of paths) {
      const context = await query(handler, path);
      const kept = staticRouterFor(handler, context);
      const own = createStaticRouter(handler.dataRoutes, context);
      const html = rendered(kept, context);
      expect(html, path).toBe(rendered(own, context));
      expect(kept.state.location.pathname).toBe(path);
      expect(kept.state.matches.map((match) => [match.route.id, match.params])).toEqual(own.state.matches.map((match) => [match.route.id, match.params]));
      expect(kept.basename).toBe(own.basename);
      pages.push(html);
    }
    expect(pages[0]).toContain('item 1 {&quot;id&quot;:&quot;1&quot;}');
    expect(pages[2]).toContain('item two');
    expect(pages[3]).toContain('failed no such item');
    expect(pages[4]).toBe(pages[0]);
  });

  it('keeps the routes of each handler apart', async () => {
    const one = createStaticHandler(routes);
    const other = createStaticHandler([{ id: 'root', path: '/', Component: () => <p>other tree</p> }]);
    expect(rendered(staticRouterFor(one, await query(one, '/')), await query(one, '/'))).toContain('home');
    expect(rendered(staticRouterFor(other, await query(other, '/')), await query(other, '/'))).toContain('other tree');
    expect(rendered(staticRouterFor(other, await query(other, '/')), await query(other, '/'))).not.toContain('home');
  });

  it('makes a tree with lazy routes a router of its own for each page (its routes change as they load)', async () => {
    const handler = createStaticHandler([{ id: 'root', path: '/', Component: () => <p>root</p> }, { id: 'later', path: '/later', lazy: async () => ({ Component: () => <p>loaded later</p> }) }]);
    const first = await query(handler, '/');
    expect(rendered(staticRouterFor(handler, first), first)).toContain('root');
    const later = await query(handler, '/later');
    expect(rendered(staticRouterFor(handler, later), later)).toContain('loaded later');
  });
});
