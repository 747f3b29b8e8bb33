import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { LocalLink } from '../../app/links.tsx';
import { useLiveOrders } from '../../app/live-orders.ts';
import { myOrders } from '../../api/queries.ts';
import { OPEN_ORDERS_LIMIT, OrderSections, PAST_ORDERS_PAGE_SIZE } from '../../components/order-sections.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { orderCardAction } from '../../components/order-card.tsx';

// user-dashboard-orders: the customer's orders, open ones first, each with its artist, event date,
// status and progress, and what the customer may do now (pay, cancel, review). Stays current live.
export async function customerOrdersLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const [open, past] = await Promise.all([
    myOrders(environment.api, { open: true, limit: OPEN_ORDERS_LIMIT }),
    myOrders(environment.api, { open: false, start: (page - 1) * PAST_ORDERS_PAGE_SIZE, limit: PAST_ORDERS_PAGE_SIZE }),
  ]);
  return { open, past, page };
}

export function CustomerOrdersPage() {
  const { t } = useTranslation();
  const { open, past, page } = useLoaderData<typeof customerOrdersLoader>();
  useLiveOrders();
  return (
    <DashboardLayout title={t('dashboard.items.orders')}>
      <div data-testid="customer-orders">
        <OrderSections
          perspective="customer" open={open} past={past} page={page}
          texts={{
            open: t('customerOrders.open'),
            past: t('customerOrders.past'),
            emptyOpen: <>{t('customerOrders.emptyOpen')} <LocalLink to="/search">{t('customerOrders.findArtist')}</LocalLink></>,
            emptyPast: t('customerOrders.emptyPast'),
          }}
        />
      </div>
    </DashboardLayout>
  );
}

export const customerOrderRoutes: RouteObject[] = [
  { path: 'user/dashboard/orders', loader: customerOrdersLoader, action: orderCardAction, Component: CustomerOrdersPage },
];
