import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { createHashRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { routeTree } from './routes.tsx';
import { loadRouteGroups, routeGroups } from './route-groups.ts';
import { addRouteGroupMessages } from './route-group-messages.ts';
import { useRootData } from './root-data.ts';
import { directionOf, languageTag } from './locale-path.ts';
import { FavoritesProvider } from './favorites.tsx';
import { environmentOf } from './environment.ts';
import { Toasts } from './toasts.tsx';
import { StartUp } from './startup.tsx';

// The client-only shell outside production (web/app/history-mode.ts, SPEC §9 hash history): the server
// sends /app-shell with no page in it and no data, and the browser renders every page itself on hash
// history (`/app-shell#/en/search`), with the same routes, loaders and components as the server-rendered
// pages. The document itself is the shell's: the root renders what the server's Document renders inside
// <body>, and keeps the document's language and direction in step with the page's.
function ClientOnlyDocument() {
  const data = useRootData();
  useEffect(() => {
    const root = document.documentElement;
    root.lang = data.locale;
    root.dir = directionOf(data.locale);
    root.dataset.languageTag = languageTag(data.locale);
  }, [data.locale]);
  return (
    <>
      <FavoritesProvider initial={data.favorites} user={data.user} environment={() => environmentOf(undefined)}>
        <Outlet />
      </FavoritesProvider>
      <Toasts />
      <StartUp />
    </>
  );
}

/** A failure of the root loader itself (the API is down): words, not a second <html> inside the shell. */
function ClientOnlyRootError() {
  return <main id="main" className="page narrow error-page"><h1>{document.documentElement.lang === 'en' ? 'Something went wrong' : 'משהו השתבש'}</h1></main>;
}

/** While the first page's loaders run (nothing was rendered by a server). */
function ClientOnlyLoading() {
  return <main id="main" className="page" aria-busy="true"><span className="spinner" aria-hidden="true" /></main>;
}

/** Renders the app into the shell's `#app` with hash history; every route group is loaded first (a development page). */
export async function startClientOnlyApp(i18n: i18n): Promise<void> {
  // The English shell (/en/app-shell) starts on the English home.
  if (!window.location.hash && document.documentElement.lang === 'en') window.location.hash = '#/en';
  const loaded = await loadRouteGroups(routeGroups, () => addRouteGroupMessages(i18n));
  const [root, ...rest] = routeTree(loaded);
  const tree: RouteObject[] = [{ ...root!, Component: ClientOnlyDocument, ErrorBoundary: ClientOnlyRootError, HydrateFallback: ClientOnlyLoading } as RouteObject, ...rest];
  const router = createHashRouter(tree);
  const container = document.getElementById('app');
  if (!container) throw new Error('The client-only shell has no #app element');
  container.dataset.history = 'hash';
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}
