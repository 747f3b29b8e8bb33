import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Form } from 'react-router';
import { revivedError, useActionFailure, useSubmitting, INTENT_FIELD } from '../app/form-action.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocale } from '../app/links.tsx';
import { languageTag } from '../app/locale-path.ts';
import { tr } from '../app/format.ts';
import { youtubeIdOf } from '../app/youtube-id.ts';
import { isApiError } from '../api/api-error.ts';
import type { Category, GeoLocation, LanguageEntry, Locale, Text, VendorProfileDraft } from '../api/view-models.ts';
import { profileErrorAt, profileErrorWithin, translatableErrorsAt } from './vendor-profile-errors.ts';
import { FormError } from './form-errors.tsx';
import { FieldError, fieldErrorsOf, type FieldErrors } from './field-error.tsx';
import { isBlankText, TranslatableField, TRANSLATABLE_LOCALES, type TranslatableError } from './translatable-field.tsx';
import { RepeatableList } from './repeatable-list.tsx';
import { MultiSelect, type MultiSelectOption } from './multi-select.tsx';
import { CharacterCounter } from './character-counter.tsx';
import { sanitizeRichText } from './rich-text.ts';

// The vendor form of SPEC §3 with every field, shared by the artist's own profile editor
// (web/pages/vendor-dashboard/profile.tsx) and the admin's vendor create/edit screens
// (web/pages/admin/vendors.tsx). The API validates (SPEC §5) and answers 422 with the failing fields
// under `profile.`; each message is shown next to its field in the page's language.
// `voice` words the labels for who fills the form: the artist ("About you") or an admin ("About the
// artist", from adminCatalog.vendorForm.* where the wording differs).

const INTRO_MAX = 100;
const ORIGIN_MAX = 20;
const NAME_MAX = 200;

/** The body's `profile` of PUT /api/vendor/profile and POST/PUT /api/admin/vendors (domain/vendor VendorProfile). */
export type VendorProfileInput = ReturnType<typeof profileOf>;

export interface VendorFormChoices { categories: Category[]; languages: LanguageEntry[]; places: GeoLocation[] }

export interface VendorFormProps extends VendorFormChoices {
  initial: VendorProfileDraft;
  /** Sends the profile; throws the API's error (shown on the form). */
  onSubmit?: (profile: VendorProfileInput) => Promise<void>;
  /**
   * Without onSubmit the form posts to its route's action with this intent (see vendorProfileOfPost):
   * the action's refusal shows on the form, and it works without JavaScript.
   */
  intent?: string;
  voice?: 'owner' | 'admin';
  submitLabel?: string;
  busyLabel?: string;
  /** Shown in the save bar after the button (e.g. a link to the public page). */
  saveBarExtra?: ReactNode;
  /** Shown, not changed: no save bar (the reader may not save; put the form in a disabled fieldset). */
  readOnly?: boolean;
  /**
   * Shown instead of the photo, audio and video link rows (the artist's own editor: uploads written
   * item by item, web/components/vendor-media-editor.tsx); the profile then saves with keepMedia.
   */
  mediaLists?: ReactNode;
}

export const emptyVendorProfile = (): VendorProfileDraft => ({
  name: {}, tagIds: [], about: {}, intro: {}, languages: [], originLocation: {}, heroImageUrl: '', logoImageUrl: '',
  images: [], audio: [], videos: [], generalInfo: [], geoLocationIds: [],
});

/** The editor's rows: a video keeps what was pasted (a link or an id) until it is saved. */
interface EditorState extends Omit<VendorProfileDraft, 'videos'> { videos: VideoRowState[] }
/** A video row: the pasted link or id, and its caption per language. */
interface VideoRowState { link: string; description: Text }

const editorStateOf = (profile: VendorProfileDraft): EditorState => ({
  ...profile,
  videos: profile.videos.map((video) => ({ link: video.youtubeId, description: video.description })),
});

const blank = (...values: string[]) => values.every((value) => value.trim() === '');
const trimmedText = (value: Text): Text => ({ ...(value.he?.trim() ? { he: value.he.trim() } : {}), ...(value.en?.trim() ? { en: value.en.trim() } : {}) });

/** Rows left completely empty are dropped before saving (so error indexes match the rows shown). */
function withoutBlankRows(state: EditorState): EditorState {
  return {
    ...state,
    images: state.images.filter((row) => !blank(row.url) || !isBlankText(row.description)),
    audio: state.audio.filter((row) => !blank(row.url) || !isBlankText(row.description)),
    videos: state.videos.filter((row) => !blank(row.link) || !isBlankText(row.description)),
    generalInfo: state.generalInfo.filter((row) => !isBlankText(row.title) || !isBlankText(row.content)),
  };
}

function profileOf(state: EditorState) {
  return {
    name: trimmedText(state.name),
    tagIds: state.tagIds,
    about: trimmedText(state.about),
    intro: trimmedText(state.intro),
    languages: state.languages,
    originLocation: trimmedText(state.originLocation),
    ...(state.heroImageUrl.trim() ? { heroImageUrl: state.heroImageUrl.trim() } : {}),
    ...(state.logoImageUrl.trim() ? { logoImageUrl: state.logoImageUrl.trim() } : {}),
    // An uploaded photo keeps its thumbnail, and uploaded videos (not rows of this form) stay as they are.
    images: state.images.map((row) => ({ url: row.url.trim(), ...(row.thumbnailUrl && row.url.trim().startsWith('/media/') ? { thumbnailUrl: row.thumbnailUrl } : {}), description: trimmedText(row.description) })),
    audio: state.audio.map((row) => ({ url: row.url.trim(), description: trimmedText(row.description) })),
    videos: state.videos.map((row) => ({ youtubeId: youtubeIdOf(row.link) ?? row.link.trim(), description: trimmedText(row.description) })),
    generalInfo: state.generalInfo.map((row) => ({ title: trimmedText(row.title), content: trimmedText(row.content) })),
    ...(state.videoFiles?.length ? { videoFiles: state.videoFiles.map((file) => ({ url: file.url, description: file.description })) } : {}),
    geoLocationIds: state.geoLocationIds,
  };
}

/** Labels in the form's voice: an admin's wording where adminCatalog.vendorForm has one, else the artist's. */
function useVoice(voice: 'owner' | 'admin') {
  const { t, i18n } = useTranslation();
  return (key: string, options?: Record<string, unknown>): string =>
    voice === 'admin' && i18n.exists(`adminCatalog.vendorForm.${key}`) ? t(`adminCatalog.vendorForm.${key}`, options) : t(`vendorProfile.${key}`, options);
}

/** The field a posting VendorForm fills, once scripts run, with the whole profile as the editor holds it. */
const PROFILE_JSON = 'profileJson';

/** The profile of a VendorForm posted to a route action: as the editor held it, else (no scripts) from its named inputs. */
export function vendorProfileOfPost(form: FormData): { profile: VendorProfileInput; draft: VendorProfileDraft } {
  const json = form.get(PROFILE_JSON);
  if (typeof json === 'string' && json) {
    const profile = JSON.parse(json) as VendorProfileInput;
    return { profile, draft: { ...emptyVendorProfile(), ...profile } };
  }
  const text = (name: string) => String(form.get(name) ?? '');
  const translatable = (name: string): Text => ({ he: text(`${name}.he`), en: text(`${name}.en`) });
  const rows = <T,>(name: string, read: (prefix: string) => T): T[] => {
    const found: T[] = [];
    for (let index = 0; form.has(`${name}.${index}.${name === 'generalInfo' ? 'title' : 'description'}.he`); index++) found.push(read(`${name}.${index}.`));
    return found;
  };
  const state: EditorState = {
    name: translatable('name'), intro: translatable('intro'), originLocation: translatable('originLocation'), about: translatable('about'),
    tagIds: form.getAll('tagIds').map(String), languages: form.getAll('languages').map(String), geoLocationIds: form.getAll('geoLocationIds').map(String),
    heroImageUrl: text('heroImageUrl'), logoImageUrl: text('logoImageUrl'),
    images: rows('images', (at) => ({ url: text(`${at}url`), description: translatable(`${at}description`) })),
    audio: rows('audio', (at) => ({ url: text(`${at}url`), description: translatable(`${at}description`) })),
    videos: rows('videos', (at) => ({ link: text(`${at}youtubeId`), description: translatable(`${at}description`) })),
    generalInfo: rows('generalInfo', (at) => ({ title: translatable(`${at}title`), content: translatable(`${at}content`) })),
  };
  const cleaned = withoutBlankRows(state);
  return { profile: profileOf(cleaned), draft: { ...cleaned, videos: cleaned.videos.map((row) => ({ youtubeId: row.link, description: row.description })) } };
}

export function VendorForm(props: VendorFormProps) {
  const { t } = useTranslation();
  const label = useVoice(props.voice ?? 'owner');
  const locale = useLocale();
  const [form, setForm] = useState<EditorState>(() => editorStateOf(props.initial));
  const [calling, setCalling] = useState(false);
  const [thrown, setThrown] = useState<unknown>(null);
  const posting = !props.onSubmit;
  const intent = props.intent ?? 'profile';
  const failure = useActionFailure(intent);
  const submitting = useSubmitting(intent);
  const busy = posting ? submitting : calling;
  const error = posting ? revivedError(failure) : thrown;
  // A posting form sends the editor's state once scripts run (a filtered choice list does not post the hidden choices).
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => { if (failure) requestAnimationFrame(() => summary.current?.focus()); }, [failure]);
  const summary = useRef<HTMLDivElement>(null);
  const errors: FieldErrors = fieldErrorsOf(error, 'profile');
  const errorCount = Object.keys(errors).length;
  const set = <K extends keyof EditorState>(key: K) => (value: EditorState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const message = (field: string) => profileErrorAt(errors, field, t);
  const translatableError = (field: string) => {
    const found = translatableErrorsAt(errors, field, t);
    return found.whole ?? { he: found.he, en: found.en };
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    const cleaned = withoutBlankRows(form);
    setForm(cleaned);
    if (!props.onSubmit) return; // posted to the route's action
    event.preventDefault();
    setCalling(true);
    setThrown(null);
    try {
      await props.onSubmit(profileOf(cleaned));
    } catch (caught) {
      setThrown(caught);
      // The summary says how many fields need fixing; move there so keyboard and screen-reader users hear it.
      requestAnimationFrame(() => summary.current?.focus());
    } finally {
      setCalling(false);
    }
  }
  const FormElement = posting ? Form : 'form';

  const languageNames = new Intl.DisplayNames([languageTag(locale)], { type: 'language' });
  const languageOptions: MultiSelectOption[] = [
    ...props.languages.map((language) => ({ value: language.code, label: tr(language.name, locale) || languageNames.of(language.code) || language.code })),
    // A language the vendor listed that is no longer offered stays visible, so it can be removed.
    ...form.languages.filter((code) => !props.languages.some((language) => language.code === code))
      .map((code) => ({ value: code, label: languageNames.of(code) ?? code })),
  ];
  const otherLocale: Locale = locale === 'he' ? 'en' : 'he';
  const categoryOptions = props.categories.map((category) => ({ value: category.id, label: tr(category.name, locale) }));
  const placeOptions = props.places.map((place) => ({ value: place.id, label: tr(place.name, locale), keywords: place.name[otherLocale] ?? '' }));

  return (
    <FormElement method="post" onSubmit={submit} className="form vendor-profile-form" noValidate data-testid="vendor-profile-form" aria-busy={busy}>
      {posting ? <input type="hidden" name={INTENT_FIELD} value={intent} /> : null}
      {posting && scripted ? <input type="hidden" name={PROFILE_JSON} value={JSON.stringify(profileOf(withoutBlankRows(form)))} /> : null}
      <div ref={summary} tabIndex={-1} className="vendor-profile-summary">
        {error && isApiError(error) && error.status === 422 && errorCount > 0
          ? <p className="form-error" role="alert" data-testid="profile-errors">{t('vendorProfile.fixErrors', { count: errorCount })}</p>
          : <FormError error={error} />}
      </div>

      <ProfileSection title={label('sections.basics')}>
        <TranslatableField name="name" label={label('name')} value={form.name} onChange={set('name')} required maxLength={NAME_MAX} error={translatableError('name')} />
        <TranslatableField name="intro" label={label('intro')} value={form.intro} onChange={set('intro')} required multiline rows={2}
          maxLength={INTRO_MAX} hint={label('introHint')} error={translatableError('intro')} />
        <TranslatableField name="originLocation" label={label('origin')} value={form.originLocation} onChange={set('originLocation')} required
          maxLength={ORIGIN_MAX} hint={label('originHint')} error={translatableError('originLocation')} />
      </ProfileSection>

      <ProfileSection title={label('sections.reach')}>
        <MultiSelect name="tagIds" legend={label('categories')} options={categoryOptions} selected={form.tagIds} onChange={set('tagIds')}
          emptyText={label('noCategories')} error={profileErrorWithin(errors, 'tagIds', t)} />
        <MultiSelect name="languages" legend={label('languages')} options={languageOptions} selected={form.languages} onChange={set('languages')} required
          hint={label('languagesHint')} emptyText={label('noLanguages')} error={profileErrorWithin(errors, 'languages', t)} />
        <MultiSelect name="geoLocationIds" legend={label('places')} options={placeOptions} selected={form.geoLocationIds} onChange={set('geoLocationIds')}
          emptyText={label('noPlaces')} error={profileErrorWithin(errors, 'geoLocationIds', t)}
          filter={{
            label: label('placesFilter'),
            noMatch: (text) => label('placesNoMatch', { text }),
            removeLabel: (item) => label('removeChoice', { item }),
          }} />
      </ProfileSection>

      <ProfileSection title={label('sections.about')}>
        <AboutEditor label={label('about')} value={form.about} onChange={set('about')} errors={{ he: message('about.he'), en: message('about.en') }} />
      </ProfileSection>

      <ProfileSection title={label('sections.media')}>
        <div className="media-pair">
          <ImageUrlField name="heroImageUrl" label={label('heroImage')} value={form.heroImageUrl} onChange={set('heroImageUrl')} error={message('heroImageUrl')} wide />
          <ImageUrlField name="logoImageUrl" label={label('logoImage')} value={form.logoImageUrl} onChange={set('logoImageUrl')} error={message('logoImageUrl')} />
        </div>
        {props.mediaLists ?? <>
        <RepeatableList name="images" legend={label('images')} items={form.images} onChange={set('images')} newItem={() => ({ url: '', description: {} })}
          itemLabel={(index) => label('image', { number: index + 1 })} addLabel={label('addImage')} emptyText={label('noImages')} max={100}
          renderItem={(row, index, update) => (
            <>
              <ImageUrlField name={`images.${index}.url`} label={label('imageUrl')} value={row.url} onChange={(url) => update({ ...row, url })} error={message(`images.${index}.url`)} />
              <TranslatableField name={`images.${index}.description`} label={label('description')} value={row.description} maxLength={500}
                onChange={(description) => update({ ...row, description })} error={translatableError(`images.${index}.description`)} />
            </>
          )} />
        <RepeatableList name="audio" legend={label('audio')} items={form.audio} onChange={set('audio')} newItem={() => ({ url: '', description: {} })}
          itemLabel={(index) => label('track', { number: index + 1 })} addLabel={label('addTrack')} emptyText={label('noAudio')} max={100}
          renderItem={(row, index, update) => (
            <>
              <TextInput name={`audio.${index}.url`} label={label('audioUrl')} value={row.url} type="url" dir="ltr" onChange={(url) => update({ ...row, url })}
                error={message(`audio.${index}.url`)} />
              {/^https?:\/\//.test(row.url.trim()) ? <audio controls preload="none" src={row.url.trim()} className="audio-preview" aria-label={label('previewOf', { item: label('track', { number: index + 1 }) })} /> : null}
              <TranslatableField name={`audio.${index}.description`} label={label('description')} value={row.description} maxLength={500}
                onChange={(description) => update({ ...row, description })} error={translatableError(`audio.${index}.description`)} />
            </>
          )} />
        <RepeatableList name="videos" legend={label('videos')} items={form.videos} onChange={set('videos')} newItem={() => ({ link: '', description: {} })}
          itemLabel={(index) => label('video', { number: index + 1 })} addLabel={label('addVideo')} emptyText={label('noVideos')} max={100}
          renderItem={(row, index, update) => <VideoRow row={row} index={index} update={update} error={message(`videos.${index}.youtubeId`)} descriptionError={translatableError(`videos.${index}.description`)} />} />
        </>}
      </ProfileSection>

      <ProfileSection title={label('sections.generalInfo')}>
        <RepeatableList name="generalInfo" legend={label('generalInfo')} items={form.generalInfo} onChange={set('generalInfo')} newItem={() => ({ title: {}, content: {} })}
          itemLabel={(index) => label('infoItem', { number: index + 1 })} addLabel={label('addInfo')} emptyText={label('noInfo')} max={50}
          renderItem={(row, index, update) => (
            <>
              <TranslatableField name={`generalInfo.${index}.title`} label={label('infoTitle')} value={row.title} maxLength={200} required
                onChange={(title) => update({ ...row, title })} error={translatableError(`generalInfo.${index}.title`)} />
              <TranslatableField name={`generalInfo.${index}.content`} label={label('infoContent')} value={row.content} maxLength={5000} multiline
                onChange={(content) => update({ ...row, content })} error={translatableError(`generalInfo.${index}.content`)} />
            </>
          )} />
      </ProfileSection>

      {props.readOnly ? null : (
        <div className="save-bar">
          <button type="submit" className="button button-primary" disabled={busy} data-testid="save-profile">
            {busy ? <><span className="spinner" aria-hidden="true" /> {props.busyLabel ?? t('vendorProfile.saving')}</> : props.submitLabel ?? t('vendorProfile.save')}
          </button>
          {props.saveBarExtra}
        </div>
      )}
    </FormElement>
  );
}

function ProfileSection(props: { title: string; children: ReactNode }) {
  return (
    <section className="card profile-section">
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}

/** One labelled text input (or textarea) with its counter and message. */
function TextInput(props: {
  name: string; label: string; value: string; onChange: (value: string) => void; error?: string | null; max?: number; required?: boolean;
  multiline?: boolean; rows?: number; type?: 'text' | 'url'; dir?: 'ltr' | 'rtl' | 'auto'; hint?: string;
}) {
  const id = `field-${props.name.replace(/\./g, '-')}`;
  const describedBy = [props.hint ? `${id}-hint` : '', props.max ? `${id}-count` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id, name: props.name, dir: props.dir, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy, 'data-testid': props.name, value: props.value,
  } as const;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}{props.required ? <span aria-hidden="true"> *</span> : null}</label>
      {props.multiline
        ? <textarea {...common} rows={props.rows ?? 3} onChange={(event) => props.onChange(event.target.value)} />
        : <input {...common} type={props.type ?? 'text'} onChange={(event) => props.onChange(event.target.value)} />}
      {props.hint ? <small id={`${id}-hint`}>{props.hint}</small> : null}
      {props.max && props.value.length > props.max * 0.8 ? <CharacterCounter id={`${id}-count`} length={props.value.length} max={props.max} /> : null}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

/** A media URL with a preview of the image it points to. */
function ImageUrlField(props: { name: string; label: string; value: string; onChange: (value: string) => void; error?: string | null; wide?: boolean }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const url = props.value.trim();
  const previewable = /^(https?:\/\/|\/)/.test(url);
  return (
    <div className={`image-url-field${props.wide ? ' is-wide' : ''}`}>
      <TextInput name={props.name} label={props.label} value={props.value} onChange={props.onChange} type="url" dir="ltr" hint={t('vendorProfile.urlHint')} error={props.error} />
      {previewable && broken !== url ? (
        <img className="image-preview" src={url} alt={t('vendorProfile.previewOf', { item: props.label })} loading="lazy" onError={() => setBroken(url)} data-testid={`preview-${props.name}`} />
      ) : null}
      {previewable && broken === url ? <p className="hint" role="status">{t('vendorProfile.imageBroken')}</p> : null}
    </div>
  );
}

/** A YouTube link or id; says which video it found (or that it is not one) as it is typed. */
function VideoRow(props: { row: VideoRowState; index: number; update: (row: VideoRowState) => void; error: string | null; descriptionError: TranslatableError }) {
  const { t } = useTranslation();
  const { row, index, update } = props;
  const id = youtubeIdOf(row.link);
  const typed = row.link.trim() !== '';
  return (
    <>
      <TextInput name={`videos.${index}.youtubeId`} label={t('vendorProfile.youtube')} value={row.link} dir="ltr" onChange={(link) => update({ ...row, link })}
        error={props.error ?? (typed && !id ? t('vendorProfile.youtubeNotFound') : null)}
        hint={id ? t('vendorProfile.youtubeFound', { id }) : undefined} />
      <TranslatableField name={`videos.${index}.description`} label={t('vendorProfile.description')} value={row.description} maxLength={500}
        onChange={(description) => update({ ...row, description })} error={props.descriptionError} />
    </>
  );
}

/** "About" as simple HTML in each language (Hebrew first), each with a preview sanitized exactly as the
 * public page will show it. A page shows its own language's text, the other one (marked) when it is empty. */
function AboutEditor(props: { label: string; value: Text; onChange: (value: Text) => void; errors: Partial<Record<Locale, string | null>> }) {
  const { t } = useTranslation();
  return (
    <div className="about-editors">
      <p className="hint">{t('vendorProfile.bothLanguagesHint')}</p>
      {TRANSLATABLE_LOCALES.map((lang) => {
        const value = props.value[lang] ?? '';
        const preview = sanitizeRichText(value);
        return (
          <div className="about-editor" key={lang}>
            <TextInput name={`about.${lang}`} label={`${props.label} · ${t(`language.${lang}`)}`} value={value} onChange={(text) => props.onChange({ ...props.value, [lang]: text })}
              multiline rows={8} dir={lang === 'he' ? 'rtl' : 'ltr'} max={50_000} hint={t('vendorProfile.aboutHint')} error={props.errors[lang]} />
            <details className="about-preview">
              <summary>{t('vendorProfile.aboutPreview')}</summary>
              {preview.trim() ? <div className="rich-text" lang={lang} dir={lang === 'he' ? 'rtl' : 'ltr'} dangerouslySetInnerHTML={{ __html: preview }} /> : <p className="empty">{t('vendorProfile.aboutEmpty')}</p>}
            </details>
          </div>
        );
      })}
    </div>
  );
}
