import { data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { environmentOf } from './environment.ts';
import { localeOfRequest, notFound } from './loader-kit.ts';
import { loadFavorites, type FavoritesState } from './favorites.tsx';
import type { RootData } from './root-data.ts';
import { publicConfig } from '../api/queries.ts';
import { Document, RootError } from './document.tsx';
import { Layout, NotFoundPage, NoAccessPage, ErrorPageContent, RouteErrorPage } from './layout.tsx';
import { HomePage, homeLoader } from '../pages/home.tsx';
import { CategoryListPage, CategoryPage, SearchPage, categoryListLoader, categoryLoader, searchLoader } from '../pages/search.tsx';
import { VendorPageView, vendorLoader, vendorShortLoader } from '../pages/vendor.tsx';
import { ProductPage, StoreHomePage, VendorListPage, VendorStorePage, productLoader, storeHomeLoader, vendorListLoader, vendorStoreLoader } from '../pages/store.tsx';
import { ArticlePage, BlogCategoryPage, BlogIndexPage, articleLoaderFor, blogCategoryLoader, blogIndexLoader } from '../pages/content.tsx';
import {
  ActivationPage, ArtistRegistrationPage, ForgotPasswordPage, LoginPage, RegisterPage, ResetPasswordPage, TwoFactorPage,
  activationAction, artistRegistrationAction, artistRegistrationLoader, forgotPasswordAction, guestOnlyLoader, loginAction, loginLoader, registerAction, resetPasswordAction,
} from '../pages/auth.tsx';
import { FavoritesPage } from '../pages/account.tsx';
import { PublicHelpPage, publicHelpLoader } from '../pages/help.tsx';
import { signOutAction, signOutLoader } from './sign-out.ts';
import { favoriteToggleAction, favoriteToggleLoader } from './favorites-toggle.ts';
import { localizedPath } from './locale-path.ts';
import { routeGroupId, routeGroups, type LoadedRouteGroups } from './route-groups.ts';
import type { Locale } from '../api/view-models.ts';

// One route tree for the server pass and the browser. Hebrew pages are unprefixed; the same pages
// live under /en in English.
async function rootLoader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const environment = environmentOf(context);
  const user = await environment.currentUser();
  let favorites: FavoritesState = { ids: [], vendors: [] };
  try {
    favorites = await loadFavorites(environment, user);
  } catch {
    // SPEC §8: a failed favorites load leaves the list as it was (empty on first load).
  }
  const config = await publicConfig(environment.api).catch(() => ({ supportWhatsapp: null, supportIsDemo: false }));
  return {
    locale: localeOfRequest(request), user, favorites, now: Date.now(), supportWhatsapp: config.supportWhatsapp, supportIsDemo: config.supportIsDemo,
    origin: new URL(request.url).origin,
  };
}

/** /user and /user/dashboard/dashboard go to the profile dashboard. */
function profileRedirectLoader({ request }: LoaderFunctionArgs) {
  return redirect(localizedPath(localeOfRequest(request), '/user/dashboard/profile'));
}

export const pageRoutes: RouteObject[] = [
  { index: true, loader: homeLoader, Component: HomePage },
  { path: 'search', loader: searchLoader, Component: SearchPage },
  { path: 'artists', loader: categoryListLoader, Component: CategoryListPage },
  { path: 'artists/:categoryAlias', loader: categoryLoader, Component: CategoryPage },
  { path: 'artists/:categoryAlias/:id', loader: vendorShortLoader, Component: VendorPageView },
  { path: 'artists/:categoryAlias/:id/:vendorDisplayName', loader: vendorLoader, Component: VendorPageView },
  { path: 'store', loader: storeHomeLoader, Component: StoreHomePage },
  { path: 'store/vendors', loader: vendorListLoader, Component: VendorListPage },
  { path: 'store/product/:productId', loader: productLoader, Component: ProductPage },
  { path: 'store/vendor/:vendorId', loader: vendorStoreLoader, Component: VendorStorePage },
  { path: 'blog', loader: blogIndexLoader, Component: BlogIndexPage },
  { path: 'blog/article/:articleAlias', loader: articleLoaderFor(), Component: ArticlePage },
  { path: 'blog/category/:categoryAlias', loader: blogCategoryLoader, Component: BlogCategoryPage },
  { path: 'about', loader: articleLoaderFor('about'), Component: ArticlePage },
  { path: 'contact', loader: articleLoaderFor('contact'), Component: ArticlePage },
  { path: 'terms', loader: articleLoaderFor('terms'), Component: ArticlePage },
  { path: 'content/article/:articleAlias', loader: articleLoaderFor(), Component: ArticlePage },
  { path: 'help', loader: publicHelpLoader, Component: PublicHelpPage },
  { path: 'user', loader: profileRedirectLoader },
  { path: 'user/dashboard', loader: profileRedirectLoader },
  { path: 'user/dashboard/dashboard', loader: profileRedirectLoader },
  { path: 'user/login', loader: loginLoader, action: loginAction, Component: LoginPage },
  { path: 'user/logout', loader: signOutLoader, action: signOutAction },
  { path: 'favorites/toggle', loader: favoriteToggleLoader, action: favoriteToggleAction },
  { path: 'user/login/two-factor', loader: guestOnlyLoader, Component: TwoFactorPage },
  { path: 'user/activate', loader: guestOnlyLoader, action: activationAction, Component: ActivationPage },
  { path: 'user/password/forgot', loader: guestOnlyLoader, action: forgotPasswordAction, Component: ForgotPasswordPage },
  { path: 'user/password/reset', loader: guestOnlyLoader, action: resetPasswordAction, Component: ResetPasswordPage },
  { path: 'user/register', loader: guestOnlyLoader, action: registerAction, Component: RegisterPage },
  { path: 'user/register/artist', loader: artistRegistrationLoader, action: artistRegistrationAction, Component: ArtistRegistrationPage },
  { path: 'favorites', Component: FavoritesPage },
  { path: 'error', element: <ErrorPageContent /> },
  // The no-access page answers 403: a guard that refuses sends the reader here.
  { path: 'error/unauthorized', loader: () => data(null, { status: 403 }), Component: NoAccessPage },
  { path: '404', loader: () => notFound(), Component: NotFoundPage },
  { path: '*', loader: () => notFound(), Component: NotFoundPage },
];

// The dashboards and the back office (web/app/route-groups.ts) come last, each under a pathless
// route with its own id, so the ids react-router gives the storefront's routes by position are the
// same whichever groups are loaded; a group not loaded yet is an empty route that matches nothing.
const localeBranch = (locale: Locale, loaded: LoadedRouteGroups | null): RouteObject => ({
  ...(locale === 'en' ? { path: 'en' } : {}),
  Component: Layout,
  // null: the branch without its routes (routeTree's `only`).
  children: loaded === null ? [] : [{
    ErrorBoundary: RouteErrorPage,
    children: [...pageRoutes, ...routeGroups.map((group) => ({ id: routeGroupId(locale, group.name), children: loaded[group.name] ?? [] }))],
  }],
});

/**
 * The whole tree with the groups given: those of the page in the browser. `only`: the other locale's
 * branch stays in place with no routes, so every route keeps its id (ids go by position), and a path
 * of this locale matches as in the whole tree, at a fraction of the cost (web/render-page.tsx).
 */
export const routeTree = (loaded: LoadedRouteGroups, only?: Locale): RouteObject[] => [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // The user and favorites change only by sign-in/out (full page loads) or through the provider.
    shouldRevalidate: () => false,
    Component: Document,
    ErrorBoundary: RootError,
    children: (['en', 'he'] as const).map((locale) => localeBranch(locale, only === undefined || only === locale ? loaded : null)),
  },
];
