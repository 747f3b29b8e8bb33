import { useEffect, useState } from 'react';
import { Form, Outlet, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { useRootData } from './root-data.ts';
import { LocalLink, LocalNavLink, useLocalizedPath } from './links.tsx';
import { useFavorites } from './favorites.tsx';
import { switchLocale } from './locale-path.ts';
import { SIGN_OUT_PATH } from './sign-out.ts';
import { isApiError } from '../api/api-error.ts';
import { withoutTrackedParameters } from './tracking.ts';
import { PageMeta } from './page-meta.tsx';
import { UnreadBadges } from './unread-counts.tsx';
import { landingAfterNotFound, NOT_FOUND_REDIRECT_SECONDS } from './after-not-found.ts';
import { isChunkError, type ChunkError } from './chunk-recovery.ts';
import { displayPhone } from './phone-number.ts';
import { ReusableMarkup, usePartHole } from './reused-markup.tsx';
import type { Locale } from '../api/view-models.ts';

// Header, footer and the error boundary of every page.
const otherLocale = (locale: Locale): Locale => (locale === 'he' ? 'en' : 'he');

function LanguageSwitch() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const other = otherLocale(locale);
  // A full page load: the document's lang and dir change with the language.
  return (
    <a className="language-switch" href={usePartHole(LANGUAGE_SWITCH_HREF)} hrefLang={other} lang={other} data-testid="language-switch">
      {t(`language.${other}`)}
    </a>
  );
}

/** Posts to the sign-out action as a plain form (reloadDocument): the server clears the cookies and the next page is read signed out. */
function SignOutButton(props: { className: string; label: string; testId?: string }) {
  const localize = useLocalizedPath();
  return (
    <Form method="post" action={localize(SIGN_OUT_PATH)} reloadDocument className="sign-out-form">
      <button type="submit" className={props.className} data-testid={props.testId ?? 'sign-out'}>{props.label}</button>
    </Form>
  );
}

/** The sign-in and registration pages' login link does not come back to them. */
const isLoginPage = (pathname: string) => /\/user\/(login|register)/.test(pathname);

function UserArea() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const location = useLocation();
  const loginRedirect = usePartHole(LOGIN_REDIRECT);
  if (!user) {
    return (
      <div className="user-area">
        <LocalLink to={isLoginPage(location.pathname) ? '/user/login' : `/user/login?loginRedirect=${loginRedirect}`} className="button button-small" data-testid="login-link">{t('nav.login')}</LocalLink>
        <LocalLink to="/user/register" className="link-quiet hide-mobile">{t('nav.register')}</LocalLink>
      </div>
    );
  }
  return (
    <div className="user-area">
      <UnreadBadges />
      <LocalLink to="/user/dashboard/profile" className="user-name" data-testid="user-menu">{user.fullName || user.email}</LocalLink>
      <SignOutButton className="link-button" label={t('nav.logout')} />
    </div>
  );
}

/** The account part of the ☰ menu: on a phone the header has room for the icons only. */
function MobileAccountLinks() {
  const { t } = useTranslation();
  const { user } = useRootData();
  if (!user) return <LocalLink to="/user/register" className="mobile-nav-account">{t('nav.register')}</LocalLink>;
  return (
    <>
      <LocalLink to="/user/dashboard/profile" className="mobile-nav-account" data-testid="mobile-account">{user.fullName || user.email}</LocalLink>
      <SignOutButton className="link-button mobile-nav-signout" testId="mobile-signout" label={t('nav.logout')} />
    </>
  );
}

const HEADER = { tag: 'header', className: 'site-header' } as const;
const MAIN_NAV = { tag: 'nav', className: 'main-nav hide-mobile' } as const;
// The header's holes: the only parts of its markup that change with the path beyond its section.
const LANGUAGE_SWITCH_HREF = 'languageSwitchHref';
const LOGIN_REDIRECT = 'loginRedirect';
const MOBILE_NAV = { tag: 'nav', className: 'mobile-nav' } as const;

/**
 * What of the path the menus' markup depends on: a NavLink is active when the path in lower case is
 * its own or lies under it, and the menus' paths are at most two segments long (`/en/artists`), so the
 * path's first two segments decide (web/app/reused-markup.tsx).
 */
export function menuSectionOf(pathname: string): string {
  return pathname.toLowerCase().split('/').slice(0, 3).join('/');
}

/**
 * The same markup on every page of a section for a guest or the same user with the same favourites'
 * count, but for its holes, the language switch's address and the login link's way back (the path and
 * query): the server renders it once per set of inputs (web/app/reused-markup.tsx).
 */
function Header() {
  const { locale, user } = useRootData();
  const location = useLocation();
  const favorites = useFavorites();
  const holes = {
    [LANGUAGE_SWITCH_HREF]: switchLocale(location.pathname, location.search, otherLocale(locale)),
    [LOGIN_REDIRECT]: encodeURIComponent(location.pathname + withoutTrackedParameters(location.search)),
  };
  const inputs = [locale, menuSectionOf(location.pathname), user ? user.fullName || user.email : null, favorites.ids.length, isLoginPage(location.pathname)];
  return <ReusableMarkup part={HEADER} inputs={inputs} holes={holes}><HeaderContent /></ReusableMarkup>;
}

function HeaderContent() {
  const { t } = useTranslation();
  const { locale, user } = useRootData();
  const section = menuSectionOf(useLocation().pathname);
  const favorites = useFavorites();
  const links = (
    <>
      <LocalNavLink to="/search">{t('nav.search')}</LocalNavLink>
      <LocalNavLink to="/artists">{t('nav.categories')}</LocalNavLink>
      <LocalNavLink to="/store">{t('nav.store')}</LocalNavLink>
      <LocalNavLink to="/blog">{t('nav.blog')}</LocalNavLink>
      <LocalNavLink to="/about">{t('nav.about')}</LocalNavLink>
    </>
  );
  return (
    <div className="header-inner">
      <LocalLink to="/" className="logo" aria-label={t('site.name')}>
        <span className="logo-mark" aria-hidden="true">✦</span>
        <span>{t('site.name')}</span>
      </LocalLink>
      <ReusableMarkup part={MAIN_NAV} label={t('nav.main')} inputs={[locale, section]}>{links}</ReusableMarkup>
      <div className="header-actions">
        {/* Named by its text (heard: "Favorites 3"), not an aria-label the visible count would contradict. */}
        <LocalLink to="/favorites" className="favorites-link" data-testid="favorites-link">
          <span aria-hidden="true">♥</span> <span className="visually-hidden">{t('favorites.title')}</span>{' '}
          <span className="favorites-count" data-testid="favorites-count">{favorites.ids.length}</span>
        </LocalLink>
        <LanguageSwitch />
        <UserArea />
        <details className="mobile-menu show-mobile">
          <summary aria-label={t('nav.menu')}>☰</summary>
          <ReusableMarkup part={MOBILE_NAV} label={t('nav.main')} inputs={[locale, section, user ? user.fullName || user.email : null]}>
            {links}
            <MobileAccountLinks />
          </ReusableMarkup>
        </details>
      </div>
    </div>
  );
}

const FOOTER = { tag: 'footer', className: 'site-footer' } as const;

/** The same markup on every page of a language with the same support number: the server renders it once (web/app/reused-markup.tsx). */
function Footer() {
  const { locale, supportWhatsapp, supportIsDemo } = useRootData();
  return (
    <ReusableMarkup part={FOOTER} inputs={[locale, supportWhatsapp, supportIsDemo]}>
      <FooterContent />
    </ReusableMarkup>
  );
}

function FooterContent() {
  const { t } = useTranslation();
  const { supportWhatsapp, supportIsDemo } = useRootData();
  return (
    <div className="footer-inner">
      <div>
        <strong>{t('site.name')}</strong>
        <p>{t('site.tagline')}</p>
        {supportWhatsapp ? (
          <p>
            {t('footer.support')}{' '}
            <a href={`https://wa.me/${supportWhatsapp.replace('+', '')}`} dir="ltr" data-testid="support-whatsapp">{displayPhone(supportWhatsapp)}</a>
            {supportIsDemo ? <> <span className="muted" data-testid="support-demo">{`(${t('footer.demoNumber')})`}</span></> : null}
          </p>
        ) : null}
      </div>
      <nav aria-label={t('nav.footer')} className="footer-nav">
        <LocalLink to="/about">{t('nav.about')}</LocalLink>
        <LocalLink to="/contact">{t('nav.contact')}</LocalLink>
        <LocalLink to="/terms">{t('nav.terms')}</LocalLink>
        <LocalLink to="/help">{t('nav.help')}</LocalLink>
        <LocalLink to="/blog">{t('nav.blog')}</LocalLink>
        <LocalLink to="/user/register/artist">{t('nav.joinAsArtist')}</LocalLink>
      </nav>
    </div>
  );
}

export function Layout() {
  return (
    <div className="app">
      <Header />
      <main id="main" className="main"><Outlet /></main>
      <Footer />
    </div>
  );
}

/**
 * The 404 page (status 404), then SPEC §2's role-based redirect: once scripts run it counts down and
 * takes the reader to where their role starts (web/app/after-not-found.ts), unless they choose to stay.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const landing = landingAfterNotFound(user);
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  // null: not counting (the server pass, no scripts, or the reader chose to stay).
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => setLeft(NOT_FOUND_REDIRECT_SECONDS), []);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      void navigate(localize(landing.path), { replace: true });
      return;
    }
    const tick = setTimeout(() => setLeft((current) => (current === null ? null : current - 1)), 1000);
    return () => clearTimeout(tick);
  }, [left]);
  return (
    <div className="page narrow error-page" data-testid="not-found" data-landing={landing.path}>
      <PageMeta title={t('errors.notFoundTitle')} description={t('core.genericError404')} />
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFoundText')}</p>
      {left !== null ? (
        <p className="not-found-countdown" data-testid="not-found-countdown">
          {t(`errors.takingYou.${landing.place}`)} <span data-testid="not-found-seconds">{t('errors.inSeconds', { seconds: left })}</span>{' '}
          <button type="button" className="link-button" onClick={() => setLeft(null)} data-testid="not-found-stay">{t('errors.stayHere')}</button>
        </p>
      ) : null}
      <p className="error-page-actions">
        <LocalLink to={landing.path} className="button button-primary" data-testid="not-found-go">{t(`errors.goTo.${landing.place}`)}</LocalLink>
        <LocalLink to="/" className="button">{t('errors.backHome')}</LocalLink>
      </p>
    </div>
  );
}

/** No access (403): the page is there, the reader's role may not see it (SPEC error-unauthorized). */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <div className="page narrow error-page" data-testid="unauthorized">
      <PageMeta title={t('errors.unauthorizedTitle')} />
      <h1>{t('errors.unauthorizedTitle')}</h1>
      <p>{t('core.genericError403')}</p>
      <LocalLink to="/" className="button">{t('errors.backHome')}</LocalLink>
    </div>
  );
}

export function ErrorPageContent(props: { status?: number }) {
  const { t } = useTranslation();
  if (props.status === 403) return <NoAccessPage />;
  // 503: an engine away for a moment (the answer carries Retry-After); trying again is the way on.
  const unavailable = props.status === 503;
  const title = t(unavailable ? 'errors.unavailableTitle' : 'errors.title');
  return (
    <div className="page narrow error-page" data-testid="error-page">
      <PageMeta title={title} />
      <h1>{title}</h1>
      <p>{t(unavailable ? 'errors.unavailable' : 'core.genericError500')}</p>
      <p className="error-page-actions">
        {unavailable && <a href="" className="button button-primary" data-testid="error-try-again">{t('errors.tryAgain')}</a>}
        <LocalLink to="/" className="button">{t('errors.backHome')}</LocalLink>
      </p>
    </div>
  );
}

/** SPEC §8 module errors: the page's code did not load (web/app/chunk-recovery.ts), said in words, with a way to try again. */
export function ChunkErrorPage(props: { error: ChunkError }) {
  const { t } = useTranslation();
  return (
    <div className="page narrow error-page" data-testid="chunk-error" data-kind={props.error.kind}>
      <PageMeta title={t('chunkError.title')} />
      <h1>{t('chunkError.title')}</h1>
      <p>{t(`chunkError.${props.error.kind}`)}</p>
      <p className="error-page-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()} data-testid="chunk-error-reload">{t('chunkError.reload')}</button>
        <LocalLink to="/" reloadDocument className="button">{t('errors.backHome')}</LocalLink>
      </p>
    </div>
  );
}

/** SPEC §8: a 404 while loading data shows the 404 page; other failures the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkError(error)) return <ChunkErrorPage error={error} />;
  // A failed API call was already shown as a notification; anything else is a bug worth logging.
  if (!isRouteErrorResponse(error) && !isApiError(error)) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : isApiError(error) ? error.status : 500;
  return <ErrorPageContent status={status} />;
}
