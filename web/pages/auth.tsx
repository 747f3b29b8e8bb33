import { useEffect, useState, type FormEvent } from 'react';
import { redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../app/environment.ts';
import { requireGuest, requireNotVendor, safeRedirectTarget } from '../app/guards.ts';
import { localeOfRequest } from '../app/loader-kit.ts';
import { localizedPath, languageTag } from '../app/locale-path.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, useLocale, useLocalizedPath } from '../app/links.tsx';
import { moveGuestFavoritesToAccount, storeSession, type TokenPair } from '../app/session.ts';
import { FormError } from '../components/form-errors.tsx';
import { tr } from '../app/format.ts';

const formValues = (event: FormEvent<HTMLFormElement>) => Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;

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
  return { loginRedirect: safeRedirectTarget(url.searchParams.get('loginRedirect'), localizedPath(locale, '/')), failed: url.searchParams.get('failed') === '1' };
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const { loginRedirect, failed } = useLoaderData<typeof loginLoader>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const localize = useLocalizedPath();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    setBusy(true);
    setError(null);
    const { api } = environmentOf(undefined);
    try {
      const pair = await api.post<TokenPair>('token/jwt', { email: values.email, password: values.password }, { silent: true });
      storeSession(pair);
      await moveGuestFavoritesToAccount(api);
      // A full load: the server pass renders the signed-in page with the new cookie.
      window.location.assign(loginRedirect);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('auth.loginTitle')} description={t('auth.loginDescription')} />
      <h1>{t('auth.loginTitle')}</h1>
      {failed && !error ? <div className="form-error" role="alert">{t('auth.wrongCredentials')}</div> : null}
      <FormError error={error} overrides={{ 401: 'auth.wrongCredentials', 403: 'auth.inactive' }} />
      <form method="post" action={`${location.pathname}${location.search}`} onSubmit={submit} className="form" data-testid="login-form">
        <label className="field"><span>{t('auth.email')}</span><input type="email" name="email" required autoComplete="email" data-testid="login-email" /></label>
        <label className="field"><span>{t('auth.password')}</span><input type="password" name="password" required autoComplete="current-password" data-testid="login-password" /></label>
        <button type="submit" className="button button-primary" disabled={busy} data-testid="login-submit">{t('auth.login')}</button>
      </form>
      <p>{t('auth.noAccount')} <LocalLink to="/user/register">{t('auth.registerLink')}</LocalLink></p>
      <p className="muted"><a href={localize('/user/login/two-factor')}>{t('auth.twoFactorLink')}</a></p>
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

export function ActivationPage() {
  const { t } = useTranslation();
  const { token } = useLoaderData<typeof guestOnlyLoader>();
  const [state, setState] = useState<'pending' | 'done' | 'failed'>(token ? 'pending' : 'failed');
  const [error, setError] = useState<unknown>(null);
  // Activation is a write: it runs in the browser, never on the server pass of a GET.
  useEffect(() => {
    if (!token) return;
    environmentOf(undefined).api.post('user/activate', { token }, { silent: true })
      .then(() => setState('done'), (caught: unknown) => { setError(caught); setState('failed'); });
  }, [token]);
  return (
    <div className="page narrow auth-page" data-testid="activation">
      <PageMeta title={t('auth.activationTitle')} />
      <h1>{t('auth.activationTitle')}</h1>
      {state === 'pending' ? <p>{t('auth.activating')}</p> : null}
      {state === 'done' ? <><p data-testid="activation-done">{t('auth.activated')}</p><LocalLink to="/user/login" className="button button-primary">{t('auth.login')}</LocalLink></> : null}
      {state === 'failed' ? (error ? <FormError error={error} /> : <p>{t('auth.activationMissing')}</p>) : null}
    </div>
  );
}

export function RegisterPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event);
    setBusy(true);
    setError(null);
    try {
      await environmentOf(undefined).api.post('user/register', {
        email: values.email, password: values.password, fullName: values.fullName, locale: languageTag(locale), ...(values.phone ? { phone: values.phone } : {}),
      }, { silent: true });
      setDone(true);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('auth.registerTitle')} description={t('auth.registerDescription')} />
      <h1>{t('auth.registerTitle')}</h1>
      {done ? <p className="notice" data-testid="register-done">{t('auth.registered')}</p> : (
        <>
          <FormError error={error} />
          <form method="post" onSubmit={submit} className="form" data-testid="register-form">
            <label className="field"><span>{t('auth.fullName')}</span><input name="fullName" required maxLength={200} autoComplete="name" /></label>
            <label className="field"><span>{t('auth.email')}</span><input type="email" name="email" required autoComplete="email" /></label>
            <label className="field"><span>{t('auth.password')}</span><input type="password" name="password" required minLength={8} autoComplete="new-password" /><small>{t('auth.passwordRule')}</small></label>
            <label className="field"><span>{t('auth.phone')}</span><input type="tel" name="phone" pattern="\+[1-9][0-9]{11}" placeholder="+972501234567" dir="ltr" autoComplete="tel" /></label>
            <button type="submit" className="button button-primary" disabled={busy}>{t('auth.register')}</button>
          </form>
          <p>{t('auth.haveAccount')} <LocalLink to="/user/login">{t('auth.login')}</LocalLink></p>
        </>
      )}
    </div>
  );
}

export async function artistRegistrationLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireNotVendor(environment, request);
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  return { categories, places };
}

const LANGUAGE_CODES = ['he', 'en', 'ru', 'ar', 'fr', 'am'];

export function ArtistRegistrationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { categories, places } = useLoaderData<typeof artistRegistrationLoader>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const languageNames = new Intl.DisplayNames([languageTag(locale)], { type: 'language' });
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const answer = await environmentOf(undefined).api.post<TokenPair>('artists/register', {
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
      // The answer carries fresh tokens that name the new vendor.
      storeSession(answer);
      window.location.assign(localize('/user/dashboard/profile'));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }
  return (
    <div className="page narrow auth-page">
      <PageMeta title={t('artist.title')} description={t('artist.description')} />
      <h1>{t('artist.title')}</h1>
      <p>{t('artist.lead')}</p>
      <FormError error={error} />
      <form method="post" onSubmit={submit} className="form" data-testid="artist-form">
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
        <button type="submit" className="button button-primary" disabled={busy}>{t('artist.submit')}</button>
      </form>
    </div>
  );
}
