import type { Translatable } from './translatable.ts';

// SPEC §3 country entry: "code, name, emoji, unicode, flag image; a table maps country codes to dial
// prefixes". The countries a phone can be chosen from: Israel first, then where people who book
// artists in Israel call from most (the US, Europe, the former Soviet Union, Ethiopia, Latin
// America). Names in both languages are written here, not taken from the runtime's Intl data, so the
// server pass and every browser print the same words. The flag is the country's emoji (two regional
// indicator letters): a phone prefix is chosen in a <select>, whose options hold text only, so no flag
// image is served.
export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: Translatable;
  /** The flag: the code's two regional indicator symbols. */
  emoji: string;
  /** The flag's code points, as SPEC §3 lists them (`U+1F1EE U+1F1F1`). */
  unicode: string;
}

const REGIONAL_INDICATOR_A = 0x1f1e6;
const codePointsOf = (code: string) => [...code.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65);

/** 🇮🇱 for IL. */
export const flagEmoji = (code: string): string => String.fromCodePoint(...codePointsOf(code));
export const flagUnicode = (code: string): string => codePointsOf(code).map((point) => `U+${point.toString(16).toUpperCase()}`).join(' ');

const country = (code: string, en: string, he: string): Country => ({ code, name: { en, he }, emoji: flagEmoji(code), unicode: flagUnicode(code) });

export const COUNTRIES: readonly Country[] = [
  country('IL', 'Israel', 'ישראל'),
  country('US', 'United States', 'ארצות הברית'),
  country('CA', 'Canada', 'קנדה'),
  country('GB', 'United Kingdom', 'בריטניה'),
  country('FR', 'France', 'צרפת'),
  country('DE', 'Germany', 'גרמניה'),
  country('NL', 'Netherlands', 'הולנד'),
  country('BE', 'Belgium', 'בלגיה'),
  country('CH', 'Switzerland', 'שווייץ'),
  country('IT', 'Italy', 'איטליה'),
  country('ES', 'Spain', 'ספרד'),
  country('PL', 'Poland', 'פולין'),
  country('RU', 'Russia', 'רוסיה'),
  country('KZ', 'Kazakhstan', 'קזחסטן'),
  country('UA', 'Ukraine', 'אוקראינה'),
  country('BY', 'Belarus', 'בלארוס'),
  country('MD', 'Moldova', 'מולדובה'),
  country('GE', 'Georgia', 'גאורגיה'),
  country('AZ', 'Azerbaijan', 'אזרבייג׳ן'),
  country('UZ', 'Uzbekistan', 'אוזבקיסטן'),
  country('ET', 'Ethiopia', 'אתיופיה'),
  country('ZA', 'South Africa', 'דרום אפריקה'),
  country('AR', 'Argentina', 'ארגנטינה'),
  country('BR', 'Brazil', 'ברזיל'),
  country('MX', 'Mexico', 'מקסיקו'),
  country('AU', 'Australia', 'אוסטרליה'),
];

/** SPEC §3: country code → dial prefix. */
export const DIAL_PREFIX_BY_COUNTRY: Readonly<Record<string, string>> = {
  IL: '+972', US: '+1', CA: '+1', GB: '+44', FR: '+33', DE: '+49', NL: '+31', BE: '+32', CH: '+41', IT: '+39', ES: '+34', PL: '+48',
  RU: '+7', KZ: '+7', UA: '+380', BY: '+375', MD: '+373', GE: '+995', AZ: '+994', UZ: '+998', ET: '+251', ZA: '+27', AR: '+54',
  BR: '+55', MX: '+52', AU: '+61',
};

/** One choice per dial prefix, with every country that dials it (+1: the United States and Canada), in the list's order. */
export function dialPrefixChoices(): { prefix: string; countries: Country[] }[] {
  const byPrefix = new Map<string, Country[]>();
  for (const entry of COUNTRIES) {
    const prefix = DIAL_PREFIX_BY_COUNTRY[entry.code]!;
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), entry]);
  }
  return [...byPrefix].map(([prefix, countries]) => ({ prefix, countries }));
}
