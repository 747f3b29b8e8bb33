import { useEffect, useRef, type ReactNode } from 'react';
import { data, Form, redirect, redirectDocument, useLoaderData, useSubmit, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { loginPathFor, requireGuest, requireNotVendor, safeRedirectTarget } from '../app/guards.ts';
import { localeOfRequest } from '../app/loader-kit.ts';
import { localizedPath, languageTag } from '../app/locale-path.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, useLocale } from '../app/links.tsx';
import { moveGuestFavoritesToAccount, storeSession, type TokenPair } from '../app/session.ts';
import { FormError } from '../components/form-errors.tsx';
import { refused, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting, useTypedValues } from '../app/form-action.ts';
import { tr } from '../app/format.ts';
import { SecurityChallenge } from '../components/security-challenge.tsx';
import { FieldError, fieldErrorsOf } from '../components/field-error.tsx';
import { businessProblems, saveBusinessDetails } from '../components/business-details-form.tsx';
import { withSecurityChallenge } from '../app/security-challenge.ts';

/** The refusals a throttle answers: 428 (solve the security check: its box says so) and 429 (wait). */
const throttleMessages = { 429: 'securityChallenge.tooMany' };
const unlessAskedForChallenge = <T extends { status: number }>(failure: T | null): T | null => (failure?.status === 428 ? null : failure);

export async function loginLoader({ context, request }: LoaderFunctionArgs) {
  await requireGuest(environmentOf(context), request);
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  // SPEC §2: the login route also takes a localeSlug; it picks the page's language.
  const localeSlug = url.searchParams.get('localeSlug');
  if ((localeSlug === 'en' || localeSlug === 'he') && localeSlug !== locale) {
    url.searchParams.delete('localeSlug');
    throw redirect(`${localizedPath(localeSlug, '/user/login')}${url.search}`);
  }
  return null;
}

/** Signs in: the session cookies, the guest's favorites moved to the account, then loginRedirect (same-site paths only). */
export async function loginAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const form = await request.formData();
  const target = safeRedirectTarget(new URL(request.url).searchParams.get('loginRedirect'), localizedPath(localeOfRequest(request), '/'));
  let pair: TokenPair;
  try {
    pair = await withSecurityChallenge(form, 'sign-in', (securityChallenge) => environment.api.post<TokenPair>('token/jwt', {
      email: textOf(form, 'email'), password: String(form.get('password') ?? ''), ...(securityChallenge ? { securityChallenge } : {}),
    }, { silent: true }));
  } catch (error) {
    return refused(error, '', typedValues(form, 'email'));
  }
  storeSession(environment, pair);
  await moveGuestFavoritesToAccount(environment);
  // A full load: the root data (the user, the favorites) is read once per page load.
  return redirectDocument(target, 303);
}

export function LoginPage() {
  const { t } = useTranslation();
  const failure = useActionFailure();
  const typed = useTypedValues();
  const busy = useSubmitting();
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('auth.loginTitle')} description={t('auth.loginDescription')} />
      <h1>{t('auth.loginTitle')}</h1>
      <FormError error={unlessAskedForChallenge(failure)} overrides={{ 401: 'auth.wrongCredentials', 403: 'auth.inactive', ...throttleMessages }} />
      <Form method="post" className="form" data-testid="login-form">
        <label className="field"><span>{t('auth.email')}</span><input type="email" name="email" defaultValue={typed.email} required autoComplete="email" data-testid="login-email" /></label>
        <label className="field"><span>{t('auth.password')}</span><input type="password" name="password" required autoComplete="current-password" data-testid="login-password" /></label>
        {/* Asked for only when many wrong passwords came for this account. */}
        {failure?.status === 428 ? <SecurityChallenge action="sign-in" asked /> : null}
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="login-submit">{t('auth.login')}</button>
      </Form>
      <p><LocalLink to="/user/password/forgot" data-testid="forgot-password-link">{t('passwordReset.forgotLink')}</LocalLink></p>
      <p>{t('auth.noAccount')} <LocalLink to="/user/register">{t('auth.registerLink')}</LocalLink></p>
      {/* No link to the two-factor page: one authentication factor is configured (SPEC §9); its route stays. */}
    </div>
  );
}

export function TwoFactorPage() {
  const { t } = useTranslation();
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('auth.twoFactorTitle')} />
      <h1>{t('auth.twoFactorTitle')}</h1>
      <p>{t('auth.twoFactorText')}</p>
      <LocalLink to="/user/login" className="button">{t('auth.backToLogin')}</LocalLink>
    </div>
  );
}

export async function guestOnlyLoader({ context, request }: LoaderFunctionArgs) {
  await requireGuest(environmentOf(context), request);
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** Activates the account of the mailed link. */
export async function activationAction({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await environmentOf(context).api.post('user/activate', { token: textOf(form, 'token') }, { silent: true });
  } catch (error) {
    return refused(error);
  }
  return { intent: '', activated: true };
}

/**
 * The mailed activation link. A GET never writes: the page posts the link's token to its action —
 * at once when JavaScript runs, by the button when it does not.
 */
export function ActivationPage() {
  const { t } = useTranslation();
  const { token } = useLoaderData<typeof guestOnlyLoader>();
  const failure = useActionFailure();
  const activated = useActionAnswer<{ intent: string; activated?: boolean }>()?.activated === true;
  const busy = useSubmitting();
  const submit = useSubmit();
  const posted = useRef(false);
  useEffect(() => {
    if (!token || posted.current) return;
    posted.current = true;
    void submit({ token }, { method: 'post' });
  }, [token, submit]);
  return (
    <div className="page narrow auth-page" data-testid="activation">
      <PageMeta title={t('auth.activationTitle')} />
      <h1>{t('auth.activationTitle')}</h1>
      {activated ? <><p data-testid="activation-done">{t('auth.activated')}</p><LocalLink to="/user/login" className="button button-primary">{t('auth.login')}</LocalLink></> : null}
      {!activated && failure ? <FormError error={failure} /> : null}
      {!token ? <p>{t('auth.activationMissing')}</p> : null}
      {token && !activated && !failure ? (
        <Form method="post" className="form" data-testid="activation-form">
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>{busy ? t('auth.activating') : t('auth.activate')}</button>
        </Form>
      ) : null}
    </div>
  );
}

/** A new account: the API mails the activation link in the page's language. */
export async function registerAction({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const phone = textOf(form, 'phone');
  try {
    await withSecurityChallenge(form, 'register', (securityChallenge) => environmentOf(context).api.post('user/register', {
      email: textOf(form, 'email'), password: String(form.get('password') ?? ''), fullName: textOf(form, 'fullName'),
      locale: languageTag(localeOfRequest(request)), ...(phone ? { phone } : {}), ...(securityChallenge ? { securityChallenge } : {}),
    }, { silent: true }));
  } catch (error) {
    return refused(error, '', typedValues(form, 'fullName', 'email', 'phone'));
  }
  return { intent: '', registered: true };
}

export function RegisterPage() {
  const { t } = useTranslation();
  const failure = useActionFailure();
  const done = useActionAnswer<{ intent: string; registered?: boolean }>()?.registered === true;
  const typed = useTypedValues();
  const busy = useSubmitting();
  // The phone is typed as people dial it (050-123-4567, 02-123-4567) and read by the API's rule
  // (domain/shared/phone-number.ts): what it refuses is said under the field, in the page's language.
  const refusedFields = Object.keys(fieldErrorsOf(failure));
  const phoneError = refusedFields.includes('phone') ? t('auth.phoneInvalid') : null;
  const formFailure = phoneError && refusedFields.every((field) => field === 'phone') ? null : unlessAskedForChallenge(failure);
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('auth.registerTitle')} description={t('auth.registerDescription')} />
      <h1>{t('auth.registerTitle')}</h1>
      {done ? <p className="notice" data-testid="register-done">{t('auth.registered')}</p> : (
        <>
          <FormError error={formFailure} overrides={throttleMessages} />
          <Form method="post" className="form" data-testid="register-form">
            <label className="field"><span>{t('auth.fullName')}</span><input name="fullName" defaultValue={typed.fullName} required maxLength={200} autoComplete="name" /></label>
            <label className="field"><span>{t('auth.email')}</span><input type="email" name="email" defaultValue={typed.email} required autoComplete="email" /></label>
            <label className="field"><span>{t('auth.password')}</span><input type="password" name="password" required minLength={8} autoComplete="new-password" /><small>{t('auth.passwordRule')}</small></label>
            <label className="field">
              <span>{t('auth.phone')}</span>
              <input
                type="tel" name="phone" defaultValue={typed.phone} inputMode="tel" placeholder="050-123-4567" dir="ltr" autoComplete="tel" maxLength={40} data-testid="register-phone"
                aria-invalid={phoneError ? true : undefined} aria-describedby={phoneError ? 'register-phone-error register-phone-hint' : 'register-phone-hint'}
              />
              <small id="register-phone-hint">{t('auth.phoneHint')}</small>
              <FieldError id="register-phone-error" message={phoneError} />
            </label>
            <SecurityChallenge action="register" asked={failure?.status === 428} />
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>{t('auth.register')}</button>
          </Form>
          <p>{t('auth.haveAccount')} <LocalLink to="/user/login">{t('auth.login')}</LocalLink></p>
        </>
      )}
    </div>
  );
}

/** Asks for a reset link by e-mail; the API answers the same for every address. */
export async function forgotPasswordAction({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    await withSecurityChallenge(form, 'forgot-password', (securityChallenge) => environmentOf(context).api.post('user/password/forgot', {
      email: textOf(form, 'email'), locale: languageTag(localeOfRequest(request)), ...(securityChallenge ? { securityChallenge } : {}),
    }, { silent: true }));
  } catch (error) {
    return refused(error, '', typedValues(form, 'email'));
  }
  return { intent: '', sent: true };
}

/** "I forgot my password": asks for a reset link by e-mail. The answer is the same for every address. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const failure = useActionFailure();
  const sent = useActionAnswer<{ intent: string; sent?: boolean }>()?.sent === true;
  const typed = useTypedValues();
  const busy = useSubmitting();
  return (
    <div className="page narrow auth-page" data-testid="forgot-password">
      <PageMeta title={t('passwordReset.requestTitle')} />
      <h1>{t('passwordReset.requestTitle')}</h1>
      {sent ? <p className="notice notice-success" role="status" data-testid="forgot-password-sent">{t('passwordReset.sent')}</p> : (
        <>
          <p>{t('passwordReset.requestLead')}</p>
          <FormError error={unlessAskedForChallenge(failure)} overrides={throttleMessages} />
          <Form method="post" className="form" data-testid="forgot-password-form">
            <label className="field"><span>{t('auth.email')}</span><input type="email" name="email" defaultValue={typed.email} required autoComplete="email" dir="ltr" data-testid="forgot-password-email" /></label>
            <SecurityChallenge action="forgot-password" asked={failure?.status === 428} />
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="forgot-password-submit">
              {busy ? t('passwordReset.sending') : t('passwordReset.send')}
            </button>
          </Form>
        </>
      )}
      <p><LocalLink to="/user/login">{t('auth.backToLogin')}</LocalLink></p>
    </div>
  );
}

type ResetAnswer = { intent: string; done?: boolean; mismatch?: boolean };

/** A new password with the mailed link's token; the two typed passwords must match. */
export async function resetPasswordAction({ context, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const password = String(form.get('password') ?? '');
  if (password !== String(form.get('repeat') ?? '')) return data<ResetAnswer>({ intent: '', mismatch: true }, { status: 422 });
  try {
    await environmentOf(context).api.post('user/password/reset', { token: new URL(request.url).searchParams.get('token') ?? '', password }, { silent: true });
  } catch (error) {
    return refused(error);
  }
  return { intent: '', done: true } satisfies ResetAnswer;
}

/** The page of the mailed link: a new password, typed twice, with the link's token. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token } = useLoaderData<typeof guestOnlyLoader>();
  const failure = useActionFailure();
  const answer = useActionAnswer<ResetAnswer>();
  const busy = useSubmitting();
  const mismatch = answer?.mismatch === true;
  const badLink = failure?.problem.code === 'user.bad-reset-token';
  return (
    <div className="page narrow auth-page" data-testid="reset-password">
      <PageMeta title={t('passwordReset.resetTitle')} />
      <h1>{t('passwordReset.resetTitle')}</h1>
      {answer?.done ? (
        <>
          <p className="notice notice-success" role="status" data-testid="reset-password-done">{t('passwordReset.done')}</p>
          <LocalLink to="/user/login" className="button button-primary">{t('auth.login')}</LocalLink>
        </>
      ) : !token || badLink ? (
        <>
          <p className="form-error" role="alert" data-testid="reset-password-bad-link">{token ? t('passwordReset.badToken') : t('passwordReset.missingToken')}</p>
          <LocalLink to="/user/password/forgot" className="button">{t('passwordReset.askAgain')}</LocalLink>
        </>
      ) : (
        <>
          <FormError error={failure} />
          <Form method="post" className="form" data-testid="reset-password-form">
            <label className="field">
              <span>{t('passwordReset.newPassword')}</span>
              <input type="password" name="password" required minLength={8} autoComplete="new-password" data-testid="reset-password-new" />
              <small>{t('auth.passwordRule')}</small>
            </label>
            <label className="field">
              <span>{t('passwordReset.repeatPassword')}</span>
              <input type="password" name="repeat" required minLength={8} autoComplete="new-password" aria-invalid={mismatch || undefined}
                aria-describedby={mismatch ? 'reset-password-mismatch' : undefined} data-testid="reset-password-repeat" />
              {mismatch ? <span className="field-error" id="reset-password-mismatch" role="alert">{t('passwordReset.passwordsDiffer')}</span> : null}
            </label>
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="reset-password-submit">
              {busy ? t('passwordReset.saving') : t('passwordReset.save')}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export async function artistRegistrationLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  // A guest is told that the artist page hangs on an account, and offered to sign in and come back.
  if (!(await environment.currentUser())) return { guest: true as const, loginHref: loginPathFor(request), categories: [], places: [] };
  await requireNotVendor(environment, request);
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  return { guest: false as const, loginHref: '', categories, places };
}

function AccountFirst(props: { loginHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="artist-account-first" data-testid="artist-account-first">
      <p className="notice">{t('artist.accountFirst')}</p>
      <p className="auth-links">
        <a href={props.loginHref} className="button button-primary" data-testid="artist-sign-in">{t('artist.signInFirst')}</a>
        <LocalLink to="/user/register" className="button" data-testid="artist-register">{t('artist.registerFirst')}</LocalLink>
      </p>
    </div>
  );
}

const LANGUAGE_CODES = ['he', 'en', 'ru', 'ar', 'fr', 'am'];

/** The artist page of the signed-in account; its answer carries fresh tokens that name the new vendor. */
export async function artistRegistrationAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireNotVendor(environment, request);
  const locale = localeOfRequest(request);
  const form = await request.formData();
  const value = (name: string) => textOf(form, name);
  // The business details (SPEC §5 Israeli id), optional here: checked before the artist page is made.
  const business = value('legalName') || value('israeliId') ? businessProblems(value('legalName'), value('israeliId')) : null;
  if (business && Object.keys(business).length > 0) return data({ intent: '', businessProblems: business }, { status: 422 });
  let answer: TokenPair;
  try {
    answer = await environment.api.post<TokenPair>('artists/register', {
      profile: {
        name: { he: value('nameHe') || undefined, en: value('nameEn') || undefined },
        intro: { [locale]: value('intro') },
        originLocation: { [locale]: value('origin') },
        languages: form.getAll('languages').map(String),
        tagIds: form.getAll('tagIds').map(String),
        geoLocationIds: form.getAll('geoLocationIds').map(String),
        about: value('about') ? `<p>${value('about').replace(/[<>&]/g, '')}</p>` : '',
      },
    }, { silent: true });
  } catch (error) {
    return refused(error);
  }
  storeSession(environment, answer);
  // With the new session's token (it names the vendor); a refusal now is shown on the artist's profile, where they are edited.
  if (business) await saveBusinessDetails(environment.api, form);
  // A full load: the header and menus are the vendor's now.
  return redirectDocument(localizedPath(locale, '/user/dashboard/profile'), 303);
}

/** The optional business details of a new artist (SPEC §5 Israeli id), with the action's messages beside them. */
function ArtistBusinessFields() {
  const { t } = useTranslation();
  const problems = useActionAnswer<{ intent: string; businessProblems?: Record<string, string> }>()?.businessProblems ?? {};
  const field = (name: 'legalName' | 'israeliId', input: ReactNode) => (
    <label className="field">
      <span>{t(`businessDetails.${name}`)}</span>
      {input}
      <small id={`artist-${name}-hint`}>{t(`businessDetails.${name}Hint`)}</small>
      <FieldError id={`artist-${name}-error`} message={problems[name] ? t(problems[name]!) : null} />
    </label>
  );
  const described = (name: string) => ({ 'aria-invalid': problems[name] ? true : undefined, 'aria-describedby': `artist-${name}-hint${problems[name] ? ` artist-${name}-error` : ''}` });
  return (
    <fieldset className="field" data-testid="artist-business">
      <legend>{t('businessDetails.title')} <small className="muted">{t('artist.optional')}</small></legend>
      {field('legalName', <input name="legalName" maxLength={200} autoComplete="organization" data-testid="artist-legal-name" {...described('legalName')} />)}
      {field('israeliId', <input name="israeliId" inputMode="numeric" dir="ltr" maxLength={12} autoComplete="off" data-testid="artist-israeli-id" {...described('israeliId')} />)}
    </fieldset>
  );
}

export function ArtistRegistrationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { guest, loginHref, categories, places } = useLoaderData<typeof artistRegistrationLoader>();
  const failure = useActionFailure();
  const busy = useSubmitting();
  const languageNames = new Intl.DisplayNames([languageTag(locale)], { type: 'language' });
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('artist.title')} description={t('artist.description')} />
      <h1>{t('artist.title')}</h1>
      <p>{t('artist.lead')}</p>
      {guest ? <AccountFirst loginHref={loginHref} /> : <>
      <FormError error={failure} />
      <Form method="post" className="form" data-testid="artist-form">
        <label className="field"><span>{t('artist.nameHe')}</span><input name="nameHe" maxLength={200} dir="rtl" /></label>
        <label className="field"><span>{t('artist.nameEn')}</span><input name="nameEn" maxLength={200} dir="ltr" /></label>
        <label className="field"><span>{t('artist.intro')}</span><textarea name="intro" required maxLength={100} rows={2} /></label>
        <label className="field"><span>{t('artist.origin')}</span><input name="origin" required maxLength={20} /></label>
        <fieldset className="field"><legend>{t('artist.languages')}</legend>
          <div className="checks">{LANGUAGE_CODES.map((code) => <label key={code}><input type="checkbox" name="languages" value={code} defaultChecked={code === 'he'} /> {languageNames.of(code)}</label>)}</div>
        </fieldset>
        <fieldset className="field"><legend>{t('artist.categories')}</legend>
          <div className="checks">{categories.map((category) => <label key={category.id}><input type="checkbox" name="tagIds" value={category.id} /> {tr(category.name, locale)}</label>)}</div>
        </fieldset>
        <fieldset className="field"><legend>{t('artist.places')}</legend>
          <div className="checks">{places.map((place) => <label key={place.id}><input type="checkbox" name="geoLocationIds" value={place.id} /> {tr(place.name, locale)}</label>)}</div>
        </fieldset>
        <label className="field"><span>{t('artist.about')}</span><textarea name="about" rows={4} maxLength={5000} /></label>
        <ArtistBusinessFields />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>{t('artist.submit')}</button>
      </Form>
      </>}
    </div>
  );
}
