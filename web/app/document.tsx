import { createContext, useContext, type ReactNode } from 'react';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRootData } from './root-data.ts';
import { directionOf, languageTag } from './locale-path.ts';
import { FavoritesProvider } from './favorites.tsx';
import { environmentOf } from './environment.ts';
import { Toasts } from './toasts.tsx';
import { StartUp } from './startup.tsx';
import type { Locale } from '../api/view-models.ts';

// The whole HTML document is rendered by React (head included), so titles and meta tags of pages
// are hoisted into <head> and the browser hydrates `document`.
export interface DocumentAssets {
  script: string;
  stylesheet: string;
  /** Sets window.__staticRouterHydrationData; the browser passes the same text back so hydration matches. */
  hydrationScript: string;
}
export const DocumentAssetsContext = createContext<DocumentAssets>({ script: '', stylesheet: '', hydrationScript: '' });

const browserEnvironment = () => environmentOf(undefined);

function Html(props: { locale: Locale; children: ReactNode }) {
  const assets = useContext(DocumentAssetsContext);
  const { t } = useTranslation();
  return (
    <html lang={props.locale} dir={directionOf(props.locale)} data-language-tag={languageTag(props.locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="index, follow" />
        <meta name="theme-color" content="#6b2fa3" />
        <link rel="stylesheet" href={assets.stylesheet} />
        <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='8' fill='%236b2fa3'/%3E%3C/svg%3E" />
      </head>
      <body>
        <a className="skip-link" href="#main">{t('core.skipToContent')}</a>
        {props.children}
        <script dangerouslySetInnerHTML={{ __html: assets.hydrationScript }} />
        <script type="module" src={assets.script} />
      </body>
    </html>
  );
}

export function Document() {
  const data = useRootData();
  return (
    <Html locale={data.locale}>
      <FavoritesProvider initial={data.favorites} user={data.user} environment={browserEnvironment}>
        <Outlet />
      </FavoritesProvider>
      <Toasts />
      <StartUp />
    </Html>
  );
}

/** When even the root loader fails (the API is down): a bare page in the language of the URL. */
export function RootError() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'he';
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Html locale={locale}>
      <title>{t('errors.title')}</title>
      <main id="main" className="page narrow error-page">
        <h1>{t('errors.title')}</h1>
        <p>{t(status === 404 ? 'core.genericError404' : 'core.genericError500')}</p>
        <a href={locale === 'en' ? '/en' : '/'}>{t('errors.backHome')}</a>
      </main>
    </Html>
  );
}
