import { useLoaderData, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { requireVendor } from '../../app/guards.ts';
import { vendorOrders } from '../../api/queries.ts';
import { orderCardAction } from '../../components/order-card.tsx';
import { OrdersScreen, ordersScreenLoader } from '../dashboard/orders-screen.tsx';

// user-dashboard-vendor-orders: the orders of the signed-in artist, open ones first, each with the
// customer's name, the service, event date, total, status and progress, and the buttons the
// lifecycle allows the artist now (approve a paid order, complete an approved one, cancel with a
// reason). New orders and every change by the customer appear live, without a reload.
export const vendorOrdersLoader = ordersScreenLoader((environment, request) => requireVendor(environment, request), vendorOrders);

export function VendorOrdersPage() {
  const { t } = useTranslation();
  return (
    <OrdersScreen
      title={t('dashboard.items.vendor/orders')} testId="vendor-orders" perspective="vendor" data={useLoaderData<typeof vendorOrdersLoader>()}
      texts={{ open: t('vendorOrders.open'), past: t('vendorOrders.past'), emptyOpen: t('vendorOrders.emptyOpen'), emptyPast: t('vendorOrders.emptyPast') }}
    />
  );
}

export const vendorOrderRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/orders', loader: vendorOrdersLoader, action: orderCardAction, Component: VendorOrdersPage },
];
