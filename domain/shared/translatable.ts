import { z } from 'zod';

// A translatable text (SPEC §3 "translatable"): one value per locale. Hebrew is the default locale;
// at least one locale must be filled, and a max length applies to every locale.
export const Locale = z.enum(['he', 'en']);
export type Locale = z.infer<typeof Locale>;

export function translatable(options: { max?: number; required?: boolean } = {}) {
  const text = options.max === undefined ? z.string().trim() : z.string().trim().max(options.max);
  const shape = z.strictObject({ he: text.optional(), en: text.optional() });
  return options.required === false
    ? shape
    : shape.refine((value) => Boolean(value.he) || Boolean(value.en), { message: 'Required in at least one language' });
}
export type Translatable = { he?: string; en?: string };

const HEBREW_LETTER = /[\u05D0-\u05EA]/g;
const LATIN_LETTER = /[A-Za-z]/g;

/** The language one text is written in, from its script: Hebrew when most of its letters (tags left out)
 * are Hebrew, else English (the default, Hebrew, when it has no letters at all). */
export function languageOfScript(text: string): Locale {
  const plain = text.replace(/<[^>]*>/g, ' ');
  const hebrew = plain.match(HEBREW_LETTER)?.length ?? 0;
  const latin = plain.match(LATIN_LETTER)?.length ?? 0;
  return hebrew >= latin ? 'he' : 'en';
}

/** One text as a translatable value: the text in the language of its script (blank: no language). */
export const asTranslatable = (value: string): Translatable => (value.trim() ? { [languageOfScript(value)]: value } : {});

/**
 * A field that once was one text and is now translatable (a vendor's about and general info, a product's
 * intro text and information). A plain string — in events recorded before, and from API callers that
 * still send one — is read as that text in the language its author wrote it in (`languageOfScript`).
 */
export function translatableText(options: { max?: number; required?: boolean } = {}) {
  return z.preprocess((value) => (typeof value === 'string' ? asTranslatable(value) : value), translatable(options));
}

/** The text for a locale, falling back to the other one. */
export const pick = (value: Translatable | undefined, locale: Locale): string =>
  value?.[locale] || value?.[locale === 'he' ? 'en' : 'he'] || '';
