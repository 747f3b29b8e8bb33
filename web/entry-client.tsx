import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routeTree } from './app/routes.tsx';
import { loadRouteGroups, routeGroupPatcher, routeGroupsOf, type LoadedRouteGroups } from './app/route-groups.ts';
import { isChunkError, shouldReloadOnce, showChunkErrorNotice } from './app/chunk-recovery.ts';
import { historyModeOf } from './app/history-mode.ts';
// Static, not import(): its modules are the entry's own, and a dynamic import would split them into a shared chunk.
import { startClientOnlyApp } from './app/client-only-app.tsx';
import { DocumentAssetsContext } from './app/document.tsx';
import { createEnvironment, setBrowserEnvironment } from './app/environment.ts';
import { createApiClient } from './api/client.ts';
import { genericErrorMessageKey } from './api/api-error.ts';
import { browserCookies, browserHasSession, renewOrDropSession, sessionHeaders, writeBrowserCookie } from './app/session.ts';
import { languageTag } from './app/locale-path.ts';
import { publishToast } from './app/toasts.tsx';
import { createI18n } from './i18n/i18n-instance.ts';
import { KeepTypedInput } from './app/typed-before-hydration.ts';
import { addRouteGroupMessages } from './app/route-group-messages.ts';

// The browser takes over the server-rendered document: same routes, data from the hydration script.
const locale = document.documentElement.lang === 'en' ? 'en' : 'he';
// Only the page's language (its chunk is preloaded by the document): another language is another URL.
const { messages } = locale === 'en' ? await import('page-messages:en') : await import('page-messages:he');
const API_BASE = '/api';
// No token in the browser's code: the session is in HttpOnly cookies, which the /api bridge reads
// for calls that say so (web/session-cookies.ts).
const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => null,
  headers: sessionHeaders(),
  hasSession: browserHasSession,
  getLocale: () => languageTag(locale),
  onError: (error) => publishToast({ kind: 'error', messageKey: genericErrorMessageKey(error.status) }),
  onSuccess: () => publishToast({ kind: 'success', messageKey: 'core.genericSuccess' }),
  onUnauthorized: renewOrDropSession,
});
setBrowserEnvironment(createEnvironment({
  api, isServer: false, locale, cookies: browserCookies, setCookie: writeBrowserCookie, hasToken: browserHasSession,
}));

// SPEC §9 history (web/app/history-mode.ts): a page the server rendered hydrates on web history; the
// client-only shell of development (no server pass) renders on hash history instead.
const serverRendered = typeof (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData === 'object';
if (historyModeOf({ production: process.env.NODE_ENV === 'production', serverRendered }) === 'hash') {
  await startClientOnlyApp(createI18n(locale, messages));
  await new Promise<never>(() => {});
}

// The document's assets as the server named them, so the browser renders the same <head> and scripts.
const loader = document.querySelector<HTMLScriptElement>('script[data-entry]');
const assets = {
  script: loader?.dataset.entry ?? '',
  stylesheet: document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute('href') ?? '',
  hydrationScript: document.querySelector<HTMLScriptElement>('script:not([src]):not([data-entry]):not([type])')?.textContent ?? '',
  modulePreloads: loader?.dataset.preloads?.split(' ').filter(Boolean) ?? [],
};
// The page's own lazily loaded screens are in place before hydration, so the first render matches the
// server's (their chunks are already preloaded by the document); other groups load on navigation.
const i18n = createI18n(locale, messages);
const addGroupMessages = () => addRouteGroupMessages(i18n);
const loadedGroups = await loadRouteGroups(routeGroupsOf(window.location.pathname), addGroupMessages).catch(async (error: unknown): Promise<LoadedRouteGroups> => {
  // The page's code could not be loaded (web/app/chunk-recovery.ts): load the page afresh once; then say
  // so over the server's HTML, which stays readable, and do not hydrate a page whose routes are missing.
  if (shouldReloadOnce(window.location.pathname + window.location.search, sessionStorage)) window.location.reload();
  else {
    const kind = isChunkError(error) ? error.kind : 'load';
    showChunkErrorNotice(document, { title: i18n.t('chunkError.title'), reason: i18n.t(`chunkError.${kind}`), reload: i18n.t('chunkError.reload') });
  }
  return new Promise<never>(() => {});
});
const router = createBrowserRouter(routeTree(loadedGroups), { patchRoutesOnNavigation: routeGroupPatcher(loadedGroups, addGroupMessages) });

// The page is already on screen, so hydrating it is not urgent: after a yield (the modules' evaluation
// is one task, hydration others) and as a transition, which React renders in slices that let the
// browser answer input in between, instead of one long task blocking the main thread (Total Blocking Time).
await new Promise((resolve) => setTimeout(resolve));
startTransition(() => {
  hydrateRoot(
    document,
    <DocumentAssetsContext value={assets}>
      <I18nextProvider i18n={i18n}>
        <KeepTypedInput>
          <RouterProvider router={router} />
        </KeepTypedInput>
      </I18nextProvider>
    </DocumentAssetsContext>,
  );
});
