import type { Locale, Money, Text } from '../api/view-models.ts';
import { languageTag } from './locale-path.ts';

// Prices are ILS only (SPEC §9), formatted for the page's locale; times are shown in Israel time so
// the server pass and the browser render the same text.
export const ISRAEL_TIME_ZONE = 'Asia/Jerusalem';

const priceFormats = new Map<Locale, Intl.NumberFormat>();
export function formatPrice(money: Money, locale: Locale): string {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(languageTag(locale), { style: 'currency', currency: 'ILS', maximumFractionDigits: 2, minimumFractionDigits: 0 });
    priceFormats.set(locale, format);
  }
  return format.format(money.amountMinor / 100);
}

export const formatDate = (iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string =>
  iso ? new Intl.DateTimeFormat(languageTag(locale), { timeZone: ISRAEL_TIME_ZONE, ...options }).format(new Date(iso)) : '';

export const formatDateTime = (iso: string, locale: Locale): string =>
  formatDate(iso, locale, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' });

export const formatTime = (iso: string, locale: Locale): string =>
  formatDate(iso, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A translatable text in the page's language, falling back to the other one. */
export const tr = (value: Text | null | undefined, locale: Locale): string =>
  value?.[locale] || value?.[locale === 'he' ? 'en' : 'he'] || '';
