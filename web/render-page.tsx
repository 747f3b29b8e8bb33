import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, isRouteErrorResponse, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { routeTree } from './app/routes.tsx';
import { loadRouteGroups, routeGroupsOf, stylesheetHref, stylesheetsOf, type RouteGroup } from './app/route-groups.ts';
import { localeOfPath } from './app/locale-path.ts';
import { DocumentAssetsContext, SCRIPT_LOADER } from './app/document.tsx';
import { createReusedMarkup, ReusedMarkupContext } from './app/reused-markup.tsx';
import { i18nFor } from './i18n/i18n.ts';
import type { WebEnvironment } from './app/environment.ts';
import type { Locale } from './api/view-models.ts';
import { isApiError } from './api/api-error.ts';
import { RETRY_AFTER_SECONDS } from '../infra/engine-unavailable.ts';
import { staticRouterFor } from './kept-static-router.ts';
import { jsonWithKeptTexts } from './kept-json.ts';

// The server pass: run the loaders of the matched routes, then render the whole document with
// their data and the script that hands the same data to the browser router.
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** `inlineScripts`: the text of every inline script in `html`, for the page's Content-Security-Policy. */
  | { kind: 'html'; status: number; html: string; inlineScripts: string[]; retryAfterSeconds?: number };

// react-router matches a URL by flattening and ranking every route of the tree at each request: over
// the whole tree (both locales, every group: 185 routes) that takes ~0.8 ms, half a vendor page's
// render. A request is matched against the tree of its locale with only the groups its path lies
// under, as the browser holds it (~0.14 ms): the same routes match, with the same ids. One handler per
// locale and set of groups, made on first use.
const handlers = new Map<string, Promise<StaticHandler>>();

/**
 * The locale branch and the route groups a path may match: decided on the path decoded and in lower
 * case, since react-router matches that way (a superset: a group it names but cannot match costs a
 * little matching, never a page).
 */
export function routesOfPath(pathname: string): { locale: Locale; groups: RouteGroup[] } {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Malformed escapes: react-router keeps them as they are too.
  }
  path = path.toLowerCase();
  return { locale: localeOfPath(path), groups: routeGroupsOf(path) };
}

/** The static handler for a request's path (routesOfPath). */
export function staticHandlerFor(pathname: string): Promise<StaticHandler> {
  const { locale, groups } = routesOfPath(pathname);
  const key = `${locale} ${groups.map((group) => group.name).join(' ')}`;
  let handler = handlers.get(key);
  if (!handler) {
    handler = loadRouteGroups(groups).then((loaded) => createStaticHandler(routeTree(loaded, locale)));
    handlers.set(key, handler);
  }
  return handler;
}

// The parts of the page rendered once per set of inputs and then written as markup (the header, its menus, the footer).
const reusedMarkup = createReusedMarkup();

/** What createBrowserRouter reads back (react-router's own format, errors serialized). */
function hydrationScriptOf(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([routeId, error]) => [routeId,
      isRouteErrorResponse(error)
        ? { ...error, __type: 'RouteErrorResponse' }
        : { message: error instanceof Error ? error.message : 'Unexpected error', __type: 'Error' }]))
    : null;
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors };
  // JSON is a JavaScript literal; `<` is escaped so no value can close the script element. The shared,
  // frozen values a route's data holds (data → loaderData → a route → its field → theirs) are written once.
  return `window.__staticRouterHydrationData = ${jsonWithKeptTexts(data, 4)!.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')};`;
}

/**
 * The page's route groups' stylesheets (web/app/route-groups.ts), linked right after `app`, which the
 * document links: render-blocking like it, so the page's first paint is styled. The browser's hydration
 * passes over them (React leaves elements it did not render in <head>), and links the sheets of a group
 * it navigates to the same way (linkRouteGroupStylesheets).
 */
function withGroupStylesheets(html: string, pathname: string, appHref: string): string {
  const links = stylesheetsOf(routesOfPath(pathname).groups)
    .map((name) => stylesheetHref(appHref, name)).filter((href) => href !== null)
    .map((href) => `<link rel="stylesheet" href="${href}"/>`).join('');
  const app = `<link rel="stylesheet" href="${appHref}"/>`;
  return links && html.includes(app) ? html.replace(app, () => app + links) : html;
}

export async function renderPage(
  request: Request, environment: WebEnvironment, locale: Locale, assets: { script: string; stylesheet: string; modulePreloads?: string[] },
  logError: (error: unknown, message: string) => void = (error, message) => console.error(message, error),
): Promise<RenderResult> {
  const pages = await staticHandlerFor(new URL(request.url).pathname);
  const context = await pages.query(request, { requestContext: environment });
  // Route error responses (404 and the like) are answers; anything else that failed is logged.
  if (!(context instanceof Response) && context.errors) {
    for (const error of Object.values(context.errors)) {
      if (!isRouteErrorResponse(error)) logError(error, `server pass of ${new URL(request.url).pathname} failed`);
    }
  }
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) return { kind: 'redirect', status: context.status, location };
    return { kind: 'html', status: context.status, html: await context.text(), inlineScripts: [] };
  }
  const router = staticRouterFor(pages, context);
  const hydrationScript = hydrationScriptOf(context);
  const i18n = i18nFor(locale);
  const reused = reusedMarkup.forRender((element) => renderToString(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>));
  // The parts rendered as components are kept for the next pages, and their holes filled (reused-markup.tsx).
  const html = reused.keepRenderedParts(renderToString(
    <DocumentAssetsContext value={{ ...assets, hydrationScript }}>
      <ReusedMarkupContext value={reused}>
        <I18nextProvider i18n={i18n}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </I18nextProvider>
      </ReusedMarkupContext>
    </DocumentAssetsContext>,
  ));
  // An API that answered 503 (an engine away for a moment) makes the page a 503 too, with its Retry-After:
  // the visitor's browser, a crawler and a load balancer all know to come back rather than see a bug.
  const unavailable = Object.values(context.errors ?? {}).some((error) => isApiError(error) && error.status === 503);
  return {
    kind: 'html', status: unavailable ? 503 : context.statusCode,
    html: `<!DOCTYPE html>${withGroupStylesheets(html, new URL(request.url).pathname, assets.stylesheet)}`, inlineScripts: [hydrationScript, SCRIPT_LOADER],
    ...(unavailable ? { retryAfterSeconds: RETRY_AFTER_SECONDS } : {}),
  };
}
