import { describe, expect, it } from 'vitest';
import { phoneFromForm, splitPhone } from './phone-number.ts';

describe('the profile phone', () => {
  it('splits a stored phone into prefix and 9-digit number, Israel by default', () => {
    expect(splitPhone('+972501234567')).toEqual({ prefix: '+972', number: '501234567' });
    expect(splitPhone('+44501234567')).toEqual({ prefix: '+44', number: '501234567' });
    expect(splitPhone(null)).toEqual({ prefix: '+972', number: '' });
  });

  it('sends the object form for a prefix and a number, dropping separators and the local leading 0', () => {
    expect(phoneFromForm('+972', '50 123 4567')).toEqual({ ok: true, phone: { prefix: '+972', number: '501234567' } });
    expect(phoneFromForm('+972', '050-123-4567')).toEqual({ ok: true, phone: { prefix: '+972', number: '501234567' } });
    expect(phoneFromForm('+1', '(501) 234.567')).toEqual({ ok: true, phone: { prefix: '+1', number: '501234567' } });
  });

  it('sends the string form for a full number typed with + or 00', () => {
    expect(phoneFromForm('+1', '+972 50 123 4567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '00972501234567')).toEqual({ ok: true, phone: '+972501234567' });
  });

  it('sends nothing for an empty number (the phone is removed)', () => {
    expect(phoneFromForm('+972', '  ')).toEqual({ ok: true, phone: undefined });
  });

  it('names what is wrong, by SPEC §5', () => {
    expect(phoneFromForm('+972', '12345')).toEqual({ ok: false, problem: 'phoneNumber' });
    expect(phoneFromForm('+972', '50123456a')).toEqual({ ok: false, problem: 'phoneNumber' });
    expect(phoneFromForm('+972', '+0501234567890')).toEqual({ ok: false, problem: 'phoneFull' });
    expect(phoneFromForm('+972', '+97250123456')).toEqual({ ok: false, problem: 'phoneFull' });
    expect(phoneFromForm('972', '501234567')).toEqual({ ok: false, problem: 'phonePrefix' });
  });
});
