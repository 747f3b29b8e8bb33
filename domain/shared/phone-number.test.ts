import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, OptionalPhoneNumber, PhoneNumber, phoneNumberOf, phoneNumberOfParts } from './phone-number.ts';

const parsed = (value: unknown) => {
  const result = PhoneNumber.safeParse(value);
  return result.success ? result.data : 'refused';
};

describe('PhoneNumber: what people type, stored as E.164', () => {
  it('reads an Israeli mobile in its local forms', () => {
    expect(parsed('050-123-4567')).toBe('+972501234567');
    expect(parsed('0501234567')).toBe('+972501234567');
    expect(parsed('050 123 4567')).toBe('+972501234567');
    expect(parsed('(050) 123-4567')).toBe('+972501234567');
    expect(parsed('052.123.4567')).toBe('+972521234567');
  });

  it('reads Israeli landlines (12 characters in E.164) and other national numbers', () => {
    expect(parsed('02-123-4567')).toBe('+97221234567');
    expect(parsed('03-1234567')).toBe('+97231234567');
    expect(parsed('(04) 123 4567')).toBe('+97241234567');
    expect(parsed('077-123-4567')).toBe('+972771234567');
  });

  it('reads +972 and 00972, with or without the local 0', () => {
    expect(parsed('+972501234567')).toBe('+972501234567');
    expect(parsed('+972 50-123-4567')).toBe('+972501234567');
    expect(parsed('+972 (0)50 123 4567')).toBe('+972501234567');
    expect(parsed('+972-2-123-4567')).toBe('+97221234567');
    expect(parsed('00972501234567')).toBe('+972501234567');
    // SPEC §5's shape (+ and 12 digits), but the 0 is the local one: the library reads it as 02-123-4567.
    expect(parsed('+972 02-123-4567')).toBe('+97221234567');
  });

  it('reads numbers of other countries with their prefix', () => {
    expect(parsed('+1 (212) 555-0123')).toBe('+12125550123');
    expect(parsed('+44 20 7946 0958')).toBe('+442079460958');
    expect(parsed('+33 6 12 34 56 78')).toBe('+33612345678');
  });

  it('ignores the direction marks a right-to-left page may put around a number', () => {
    expect(parsed('\u200e050-123-4567\u200e')).toBe('+972501234567');
    expect(parsed('\u2066+972 50 123 4567\u2069')).toBe('+972501234567');
    // The no-break hyphens of an example copied from a hint, an en dash, a no-break space.
    expect(parsed('050\u2011123\u20114567')).toBe('+972501234567');
    expect(parsed('02\u2013123\u00a04567')).toBe('+97221234567');
  });

  it('keeps every value SPEC §5 accepts: the string form as it is, the object form joined', () => {
    expect(parsed('+972500000000')).toBe('+972500000000');
    expect(parsed({ prefix: '+972', number: '501234567' })).toBe('+972501234567');
    expect(parsed({ prefix: '+44', number: '501234567' })).toBe('+44501234567');
  });

  it('takes a local number after the prefix in the object form', () => {
    expect(parsed({ prefix: '+972', number: '050-123-4567' })).toBe('+972501234567');
    expect(parsed({ prefix: '+972', number: '02-123-4567' })).toBe('+97221234567');
    expect(parsed({ prefix: '+44', number: '020 7946 0958' })).toBe('+442079460958');
  });

  it('refuses what is not a phone number, naming the field', () => {
    for (const garbage of ['', 'abc', '050-CALL-NOW', '123', '050-123-45678', '05-123', '+0501234567890', '+972000000000'.slice(0, 12), '+97212', '050 123 4567 ext 8', '0501234567; drop']) {
      expect(parsed(garbage), garbage).toBe('refused');
    }
    expect(parsed({ prefix: '972', number: '501234567' })).toBe('refused');
    expect(parsed({ prefix: '+972', number: '12' })).toBe('refused');
    expect(parsed(501234567)).toBe('refused');
    const result = PhoneNumber.safeParse('abc');
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([expect.stringContaining('Must be a phone number')]);
  });

  it('is idempotent: a stored number parses to itself', () => {
    for (const stored of ['+972501234567', '+97221234567', '+12125550123', '+442079460958']) expect(phoneNumberOf(stored)).toBe(stored);
    expect(phoneNumberOfParts({ prefix: '+972', number: '21234567' })).toBe('+97221234567');
  });
});

describe('OptionalPhoneNumber', () => {
  it('takes empty text, null or nothing as no phone', () => {
    for (const none of ['', '   ', null, undefined]) expect(OptionalPhoneNumber.parse(none)).toBeUndefined();
  });
  it('parses anything else as PhoneNumber', () => {
    expect(OptionalPhoneNumber.parse('050-123-4567')).toBe('+972501234567');
    expect(OptionalPhoneNumber.safeParse('050').success).toBe(false);
  });
});

describe('formatPhoneNumber', () => {
  it('shows an Israeli number in the local format', () => {
    expect(formatPhoneNumber('+972501234567')).toBe('050-123-4567');
    expect(formatPhoneNumber('+97221234567')).toBe('02-123-4567');
    expect(formatPhoneNumber('+972771234567')).toBe('077-123-4567');
  });
  it("shows another country's number in the international format", () => {
    expect(formatPhoneNumber('+12125550123')).toBe('+1 212 555 0123');
    expect(formatPhoneNumber('+442079460958')).toBe('+44 20 7946 0958');
  });
  it('shows a value the library does not know as valid as it is stored', () => {
    expect(formatPhoneNumber('+44501234567')).toBe('+44501234567');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});
