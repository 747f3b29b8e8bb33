import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import { routeTree } from './app/routes.tsx';
import { loadRouteGroups, routeGroups } from './app/route-groups.ts';
import { DocumentAssetsContext, SCRIPT_LOADER } from './app/document.tsx';
import { i18nFor } from './i18n/i18n.ts';
import type { WebEnvironment } from './app/environment.ts';
import type { Locale } from './api/view-models.ts';

// The server pass: run the loaders of the matched routes, then render the whole document with
// their data and the script that hands the same data to the browser router.
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** `inlineScripts`: the text of every inline script in `html`, for the page's Content-Security-Policy. */
  | { kind: 'html'; status: number; html: string; inlineScripts: string[] };

// The server renders every route: all the groups the browser loads lazily are loaded once here.
let handler: Promise<StaticHandler> | null = null;
const staticHandler = () => (handler ??= loadRouteGroups(routeGroups).then((loaded) => createStaticHandler(routeTree(loaded))));

/** What createBrowserRouter reads back (react-router's own format, errors serialized). */
function hydrationScriptOf(context: StaticHandlerContext): string {
  const errors = context.errors
    ? Object.fromEntries(Object.entries(context.errors).map(([routeId, error]) => [routeId,
      isRouteErrorResponse(error)
        ? { ...error, __type: 'RouteErrorResponse' }
        : { message: error instanceof Error ? error.message : 'Unexpected error', __type: 'Error' }]))
    : null;
  const data = { loaderData: context.loaderData, actionData: context.actionData, errors };
  // JSON is a JavaScript literal; `<` is escaped so no value can close the script element.
  return `window.__staticRouterHydrationData = ${JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')};`;
}

export async function renderPage(
  request: Request, environment: WebEnvironment, locale: Locale, assets: { script: string; stylesheet: string; modulePreloads?: string[] },
  logError: (error: unknown, message: string) => void = (error, message) => console.error(message, error),
): Promise<RenderResult> {
  const pages = await staticHandler();
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
  const router = createStaticRouter(pages.dataRoutes, context);
  const hydrationScript = hydrationScriptOf(context);
  const html = renderToString(
    <DocumentAssetsContext value={{ ...assets, hydrationScript }}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </DocumentAssetsContext>,
  );
  return { kind: 'html', status: context.statusCode, html: `<!DOCTYPE html>${html}`, inlineScripts: [hydrationScript, SCRIPT_LOADER] };
}
