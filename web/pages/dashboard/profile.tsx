import { useEffect, useRef } from 'react';
import { data, Form, redirectDocument, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf, type WebEnvironment } from '../../app/environment.ts';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting, useTypedValues, type ActionFailure } from '../../app/form-action.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { requireUser } from '../../app/guards.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { storeSession, type TokenPair } from '../../app/session.ts';
import { accountProfile } from '../../api/queries.ts';
import { ApiError } from '../../api/api-error.ts';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf, type FieldErrors } from '../../components/field-error.tsx';
import { DIAL_PREFIXES, dialPrefixLabel, splitPhone } from '../../app/phone-number.ts';
import { phoneFromForm } from '../../app/phone-input.ts';
import { PASSWORD_MIN_LENGTH } from '../../../domain/shared/validation.ts';
import type { AccountProfile } from '../../api/view-models.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

// user-dashboard-profile: the account's name, phone (SPEC §5, either form) and preferred language,
// and the password change. A vendor edits the same account here; the artist page has its own screen.
// "Saved" is said once, after the save: the action leaves a short-lived cookie that the next load of
// the page reads and drops, so a reload (or the address shared) does not announce it again.
const SAVED_COOKIE = 'profile_saved';

export async function profileLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const saved = environment.cookies()[SAVED_COOKIE] === 'details';
  if (saved) environment.setCookie(SAVED_COOKIE, '', { days: 0 });
  return { account: await accountProfile(environment.api), saved };
}

/** The 422 of the API, in this form's words where the field is known, else the API's message. */
function localizedFieldErrors(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): FieldErrors {
  const known: Record<string, string> = {
    fullName: t('profile.errors.fullNameRequired'),
    phone: t('profile.errors.phoneNumber'),
    'phone.number': t('profile.errors.phoneNumber'),
    'phone.prefix': t('profile.errors.phonePrefix'),
    newPassword: t('profile.errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
  };
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const name = field.startsWith('phone') ? 'phone' : field;
    errors[name] ??= known[field] ?? message;
  }
  return errors;
}

/** What the profile's forms answer: which form (`intent`), its field messages (translation keys), the password changed. */
type ProfileAnswer = { intent: 'details' | 'password'; invalid?: Record<string, string>; changed?: boolean; values?: Record<string, string> };

const invalid = (intent: ProfileAnswer['intent'], fields: Record<string, string>, values: Record<string, string> = {}) =>
  data<ProfileAnswer>({ intent, invalid: fields, values }, { status: 422 });

const DETAIL_FIELDS = ['fullName', 'phonePrefix', 'phoneNumber', 'locale'];

/** Both forms of the page post here; the `intent` field says which one. */
export async function profileAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  return textOf(form, INTENT_FIELD) === 'password' ? changePassword(environment, form) : saveDetails(environment, request, form);
}

async function saveDetails(environment: WebEnvironment, request: Request, form: FormData) {
  const fullName = textOf(form, 'fullName');
  const locale = form.get('locale') === 'en-US' ? 'en-US' : 'he-IL';
  const phone = phoneFromForm(textOf(form, 'phonePrefix'), String(form.get('phoneNumber') ?? ''));
  const found: Record<string, string> = {};
  if (!fullName) found.fullName = 'profile.errors.fullNameRequired';
  else if (fullName.length > 200) found.fullName = 'profile.errors.fullNameTooLong';
  if (!phone.ok) found.phone = `profile.errors.${phone.problem}`;
  if (Object.keys(found).length > 0 || !phone.ok) return invalid('details', found, typedValues(form, ...DETAIL_FIELDS));
  try {
    await environment.api.request('PUT', 'user/profile', { body: { fullName, ...(phone.phone ? { phone: phone.phone } : {}), locale }, silent: true });
  } catch (error) {
    return refused(error, 'details', typedValues(form, ...DETAIL_FIELDS));
  }
  environment.setCookie(SAVED_COOKIE, 'details', { days: 1 / 1440 });
  // A full load, so the header shows the new name too (the root data is loaded once per page load).
  return redirectDocument(localizedPath(localeOfRequest(request), '/user/dashboard/profile'), 303);
}

async function changePassword(environment: WebEnvironment, form: FormData) {
  const currentPassword = String(form.get('currentPassword') ?? '');
  const newPassword = String(form.get('newPassword') ?? '');
  const found: Record<string, string> = {};
  if (!currentPassword) found.currentPassword = 'profile.errors.currentPasswordRequired';
  if (newPassword.length < PASSWORD_MIN_LENGTH) found.newPassword = 'profile.errors.passwordTooShort';
  else if (String(form.get('confirmPassword') ?? '') !== newPassword) found.confirmPassword = 'profile.errors.passwordMismatch';
  if (Object.keys(found).length > 0) return invalid('password', found);
  let answer: Partial<TokenPair> | undefined;
  try {
    answer = await environment.api.post<Partial<TokenPair>>('user/password', { currentPassword, newPassword }, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.problem.code === 'user.wrong-password') return invalid('password', { currentPassword: 'profile.errors.currentPasswordWrong' });
    return refused(error, 'password');
  }
  // The change ends every other session; this one goes on with the fresh pair it answers.
  if (answer?.token && answer.refresh_token) storeSession(environment, { token: answer.token, refresh_token: answer.refresh_token });
  return { intent: 'password', changed: true } satisfies ProfileAnswer;
}

/** A form's messages: its own checks (translation keys), else the API's 422 in this form's words where the field is known. */
function useFormMessages(intent: ProfileAnswer['intent']): { errors: FieldErrors; failure: ActionFailure | null } {
  const { t } = useTranslation();
  const answer = useActionAnswer<ProfileAnswer>(intent);
  const failure = useActionFailure(intent);
  if (answer?.invalid) return { errors: Object.fromEntries(Object.entries(answer.invalid).map(([field, key]) => [field, t(key, { min: PASSWORD_MIN_LENGTH })])), failure: null };
  const errors = localizedFieldErrors(failure, t);
  return { errors, failure: Object.keys(errors).length === 0 ? failure : null };
}

/** aria attributes of an input whose message, if any, is the FieldError with id `<id>-error`. */
const described = (id: string, message: string | undefined) =>
  (message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) as Record<string, unknown>;

function DetailsForm(props: { account: AccountProfile }) {
  const { t } = useTranslation();
  const { account } = props;
  const typed = useTypedValues('details');
  const stored = splitPhone(account.phone ?? null);
  const busy = useSubmitting('details');
  const { errors, failure } = useFormMessages('details');
  const prefixes: string[] = DIAL_PREFIXES.map((entry) => entry.prefix);
  const locale = useLocale();

  return (
    <Form method="post" className="form card account-form" noValidate aria-labelledby="details-title" data-testid="profile-form">
      <input type="hidden" name={INTENT_FIELD} value="details" />
      <h2 id="details-title">{t('profile.detailsTitle')}</h2>
      <div className="field">
        <span>{t('profile.email')}</span>
        <p className="account-email" dir="ltr" data-testid="profile-email">{account.email}</p>
        <small>{t('profile.emailHint')}</small>
      </div>
      <label className="field">
        <span>{t('profile.fullName')}</span>
        <input name="fullName" defaultValue={typed.fullName ?? account.fullName} autoComplete="name" maxLength={200} required data-testid="profile-full-name" {...described('fullName', errors.fullName)} />
        <FieldError id="fullName-error" message={errors.fullName} />
      </label>
      <fieldset className="field">
        <legend>{t('profile.phone')}</legend>
        <div className="phone-inputs" dir="ltr">
          <select name="phonePrefix" defaultValue={typed.phonePrefix ?? stored.prefix} aria-label={t('profile.phonePrefix')} data-testid="profile-phone-prefix">
            {DIAL_PREFIXES.map((entry) => (
              <option key={entry.prefix} value={entry.prefix}>{dialPrefixLabel(entry, locale)}</option>
            ))}
            {prefixes.includes(stored.prefix) ? null : <option value={stored.prefix}>{`${stored.prefix} ${t('profile.countries.other')}`}</option>}
          </select>
          <input
            name="phoneNumber" defaultValue={typed.phoneNumber ?? stored.number} type="tel" inputMode="tel" autoComplete="tel-national" aria-label={t('profile.phoneNumber')}
            placeholder="050-123-4567" data-testid="profile-phone-number"
            aria-invalid={errors.phone ? true : undefined} aria-describedby={errors.phone ? 'phone-error phone-hint' : 'phone-hint'}
          />
        </div>
        <small id="phone-hint">{t('profile.phoneHint')}</small>
        <FieldError id="phone-error" message={errors.phone} />
      </fieldset>
      <label className="field">
        <span>{t('profile.locale')}</span>
        <select name="locale" defaultValue={typed.locale ?? account.locale} aria-describedby="locale-hint" data-testid="profile-locale">
          <option value="he-IL" lang="he">{t('language.he')}</option>
          <option value="en-US" lang="en">{t('language.en')}</option>
        </select>
        <small id="locale-hint">{t('profile.localeHint')}</small>
      </label>
      <FormError error={failure} />
      <div className="account-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="profile-save">{busy ? t('profile.saving') : t('profile.save')}</button>
      </div>
    </Form>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const busy = useSubmitting('password');
  const { errors, failure } = useFormMessages('password');
  const answer = useActionAnswer<ProfileAnswer>('password');
  const done = answer?.changed === true;
  const formRef = useRef<HTMLFormElement>(null);
  // The typed passwords go once the change went through (without JavaScript the page comes back empty).
  useEffect(() => {
    if (answer?.changed) formRef.current?.reset();
  }, [answer]);

  const passwordInput = (name: 'currentPassword' | 'newPassword' | 'confirmPassword', autoComplete: string) => (
    <label className="field">
      <span>{t(`profile.${name}`)}</span>
      <input
        name={name} type="password" autoComplete={autoComplete} required minLength={name === 'currentPassword' ? undefined : PASSWORD_MIN_LENGTH}
        data-testid={`profile-${name}`} {...described(name, errors[name])}
      />
      <FieldError id={`${name}-error`} message={errors[name]} />
    </label>
  );

  return (
    <Form method="post" ref={formRef} className="form card account-form" noValidate aria-labelledby="password-title" data-testid="password-form">
      <input type="hidden" name={INTENT_FIELD} value="password" />
      <h2 id="password-title">{t('profile.passwordTitle')}</h2>
      {passwordInput('currentPassword', 'current-password')}
      {passwordInput('newPassword', 'new-password')}
      {passwordInput('confirmPassword', 'new-password')}
      <FormError error={failure} />
      {done ? <p className="notice notice-success" role="status" data-testid="password-changed">{t('profile.passwordChanged')}</p> : null}
      <div className="account-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="password-save">{busy ? t('profile.changingPassword') : t('profile.changePassword')}</button>
      </div>
    </Form>
  );
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { account, saved } = useLoaderData<typeof profileLoader>();
  return (
    <DashboardLayout title={t('dashboard.items.profile')} actions={<LocalLink to="/user/dashboard/addresses" className="button" data-testid="addresses-link">{t('addresses.title')}</LocalLink>}>
      <div className="account-grid" data-testid="profile">
        <div className="account-column">
          {saved ? <p className="notice notice-success" role="status" data-testid="profile-saved">{t('profile.saved')}</p> : null}
          <DetailsForm account={account} />
        </div>
        <div className="account-column">
          <PasswordForm />
          <section className="card account-artist" aria-labelledby="artist-title">
            <h2 id="artist-title">{t('profile.artistProfile')}</h2>
            {account.Vendor ? (
              <>
                <p>{t('profile.artistProfileText')}</p>
                <LocalLink to="/user/dashboard/vendor/profile" className="button" data-testid="artist-profile-link">{t('profile.editArtistProfile')}</LocalLink>
              </>
            ) : (
              <>
                <p>{t('profile.joinText')}</p>
                <LocalLink to="/user/register/artist" className="button">{t('nav.joinAsArtist')}</LocalLink>
              </>
            )}
          </section>
        </div>
      </div>
    </DashboardLayout>
  );
}

export const profileRoutes: RouteObject[] = [
  { path: 'user/dashboard/profile', loader: profileLoader, action: profileAction, Component: ProfilePage },
];
