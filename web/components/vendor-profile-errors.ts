import type { FieldErrors } from './field-error.tsx';

// The API answers a bad profile with 422 and dotted fields (`intro.he`, `videos.2.youtubeId`, after
// the `profile.` prefix) in English. The form shows, next to each field, what SPEC §5 asks of it in
// the page's language: this picks the text (a key under vendorProfile.errors) for a failing field;
// null means no rule is known and the API's own message is shown.
export function profileErrorKey(field: string): string | null {
  const [head, second, third] = field.split('.');
  const inRow = (rules: Record<string, string>) => (third ? rules[third] ?? null : 'tooMany');
  switch (head) {
    case 'name': return second ? 'nameTooLong' : 'nameRequired';
    case 'intro': return second ? 'introTooLong' : 'introRequired';
    case 'originLocation': return second ? 'originTooLong' : 'originRequired';
    case 'languages': return second ? 'languageNotOffered' : 'languages';
    case 'about': return 'about';
    case 'heroImageUrl': case 'logoImageUrl': return 'mediaUrl';
    case 'images': case 'audio': return inRow({ url: 'mediaUrl', description: 'description' });
    case 'videos': return inRow({ youtubeId: 'youtubeId', description: 'description' });
    case 'generalInfo': return inRow({ title: 'infoTitle', content: 'infoContent' });
    case 'tagIds': case 'geoLocationIds': return 'tooMany';
    default: return null;
  }
}

/** The message for exactly this field (not its parts), in the page's language. */
export function profileErrorAt(errors: FieldErrors, field: string, t: (key: string) => string): string | null {
  const raw = errors[field];
  if (!raw) return null;
  const key = profileErrorKey(field);
  return key ? t(`vendorProfile.errors.${key}`) : raw;
}

/** The message for the field or the first of its parts (`languages` also finds `languages.2`). */
export function profileErrorWithin(errors: FieldErrors, field: string, t: (key: string) => string): string | null {
  const key = errors[field] ? field : Object.keys(errors).find((name) => name.startsWith(`${field}.`));
  return key ? profileErrorAt(errors, key, t) : null;
}

/** Per-language messages of a translatable field plus its whole-field message (required). */
export function translatableErrorsAt(errors: FieldErrors, field: string, t: (key: string) => string) {
  return {
    he: profileErrorAt(errors, `${field}.he`, t),
    en: profileErrorAt(errors, `${field}.en`, t),
    whole: profileErrorAt(errors, field, t),
  };
}
