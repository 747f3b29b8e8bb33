import { describe, expect, it } from 'vitest';
import { formatPhoneNumber } from '../../domain/shared/phone-number.ts';
import { displayPhone, splitPhone } from './phone-number.ts';
import { phoneFromForm } from './phone-input.ts';

describe('the phone fields', () => {
  it('split a stored phone into its prefix and the number as dialled there, Israel by default', () => {
    expect(splitPhone('+972501234567')).toEqual({ prefix: '+972', number: '050-123-4567' });
    expect(splitPhone('+97221234567')).toEqual({ prefix: '+972', number: '02-123-4567' });
    expect(splitPhone('+442079460958')).toEqual({ prefix: '+44', number: '2079460958' });
    expect(splitPhone('+12125550123')).toEqual({ prefix: '+1', number: '2125550123' });
    expect(splitPhone('+8613812345678')).toEqual({ prefix: '+972', number: '+8613812345678' });
    expect(splitPhone(null)).toEqual({ prefix: '+972', number: '' });
  });

  it('read what was typed beside a prefix as dialled in its country, into E.164', () => {
    expect(phoneFromForm('+972', '050-123-4567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '0501234567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '50 123 4567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '02-123-4567')).toEqual({ ok: true, phone: '+97221234567' });
    expect(phoneFromForm('+44', '020 7946 0958')).toEqual({ ok: true, phone: '+442079460958' });
  });

  it('read a full number typed with + or 00 whatever the prefix', () => {
    expect(phoneFromForm('+1', '+972 50 123 4567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '00972501234567')).toEqual({ ok: true, phone: '+972501234567' });
    expect(phoneFromForm('+972', '+44 20 7946 0958')).toEqual({ ok: true, phone: '+442079460958' });
  });

  it('read an empty number as no phone (it is removed)', () => {
    expect(phoneFromForm('+972', '  ')).toEqual({ ok: true, phone: undefined });
  });

  it('name what is wrong', () => {
    expect(phoneFromForm('+972', '12345')).toEqual({ ok: false, problem: 'phoneNumber' });
    expect(phoneFromForm('+972', '050-123-45a')).toEqual({ ok: false, problem: 'phoneNumber' });
    expect(phoneFromForm('+972', '+0501234567890')).toEqual({ ok: false, problem: 'phoneFull' });
    expect(phoneFromForm('+972', '+97250123456')).toEqual({ ok: false, problem: 'phoneFull' });
    expect(phoneFromForm('972', '0501234567')).toEqual({ ok: false, problem: 'phonePrefix' });
  });

  it('show an Israeli number in the local format, as the phone library does, without loading it', () => {
    for (const stored of ['+972501234567', '+972545550123', '+97221234567', '+97231234567', '+97241234567', '+97281234567', '+97291234567', '+972771234567', '+972731234567']) {
      expect(displayPhone(stored), stored).toBe(formatPhoneNumber(stored));
    }
    expect(displayPhone('+442079460958')).toBe('+44 2079460958');
    expect(displayPhone('+8613812345678')).toBe('+8613812345678');
  });
});
