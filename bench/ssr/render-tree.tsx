import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { routeTree } from '../../web/app/routes.tsx';
import { loadRouteGroups, routeGroups } from '../../web/app/route-groups.ts';
import { DocumentAssetsContext } from '../../web/app/document.tsx';
import { createEnvironment } from '../../web/app/environment.ts';
import { createApiClient } from '../../web/api/client.ts';
import { localeOfPath, languageTag } from '../../web/app/locale-path.ts';
import { i18nFor } from '../../web/i18n/i18n.ts';

// The SSR baseline: the storefront's own tree (web/render-page.tsx builds the same one), rendered by
// renderToString from loader data fetched once beforehand, so no HTTP and no loader in the loop.
const handler = createStaticHandler(routeTree(await loadRouteGroups(routeGroups)));
const assets = { script: '/assets/app.js', stylesheet: '/assets/app.css' };

/** The hydration data script, serialized as web/render-page.tsx does (part of the page's cost). */
const hydrationScriptOf = (context: StaticHandlerContext): string =>
  `window.__staticRouterHydrationData = ${JSON.stringify({ loaderData: context.loaderData, actionData: context.actionData, errors: null }).replace(/</g, '\\u003c')};`;

/** Runs the page's loaders once against the real API (guest) and keeps what they answered. */
export async function loadPageData(baseUrl: string, path: string): Promise<{ context: StaticHandlerContext; locale: ReturnType<typeof localeOfPath> }> {
  const locale = localeOfPath(path);
  const api = createApiClient({ baseUrl: `${baseUrl}/api`, getToken: () => null, getLocale: () => languageTag(locale) });
  const environment = createEnvironment({ api, isServer: true, locale, cookies: () => ({}), hasToken: () => false });
  const context = await handler.query(new Request(new URL(path, baseUrl)), { requestContext: environment });
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}, not a page`);
  return { context, locale };
}

/** The render alone: the same tree, the same data. */
export function renderTree(context: StaticHandlerContext, locale: ReturnType<typeof localeOfPath>): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return `<!DOCTYPE html>${renderToString(
    <DocumentAssetsContext value={{ ...assets, hydrationScript: hydrationScriptOf(context) }}>
      <I18nextProvider i18n={i18nFor(locale)}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </I18nextProvider>
    </DocumentAssetsContext>,
  )}`;
}
