import { useTranslation } from '../i18n/use-translation.ts';
import { useLocation } from 'react-router';
import { useRootData } from './root-data.ts';
import { jsonLdText, pageAddresses, pathsInEveryLocale } from './seo.ts';
import { localizedPath } from './locale-path.ts';
import type { Locale } from '../api/view-models.ts';

// Title and meta description of a page, its canonical address and its other language (hreflang);
// React 19 hoists them into <head> on the server pass and in the browser.
export function PageMeta(props: {
  title: string;
  description?: string;
  /** The page's locale-free path in each language, when they differ (a vendor's name slug); default the current path in both. */
  paths?: Record<Locale, string>;
}) {
  const { t } = useTranslation();
  const { locale, origin } = useRootData();
  const location = useLocation();
  const title = `${props.title} | ${t('site.name')}`;
  const addresses = pageAddresses(origin, locale, props.paths ?? pathsInEveryLocale(location.pathname, location.search));
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={props.description ?? t('site.description')} />
      <meta property="og:title" content={title} />
      <meta property="og:url" content={addresses.canonical} />
      <link rel="canonical" href={addresses.canonical} />
      {addresses.alternates.map((alternate) => <link key={alternate.hrefLang} rel="alternate" hrefLang={alternate.hrefLang} href={alternate.href} />)}
    </>
  );
}

/** schema.org data of the page (web/app/seo.ts), as a JSON-LD data block: not a script that runs. */
export function StructuredData(props: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  return <script type="application/ld+json" data-testid="structured-data" dangerouslySetInnerHTML={{ __html: jsonLdText(props.data) }} />;
}

/** A locale-free path as an absolute address in the page's language (structured data names pages by their address). */
export function useAbsoluteUrl(): (path: string) => string {
  const { locale, origin } = useRootData();
  return (path) => `${origin}${localizedPath(locale, path)}`;
}
