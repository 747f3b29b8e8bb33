import { useLoaderData, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { requireUser } from '../../app/guards.ts';
import { LocalLink } from '../../app/links.tsx';
import { myOrders } from '../../api/queries.ts';
import { orderCardAction } from '../../components/order-card.tsx';
import { OrdersScreen, ordersScreenLoader } from './orders-screen.tsx';

// user-dashboard-orders: the customer's orders, open ones first, each with its artist, event date,
// status and progress, and what the customer may do now (pay, cancel, review). Stays current live.
export const customerOrdersLoader = ordersScreenLoader(requireUser, myOrders);

export function CustomerOrdersPage() {
  const { t } = useTranslation();
  return (
    <OrdersScreen
      title={t('dashboard.items.orders')} testId="customer-orders" perspective="customer" data={useLoaderData<typeof customerOrdersLoader>()}
      texts={{
        open: t('customerOrders.open'),
        past: t('customerOrders.past'),
        emptyOpen: <>{t('customerOrders.emptyOpen')} <LocalLink to="/search">{t('customerOrders.findArtist')}</LocalLink></>,
        emptyPast: t('customerOrders.emptyPast'),
      }}
    />
  );
}

export const customerOrderRoutes: RouteObject[] = [
  { path: 'user/dashboard/orders', loader: customerOrdersLoader, action: orderCardAction, Component: CustomerOrdersPage },
];
