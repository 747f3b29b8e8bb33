import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { fieldErrorsOf } from './field-error.tsx';
import { i18nFor } from '../i18n/i18n.ts';
import { profileErrorAt, profileErrorKey, profileErrorWithin, translatableErrorsAt } from './vendor-profile-errors.ts';

describe('vendor profile: the 422 fields of the API as messages next to the fields', () => {
  it('knows the SPEC §5 rule of every profile field', () => {
    expect(profileErrorKey('intro')).toBe('introRequired');
    expect(profileErrorKey('intro.he')).toBe('introTooLong');
    expect(profileErrorKey('originLocation.en')).toBe('originTooLong');
    expect(profileErrorKey('name')).toBe('nameRequired');
    expect(profileErrorKey('languages')).toBe('languages');
    expect(profileErrorKey('languages.2')).toBe('languageNotOffered');
    expect(profileErrorKey('videos.3.youtubeId')).toBe('youtubeId');
    expect(profileErrorKey('images.0.url')).toBe('mediaUrl');
    expect(profileErrorKey('images.0.description.he')).toBe('description');
    expect(profileErrorKey('videos.1.description.en')).toBe('description');
    expect(profileErrorKey('generalInfo.1.title')).toBe('infoTitle');
    expect(profileErrorKey('generalInfo')).toBe('tooMany');
    expect(profileErrorKey('somethingNew')).toBeNull();
  });

  it('shows the message in the page language, per language of a translatable field', () => {
    const problem = new ApiError(422, { errors: [
      { field: 'profile.intro.he', message: 'Too big: expected string to have <=100 characters' },
      { field: 'profile.originLocation', message: 'Required in at least one language' },
      { field: 'profile.somethingNew', message: 'Server-side rule' },
    ] });
    const errors = fieldErrorsOf(problem, 'profile');
    const he = i18nFor('he').t;
    const en = i18nFor('en').t;
    const intro = translatableErrorsAt(errors, 'intro', en);
    expect(intro.he).toMatch(/100/);
    expect(intro.en).toBeNull();
    expect(intro.whole).toBeNull();
    expect(translatableErrorsAt(errors, 'originLocation', he).whole).toBe(he('vendorProfile.errors.originRequired'));
    expect(he('vendorProfile.errors.originRequired')).not.toBe('vendorProfile.errors.originRequired');
    expect(profileErrorAt(errors, 'somethingNew', en)).toBe('Server-side rule');
    const languages = fieldErrorsOf(new ApiError(422, { errors: [{ field: 'profile.languages.1', message: 'Unknown language' }] }), 'profile');
    expect(profileErrorWithin(languages, 'languages', en)).toBe(en('vendorProfile.errors.languageNotOffered'));
  });
});
