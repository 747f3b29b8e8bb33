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

// Building an Intl.DateTimeFormat costs ~70 µs, using one ~1 µs: pages ask for the same few formats over
// and over (a date per order row, a label per calendar day), so each is built once per process.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** The shared Intl.DateTimeFormat of a language tag and options. */
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

export const formatDate = (iso: string, locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string =>
  iso ? dateTimeFormat(languageTag(locale), { timeZone: ISRAEL_TIME_ZONE, ...options }).format(new Date(iso)) : '';

export const formatDateTime = (iso: string, locale: Locale): string =>
  formatDate(iso, locale, { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23' });

export const formatTime = (iso: string, locale: Locale): string =>
  formatDate(iso, locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A translatable text in the page's language, falling back to the other one (for attributes and
 * plain strings; visible text goes through <Translated> or <WrittenText>, which mark a fallback). */
export const tr = (value: Text | null | undefined, locale: Locale): string => translated(value, locale).text;

const otherLocale = (locale: Locale): Locale => (locale === 'he' ? 'en' : 'he');

/** A translatable text as shown on a page of `locale`: the text, the language it is in, and whether it
 * is the other language standing in for a missing one. */
export interface ShownText { text: string; lang: Locale; fallback: boolean }

export function translated(value: Text | null | undefined, locale: Locale): ShownText {
  const own = value?.[locale]?.trim();
  if (own) return { text: own, lang: locale, fallback: false };
  const other = value?.[otherLocale(locale)]?.trim();
  if (other) return { text: other, lang: otherLocale(locale), fallback: true };
  return { text: '', lang: locale, fallback: false };
}

const HEBREW_LETTER = /[\u05D0-\u05EA]/g;
const LATIN_LETTER = /[A-Za-z]/g;

/** The language a single-language text (an about, a review, a product's intro) is written in, from its
 * script: Hebrew when most of its letters are Hebrew, English when most are Latin; null when it has no
 * letters (a number, an emoji). The domain stores these as one text without their language. */
export function languageOfText(text: string | null | undefined): Locale | null {
  const plain = (text ?? '').replace(/<[^>]*>/g, ' ');
  const hebrew = plain.match(HEBREW_LETTER)?.length ?? 0;
  const latin = plain.match(LATIN_LETTER)?.length ?? 0;
  if (hebrew === 0 && latin === 0) return null;
  return hebrew >= latin ? 'he' : 'en';
}

/** A single-language text as shown on a page of `locale`: marked as a fallback when it is written in the other language. */
export function writtenText(text: string | null | undefined, locale: Locale): ShownText {
  const value = (text ?? '').trim();
  const lang = languageOfText(value) ?? locale;
  return { text: value, lang, fallback: lang !== locale };
}
