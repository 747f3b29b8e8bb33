import { createContext, useContext, type ReactNode } from 'react';
import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
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
  /** The entry and the chunks it and the page's routes import, requested together (SCRIPT_LOADER). */
  modulePreloads?: string[];
}
/**
 * Starts the bundle once the server's HTML is painted: the page is whole without it, and
 * on a slow link its ~300 KB would otherwise share the bandwidth with the stylesheet and the hero
 * photo and push the largest paint back. When the page preloads its hero photo (the vendor page),
 * that photo is painted first; a photo that never comes holds the bundle back 3 s at most. The entry
 * and its chunks (data-preloads, the page's route group's included) are requested together, so none
 * waits for the one importing it. A hidden tab paints nothing: there it starts at once. One fixed
 * text, so one hash in the page's Content-Security-Policy. That policy allows no eval, and zod probes
 * for it when it builds a schema (a reported violation): jitless mode, set here through the global
 * zod documents reading when it loads, so it holds before any chunk of the bundle runs.
 */
export const SCRIPT_LOADER = `(() => {
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
  const names = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of names.preloads.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    import(names.entry);
  };
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
  if (document.visibilityState !== 'visible') return start();
  const hero = document.querySelector('link[rel="preload"][as="image"][fetchpriority="high"]');
  if (!hero) return afterPaint();
  const photo = new Image();
  photo.src = hero.href;
  photo.decode().then(afterPaint, afterPaint);
  setTimeout(start, 3000);
})();`;

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
        <script data-entry={assets.script} data-preloads={(assets.modulePreloads ?? []).join(' ')} dangerouslySetInnerHTML={{ __html: SCRIPT_LOADER }} />
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
