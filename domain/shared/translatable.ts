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

/** The text for a locale, falling back to the other one. */
export const pick = (value: Translatable | undefined, locale: Locale): string =>
  value?.[locale] || value?.[locale === 'he' ? 'en' : 'he'] || '';
