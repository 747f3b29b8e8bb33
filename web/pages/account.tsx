import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../app/environment.ts';
import { requireUser, requireVendor } from '../app/guards.ts';
import { localeOfRequest } from '../app/loader-kit.ts';
import { localizedPath } from '../app/locale-path.ts';
import { myOrders, notifications as loadNotifications, vendorOrders } from '../api/queries.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, LocalNavLink, useLocale } from '../app/links.tsx';
import { formatDateTime, tr } from '../app/format.ts';
import { useRootData } from '../app/root-data.ts';
import { useFavorites } from '../app/favorites.tsx';
import { VendorGrid } from '../components/vendor-card.tsx';
import { Price } from '../components/price.tsx';
import type { Order } from '../api/view-models.ts';
import type { ReactNode } from 'react';

// SPEC §2: a user with a vendor profile sees the vendor menu, others the personal menu.
export const PERSONAL_MENU = ['profile', 'my-vendors', 'orders', 'payments', 'reviews', 'notifications', 'conversations', 'contracts'] as const;
export const VENDOR_MENU = ['vendor/busy-windows', 'vendor/profile', 'vendor/orders', 'vendor/reviews', 'notifications', 'conversations', 'contracts'] as const;

/** /user and /user/dashboard/dashboard go to the profile dashboard. */
export function profileRedirectLoader({ request }: LoaderFunctionArgs) {
  return redirect(localizedPath(localeOfRequest(request), '/user/dashboard/profile'));
}

function DashboardLayout(props: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  const menu = user?.vendorId ? VENDOR_MENU : PERSONAL_MENU;
  return (
    <div className="page dashboard">
      <PageMeta title={props.title} />
      <nav className="dashboard-menu" aria-label={t('dashboard.menu')} data-testid={user?.vendorId ? 'vendor-menu' : 'personal-menu'}>
        {user?.vendorId ? <LocalNavLink to="/user/dashboard/profile">{t('dashboard.items.profile')}</LocalNavLink> : null}
        {menu.map((item) => (
          <LocalNavLink key={item} to={item === 'notifications' ? '/notifications' : `/user/dashboard/${item}`}>{t(`dashboard.items.${item}`)}</LocalNavLink>
        ))}
      </nav>
      <div className="dashboard-content">
        <h1>{props.title}</h1>
        {props.children}
      </div>
    </div>
  );
}

export async function userLoader({ context, request }: LoaderFunctionArgs) {
  return { user: await requireUser(environmentOf(context), request) };
}

export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useLoaderData<typeof userLoader>();
  return (
    <DashboardLayout title={t('dashboard.items.profile')}>
      <dl className="facts card" data-testid="profile">
        <dt>{t('auth.fullName')}</dt><dd>{user.fullName}</dd>
        <dt>{t('auth.email')}</dt><dd dir="ltr">{user.email}</dd>
        <dt>{t('dashboard.language')}</dt><dd>{user.locale}</dd>
        <dt>{t('dashboard.role')}</dt><dd>{user.vendorId ? t('dashboard.roleVendor') : t('dashboard.roleCustomer')}</dd>
      </dl>
      {!user.vendorId ? <LocalLink to="/user/register/artist" className="button">{t('nav.joinAsArtist')}</LocalLink> : null}
    </DashboardLayout>
  );
}

function OrderTable(props: { orders: Order[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (props.orders.length === 0) return <p className="empty">{t('dashboard.noOrders')}</p>;
  return (
    <ul className="order-list">
      {props.orders.map((order) => (
        <li key={order.id} className="card order-row">
          <LocalLink to={`/order/${order.id}/complete`}><strong>{tr(order.product.name, locale)}</strong></LocalLink>
          <span className={`status status-${order.status}`}>{t(`order.statuses.${order.status}`)}</span>
          <span className="muted">{order.slot ? formatDateTime(order.slot.start, locale) : formatDateTime(order.placedAt, locale)}</span>
          <Price money={order.total} />
        </li>
      ))}
    </ul>
  );
}

export async function ordersLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  return { orders: (await myOrders(environment.api)).items };
}

export function OrdersPage() {
  const { t } = useTranslation();
  const { orders } = useLoaderData<typeof ordersLoader>();
  return <DashboardLayout title={t('dashboard.items.orders')}><OrderTable orders={orders} /></DashboardLayout>;
}

export async function vendorOrdersLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  return { orders: (await vendorOrders(environment.api)).items };
}

export function VendorOrdersPage() {
  const { t } = useTranslation();
  const { orders } = useLoaderData<typeof vendorOrdersLoader>();
  return <DashboardLayout title={t('dashboard.items.vendor/orders')}><OrderTable orders={orders} /></DashboardLayout>;
}

/** Dashboard sections the storefront does not build yet (issue 5 covers the public side). */
export function dashboardSectionLoader(vendorOnly: boolean) {
  return async ({ context, request }: LoaderFunctionArgs) => {
    const environment = environmentOf(context);
    if (vendorOnly) await requireVendor(environment, request); else await requireUser(environment, request);
    return null;
  };
}

export function DashboardSectionPage(props: { item: string }) {
  const { t } = useTranslation();
  return (
    <DashboardLayout title={t(`dashboard.items.${props.item}`)}>
      <p className="empty">{t('dashboard.sectionEmpty')}</p>
    </DashboardLayout>
  );
}

export async function notificationsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  return { notifications: (await loadNotifications(environment.api)).items };
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { notifications } = useLoaderData<typeof notificationsLoader>();
  return (
    <DashboardLayout title={t('notifications.title')}>
      {notifications.length === 0 ? <p className="empty">{t('notifications.empty')}</p> : (
        <ul className="notification-list" data-testid="notifications">
          {notifications.map((item) => (
            <li key={item.id} className={`card${item.read ? '' : ' is-unread'}`}>
              <p>{t(`notification.${item.kind}`, { ...item.params, defaultValue: item.kind })}</p>
              <p className="muted">{formatDateTime(item.at, locale)}</p>
              {item.subject.orderId ? <LocalLink to={`/order/${item.subject.orderId}/complete`}>{t('order.view')}</LocalLink> : null}
            </li>
          ))}
        </ul>
      )}
    </DashboardLayout>
  );
}

export function FavoritesPage() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  return (
    <div className="page" data-testid="favorites-page">
      <PageMeta title={t('favorites.title')} description={t('favorites.description')} />
      <h1>{t('favorites.title')}</h1>
      {favorites.vendors.length === 0 ? <p className="empty">{t('favorites.empty')}</p> : <VendorGrid vendors={favorites.vendors} />}
    </div>
  );
}

export function UnauthorizedPage() {
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
