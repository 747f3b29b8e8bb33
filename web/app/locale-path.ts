import type { Locale } from '../api/view-models.ts';
import { withoutTrackedParameters } from './tracking.ts';

// Hebrew is unprefixed, English lives under /en (SPEC's paths).
export const LOCALES: readonly Locale[] = ['he', 'en'];
export const languageTag = (locale: Locale): string => (locale === 'he' ? 'he-IL' : 'en-US');
export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'he' ? 'rtl' : 'ltr');

export const localeOfPath = (pathname: string): Locale => (pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'he');

/** The path without its locale prefix: /en/search → /search. */
export const stripLocale = (pathname: string): string => (localeOfPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname);

/** A locale-free path (/search) in a locale: /search or /en/search. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === 'he') return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/** The same page in the other language, query kept except the tracked parameters (SPEC §9: links are not overloaded with them). */
export function switchLocale(pathname: string, search: string, to: Locale): string {
  return `${localizedPath(to, stripLocale(pathname))}${withoutTrackedParameters(search)}`;
}
