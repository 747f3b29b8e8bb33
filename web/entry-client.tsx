import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes.tsx';
import { DocumentAssetsContext } from './app/document.tsx';
import { createEnvironment, setBrowserEnvironment } from './app/environment.ts';
import { createApiClient } from './api/client.ts';
import { genericErrorMessageKey } from './api/api-error.ts';
import { browserCookies, renewOrDropSession } from './app/session.ts';
import { TOKEN_COOKIE } from './app/cookies.ts';
import { languageTag } from './app/locale-path.ts';
import { publishToast } from './app/toasts.tsx';
import { i18nFor } from './i18n/i18n.ts';

// The browser takes over the server-rendered document: same routes, data from the hydration script.
const locale = document.documentElement.lang === 'en' ? 'en' : 'he';
const API_BASE = '/api';
const api = createApiClient({
  baseUrl: API_BASE,
  getToken: () => browserCookies()[TOKEN_COOKIE] ?? null,
  getLocale: () => languageTag(locale),
  onError: (error) => publishToast({ kind: 'error', messageKey: genericErrorMessageKey(error.status) }),
  onSuccess: () => publishToast({ kind: 'success', messageKey: 'core.genericSuccess' }),
  onUnauthorized: () => renewOrDropSession(API_BASE),
});
setBrowserEnvironment(createEnvironment({
  api, isServer: false, locale, cookies: browserCookies, hasToken: () => Boolean(browserCookies()[TOKEN_COOKIE]),
}));

const assets = {
  script: document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? '',
  stylesheet: document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.getAttribute('href') ?? '',
  hydrationScript: document.querySelector<HTMLScriptElement>('script:not([src])')?.textContent ?? '',
};
const router = createBrowserRouter(routes);

hydrateRoot(
  document,
  <DocumentAssetsContext value={assets}>
    <I18nextProvider i18n={i18nFor(locale)}>
      <RouterProvider router={router} />
    </I18nextProvider>
  </DocumentAssetsContext>,
);
