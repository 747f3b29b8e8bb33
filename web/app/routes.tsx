import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { environmentOf } from './environment.ts';
import { localeOfRequest, notFound } from './loader-kit.ts';
import { loadFavorites, type FavoritesState } from './favorites.tsx';
import type { RootData } from './root-data.ts';
import { publicConfig } from '../api/queries.ts';
import { Document, RootError } from './document.tsx';
import { Layout, NotFoundPage, ErrorPageContent, RouteErrorPage } from './layout.tsx';
import { HomePage, homeLoader } from '../pages/home.tsx';
import { CategoryListPage, CategoryPage, SearchPage, categoryListLoader, categoryLoader, searchLoader } from '../pages/search.tsx';
import { VendorPageView, vendorLoader, vendorShortLoader } from '../pages/vendor.tsx';
import { ProductPage, StoreHomePage, VendorListPage, VendorStorePage, productLoader, storeHomeLoader, vendorListLoader, vendorStoreLoader } from '../pages/store.tsx';
import { ArticlePage, BlogCategoryPage, BlogIndexPage, articleLoaderFor, blogCategoryLoader, blogIndexLoader } from '../pages/content.tsx';
import { ActivationPage, ArtistRegistrationPage, LoginPage, RegisterPage, TwoFactorPage, artistRegistrationLoader, guestOnlyLoader, loginLoader } from '../pages/auth.tsx';
import { CheckoutCompletePage, CheckoutPage, OrderCompletePage, PaymentPage, checkoutLoader, orderCompleteLoader, paymentLoader } from '../pages/checkout.tsx';
import {
  DashboardSectionPage, FavoritesPage, NotificationsPage, OrdersPage, ProfilePage, UnauthorizedPage, VendorOrdersPage,
  dashboardSectionLoader, notificationsLoader, ordersLoader, profileRedirectLoader, userLoader, vendorOrdersLoader,
} from '../pages/account.tsx';

// One route tree for the server pass and the browser. Hebrew pages are unprefixed; the same pages
// live under /en in English (issue 5 "Paths").
async function rootLoader({ context, request }: LoaderFunctionArgs): Promise<RootData> {
  const environment = environmentOf(context);
  const user = await environment.currentUser();
  let favorites: FavoritesState = { ids: [], vendors: [] };
  try {
    favorites = await loadFavorites(environment, user);
  } catch {
    // SPEC §8: a failed favorites load leaves the list as it was (empty on first load).
  }
  const config = await publicConfig(environment.api).catch(() => ({ supportWhatsapp: null }));
  return { locale: localeOfRequest(request), user, favorites, now: Date.now(), supportWhatsapp: config.supportWhatsapp };
}

const personalSections = ['my-vendors', 'payments', 'reviews', 'conversations', 'contracts'];
const vendorSections = ['vendor/busy-windows', 'vendor/profile', 'vendor/reviews'];

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
  { path: 'user', loader: profileRedirectLoader },
  { path: 'user/dashboard', loader: profileRedirectLoader },
  { path: 'user/dashboard/dashboard', loader: profileRedirectLoader },
  { path: 'user/login', loader: loginLoader, Component: LoginPage },
  { path: 'user/login/two-factor', loader: guestOnlyLoader, Component: TwoFactorPage },
  { path: 'user/activate', loader: guestOnlyLoader, Component: ActivationPage },
  { path: 'user/register', loader: guestOnlyLoader, Component: RegisterPage },
  { path: 'user/register/artist', loader: artistRegistrationLoader, Component: ArtistRegistrationPage },
  { path: 'user/dashboard/profile', loader: userLoader, Component: ProfilePage },
  { path: 'user/dashboard/orders', loader: ordersLoader, Component: OrdersPage },
  { path: 'user/dashboard/vendor/orders', loader: vendorOrdersLoader, Component: VendorOrdersPage },
  ...personalSections.map((item) => ({ path: `user/dashboard/${item}`, loader: dashboardSectionLoader(false), element: <DashboardSectionPage item={item} /> })),
  ...vendorSections.map((item) => ({ path: `user/dashboard/${item}`, loader: dashboardSectionLoader(true), element: <DashboardSectionPage item={item} /> })),
  { path: 'notifications', loader: notificationsLoader, Component: NotificationsPage },
  { path: 'favorites', Component: FavoritesPage },
  { path: 'checkout', loader: checkoutLoader, Component: CheckoutPage },
  { path: 'checkout/complete/:orderId', loader: orderCompleteLoader, Component: CheckoutCompletePage },
  { path: 'order/:orderId/payment', loader: paymentLoader, Component: PaymentPage },
  { path: 'order/:orderId/complete', loader: orderCompleteLoader, Component: OrderCompletePage },
  { path: 'error', element: <ErrorPageContent /> },
  { path: 'error/unauthorized', Component: UnauthorizedPage },
  { path: '404', loader: () => notFound(), Component: NotFoundPage },
  { path: '*', loader: () => notFound(), Component: NotFoundPage },
];

const localeBranch = (path: string | undefined): RouteObject => ({
  ...(path ? { path } : {}),
  Component: Layout,
  children: [{ ErrorBoundary: RouteErrorPage, children: pageRoutes }],
});

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // The user and favorites change only by sign-in/out (full page loads) or through the provider.
    shouldRevalidate: () => false,
    Component: Document,
    ErrorBoundary: RootError,
    children: [localeBranch('en'), localeBranch(undefined)],
  },
];
