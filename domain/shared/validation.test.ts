import { describe, expect, it } from 'vitest';
import { ProductDetails } from '../product/events.ts';
import { VendorProfile } from '../vendor/events.ts';
import {
  goodPassword, israeliId, israeliIdCheckDigitPasses, maxElementCount, normalizeIsraeliId, notExactlyFalse, phone,
  phoneObject, phoneString, requiredPassword, urlSafeString,
} from './validation.ts';

const ok = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('goodPassword (SPEC §5)', () => {
  it('lets an empty password pass', () => {
    expect(goodPassword.parse('')).toBe('');
    expect(goodPassword.parse(null)).toBe('');
    expect(goodPassword.parse(undefined)).toBe('');
  });
  it('needs at least 8 characters', () => {
    expect(ok(goodPassword, '1234567')).toBe(false);
    expect(goodPassword.parse('12345678')).toBe('12345678');
    expect(goodPassword.parse('a much longer passphrase')).toBe('a much longer passphrase');
  });
  it('turns a number into text before measuring it', () => {
    expect(goodPassword.parse(12345678)).toBe('12345678');
    expect(ok(goodPassword, 1234567)).toBe(false);
  });
  it('refuses other types', () => {
    expect(ok(goodPassword, true)).toBe(false);
    expect(ok(goodPassword, { length: 9 })).toBe(false);
  });
  it('requiredPassword also refuses the empty password', () => {
    expect(ok(requiredPassword, '')).toBe(false);
    expect(ok(requiredPassword, null)).toBe(false);
    expect(requiredPassword.parse('12345678')).toBe('12345678');
  });
});

describe('notExactlyFalse (SPEC §5)', () => {
  it('fails only on exactly false', () => {
    expect(ok(notExactlyFalse, false)).toBe(false);
    for (const value of [true, 0, '', null, undefined, 'false', [], {}]) expect(ok(notExactlyFalse, value)).toBe(true);
  });
});

describe('phone, string form (SPEC §5)', () => {
  it('accepts empty and null', () => {
    expect(ok(phoneString, '')).toBe(true);
    expect(ok(phoneString, null)).toBe(true);
  });
  it('accepts + then 12 digits, not starting with 0', () => {
    expect(ok(phoneString, '+972501234567')).toBe(true);
    expect(ok(phoneString, '+0972501234567'.slice(0, 13))).toBe(false); // +0…
  });
  it('needs exactly 13 characters', () => {
    expect(ok(phoneString, '+97250123456')).toBe(false); // 12
    expect(ok(phoneString, '+9725012345678')).toBe(false); // 14
  });
  it('needs the plus and digits only after it', () => {
    expect(ok(phoneString, '9725012345678')).toBe(false);
    expect(ok(phoneString, '+97250123456a')).toBe(false);
    expect(ok(phoneString, '+972 50123456')).toBe(false);
    expect(ok(phoneString, '++97250123456')).toBe(false);
  });
});

describe('phone, object form (SPEC §5)', () => {
  it('accepts a + prefix of at most 4 characters and a 9-digit number', () => {
    expect(ok(phoneObject, { prefix: '+972', number: '501234567' })).toBe(true);
    expect(ok(phoneObject, { prefix: '+1', number: '201555012' })).toBe(true);
  });
  it('refuses a prefix longer than 4, without +, or with non-digits', () => {
    expect(ok(phoneObject, { prefix: '+9725', number: '501234567' })).toBe(false);
    expect(ok(phoneObject, { prefix: '972', number: '501234567' })).toBe(false);
    expect(ok(phoneObject, { prefix: '+9a', number: '501234567' })).toBe(false);
    expect(ok(phoneObject, { prefix: '+', number: '501234567' })).toBe(false);
  });
  it('needs exactly 9 digits in the number', () => {
    expect(ok(phoneObject, { prefix: '+972', number: '50123456' })).toBe(false);
    expect(ok(phoneObject, { prefix: '+972', number: '5012345678' })).toBe(false);
    expect(ok(phoneObject, { prefix: '+972', number: '50123456x' })).toBe(false);
  });
  it('phone accepts either form', () => {
    expect(ok(phone, '+972501234567')).toBe(true);
    expect(ok(phone, { prefix: '+972', number: '501234567' })).toBe(true);
    expect(ok(phone, null)).toBe(true);
    expect(ok(phone, '0501234567')).toBe(false);
    expect(ok(phone, { prefix: '+972', number: '0501234567' })).toBe(false);
  });
});

describe('israeliId (SPEC §5)', () => {
  // Check sums worked by hand: 039337423 -> 0+6+9+6+3+(14->5)+4+4+3 = 40; 987654324 -> 50.
  it('accepts real valid ids and pads them to 9 digits', () => {
    expect(israeliId.parse('039337423')).toBe('039337423');
    expect(israeliId.parse('987654324')).toBe('987654324');
    expect(israeliId.parse('123456782')).toBe('123456782');
    expect(israeliId.parse('39337423')).toBe('039337423');
    expect(israeliId.parse('12344')).toBe('000012344'); // 5 digits: 1+4+3+8+4 = 20
  });
  it('trims whitespace', () => {
    expect(israeliId.parse('  123456782 ')).toBe('123456782');
    expect(israeliId.parse('\t12344\n')).toBe('000012344');
  });
  it('refuses a wrong check digit', () => {
    expect(ok(israeliId, '123456789')).toBe(false);
    expect(ok(israeliId, '039337424')).toBe(false);
    expect(ok(israeliId, '12345')).toBe(false);
  });
  it('needs 5 to 9 digits', () => {
    expect(ok(israeliId, '1234')).toBe(false); // 4 digits, even though 000001234 would be checked otherwise
    expect(ok(israeliId, '0018')).toBe(false);
    expect(ok(israeliId, '1234567820')).toBe(false); // 10 digits
    expect(ok(israeliId, '0123456782')).toBe(false); // 10 characters, even with a leading zero
  });
  it('needs digits only', () => {
    expect(ok(israeliId, '12345678a')).toBe(false);
    expect(ok(israeliId, '123-456-782')).toBe(false);
    expect(ok(israeliId, '')).toBe(false);
    expect(ok(israeliId, 123456782)).toBe(false);
  });
  it('exposes the check and the normalizer as functions', () => {
    expect(israeliIdCheckDigitPasses('000000018')).toBe(true); // 1*2 + 8 = 10
    expect(israeliIdCheckDigitPasses('000000019')).toBe(false);
    expect(israeliIdCheckDigitPasses('18')).toBe(false); // not 9 digits
    expect(normalizeIsraeliId(' 39337423 ')).toBe('039337423');
    expect(normalizeIsraeliId('1234')).toBe(null);
  });
});

describe('urlSafeString (SPEC §5)', () => {
  it('is valid only when equal to its URL-safe form', () => {
    expect(ok(urlSafeString, 'dj-tomer-levi')).toBe(true);
    expect(ok(urlSafeString, 'להקת-הכוכבים')).toBe(true);
    expect(ok(urlSafeString, 'DJ-Tomer')).toBe(false);
    expect(ok(urlSafeString, 'dj tomer')).toBe(false);
    expect(ok(urlSafeString, 'dj--tomer')).toBe(false);
    expect(ok(urlSafeString, '-dj')).toBe(false);
    expect(ok(urlSafeString, 'café')).toBe(false);
    expect(ok(urlSafeString, '')).toBe(false);
  });
  it('allows 200 characters, not 201', () => {
    expect(ok(urlSafeString, 'a'.repeat(200))).toBe(true);
    expect(ok(urlSafeString, 'a'.repeat(201))).toBe(false);
  });
});

describe('maxElementCount (SPEC §5)', () => {
  const atMostTwo = maxElementCount(2);
  it('counts array items', () => {
    expect(ok(atMostTwo, [])).toBe(true);
    expect(ok(atMostTwo, [1, 2])).toBe(true);
    expect(ok(atMostTwo, [1, 2, 3])).toBe(false);
  });
  it('counts object entries', () => {
    expect(ok(atMostTwo, {})).toBe(true);
    expect(ok(atMostTwo, { a: 1, b: 2 })).toBe(true);
    expect(ok(atMostTwo, { a: 1, b: 2, c: 3 })).toBe(false);
  });
  it('refuses what is neither an array nor an object', () => {
    expect(ok(atMostTwo, 'ab')).toBe(false);
    expect(ok(atMostTwo, null)).toBe(false);
  });
  it('max 0 allows only empty', () => {
    expect(ok(maxElementCount(0), [])).toBe(true);
    expect(ok(maxElementCount(0), [undefined])).toBe(false);
  });
});

describe('vendor profile (SPEC §5)', () => {
  const valid = {
    name: { he: 'להקת הכוכבים' },
    tagIds: [],
    intro: { he: 'x'.repeat(100) },
    languages: ['he'],
    originLocation: { he: 'y'.repeat(20) },
  };
  const errorPaths = (value: unknown) => (VendorProfile.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));

  it('accepts intro of 100 and originLocation of 20 characters', () => {
    expect(errorPaths(valid)).toEqual([]);
  });
  it('refuses intro of 101 characters, in any locale', () => {
    expect(errorPaths({ ...valid, intro: { he: 'x'.repeat(101) } })).toEqual(['intro.he']);
    expect(errorPaths({ ...valid, intro: { he: 'ok', en: 'x'.repeat(101) } })).toEqual(['intro.en']);
  });
  it('refuses originLocation of 21 characters', () => {
    expect(errorPaths({ ...valid, originLocation: { en: 'y'.repeat(21) } })).toEqual(['originLocation.en']);
  });
  it('requires intro, originLocation, name and languages', () => {
    const { intro: _i, originLocation: _o, name: _n, languages: _l, ...rest } = valid;
    expect(errorPaths(rest).sort()).toEqual(['intro', 'languages', 'name', 'originLocation']);
    expect(errorPaths({ ...valid, intro: {}, originLocation: { he: '  ' }, name: { en: '' }, languages: [] }).sort())
      .toEqual(['intro', 'languages', 'name', 'originLocation']);
  });
});

describe('product details (SPEC §5)', () => {
  const valid = {
    type: 'timedService',
    name: { he: 'הופעה' },
    information: '<p>Ninety minutes</p>',
    price: { amountMinor: 150000, currency: 'ILS' },
    introText: 'z'.repeat(250),
    serviceDuration: 90,
  };
  const errorPaths = (value: unknown) => (ProductDetails.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));

  it('accepts introText of 250 characters and an integer duration', () => {
    expect(errorPaths(valid)).toEqual([]);
  });
  it('refuses introText of 251 characters, in each language', () => {
    expect(errorPaths({ ...valid, introText: 'z'.repeat(251) })).toEqual(['introText.en']);
    expect(errorPaths({ ...valid, introText: { he: 'ש'.repeat(251), en: 'fine' } })).toEqual(['introText.he']);
  });
  it('keeps introText and information per language; one language is enough', () => {
    const parsed = ProductDetails.parse({ ...valid, introText: { he: 'שעה וחצי של מוזיקה', en: 'Ninety minutes of music' }, information: { en: '<p>All included</p>' } });
    expect(parsed.introText).toEqual({ he: 'שעה וחצי של מוזיקה', en: 'Ninety minutes of music' });
    expect(parsed.information).toEqual({ en: '<p>All included</p>' });
    expect(errorPaths({ ...valid, introText: { he: ' ', en: '' } })).toEqual(['introText']);
  });
  it('reads a plain string (an event recorded before, an older client) as the text in its own language', () => {
    const parsed = ProductDetails.parse({ ...valid, introText: 'הופעה חיה', information: '<p>Ninety <b>minutes</b></p>' });
    expect(parsed.introText).toEqual({ he: 'הופעה חיה' });
    expect(parsed.information).toEqual({ en: '<p>Ninety <b>minutes</b></p>' });
  });
  it('refuses a duration of 2.5, a negative one, and a text one', () => {
    expect(errorPaths({ ...valid, serviceDuration: 2.5 })).toEqual(['serviceDuration']);
    expect(errorPaths({ ...valid, serviceDuration: -1 })).toEqual(['serviceDuration']);
    expect(errorPaths({ ...valid, serviceDuration: '90' })).toEqual(['serviceDuration']);
  });
  it('requires name, information, price, currency, introText and serviceDuration', () => {
    const { name: _n, information: _i, price: _p, introText: _t, serviceDuration: _d, ...rest } = valid;
    expect(errorPaths(rest).sort()).toEqual(['information', 'introText', 'name', 'price', 'serviceDuration']);
    expect(errorPaths({ ...valid, price: { amountMinor: 100 } })).toEqual(['price.currency']);
    expect(errorPaths({ ...valid, price: { amountMinor: 100, currency: 'USD' } })).toEqual(['price.currency']);
    expect(errorPaths({ ...valid, introText: '   ', information: '' }).sort()).toEqual(['information', 'introText']);
  });
});
