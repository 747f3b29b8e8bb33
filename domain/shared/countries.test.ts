import { describe, expect, it } from 'vitest';
import { COUNTRIES, DIAL_PREFIX_BY_COUNTRY, dialPrefixChoices, flagEmoji, flagUnicode } from './countries.ts';

// SPEC §3 country entry (code, name, emoji, unicode) and its table of dial prefixes.
describe('countries', () => {
  it('each has its flag as emoji and code points, and a name in both languages', () => {
    expect(flagEmoji('IL')).toBe('🇮🇱');
    expect(flagUnicode('IL')).toBe('U+1F1EE U+1F1F1');
    const israel = COUNTRIES.find((entry) => entry.code === 'IL')!;
    expect(israel).toEqual({ code: 'IL', name: { en: 'Israel', he: 'ישראל' }, emoji: '🇮🇱', unicode: 'U+1F1EE U+1F1F1' });
    for (const entry of COUNTRIES) {
      expect(entry.code).toMatch(/^[A-Z]{2}$/);
      expect(entry.name.he, entry.code).toMatch(/[\u0590-\u05ff]/);
      expect(entry.name.en, entry.code).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect([...entry.emoji]).toHaveLength(2);
    }
  });

  it('maps every country to its dial prefix, and offers each prefix once with every country that dials it', () => {
    expect(Object.keys(DIAL_PREFIX_BY_COUNTRY).sort()).toEqual(COUNTRIES.map((entry) => entry.code).sort());
    for (const prefix of Object.values(DIAL_PREFIX_BY_COUNTRY)) expect(prefix).toMatch(/^\+[1-9]\d{0,3}$/);
    const choices = dialPrefixChoices();
    expect(new Set(choices.map((choice) => choice.prefix)).size).toBe(choices.length);
    expect(choices[0]).toMatchObject({ prefix: '+972', countries: [{ code: 'IL' }] });
    expect(choices.find((choice) => choice.prefix === '+1')!.countries.map((entry) => entry.code)).toEqual(['US', 'CA']);
    expect(choices.find((choice) => choice.prefix === '+7')!.countries.map((entry) => entry.code)).toEqual(['RU', 'KZ']);
  });
});
