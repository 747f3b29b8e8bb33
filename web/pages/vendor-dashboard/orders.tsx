import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { useLiveOrders } from '../../app/live-orders.ts';
import { vendorOrders } from '../../api/queries.ts';
import { OPEN_ORDERS_LIMIT, OrderSections, PAST_ORDERS_PAGE_SIZE } from '../../components/order-sections.tsx';
import { orderCardAction } from '../../components/order-card.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';

// user-dashboard-vendor-orders: the orders of the signed-in artist, open ones first, each with the
// customer's name, the service, event date, total, status and progress, and the buttons the
// lifecycle allows the artist now (approve a paid order, complete an approved one, cancel with a
// reason). New orders and every change by the customer appear live, without a reload.
export async function vendorOrdersLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const [open, past] = await Promise.all([
    vendorOrders(environment.api, { open: true, limit: OPEN_ORDERS_LIMIT }),
    vendorOrders(environment.api, { open: false, start: (page - 1) * PAST_ORDERS_PAGE_SIZE, limit: PAST_ORDERS_PAGE_SIZE }),
  ]);
  return { open, past, page };
}

export function VendorOrdersPage() {
  const { t } = useTranslation();
  const { open, past, page } = useLoaderData<typeof vendorOrdersLoader>();
  useLiveOrders();
  return (
    <DashboardLayout title={t('dashboard.items.vendor/orders')}>
      <div data-testid="vendor-orders">
        <OrderSections
          perspective="vendor" open={open} past={past} page={page}
          texts={{ open: t('vendorOrders.open'), past: t('vendorOrders.past'), emptyOpen: t('vendorOrders.emptyOpen'), emptyPast: t('vendorOrders.emptyPast') }}
        />
      </div>
    </DashboardLayout>
  );
}

export const vendorOrderRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/orders', loader: vendorOrdersLoader, action: orderCardAction, Component: VendorOrdersPage },
];
