import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { environmentOf, type WebEnvironment } from '../../app/environment.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { useLiveOrders } from '../../app/live-orders.ts';
import type { ApiClient } from '../../api/client.ts';
import type { OrderListQuery } from '../../api/queries.ts';
import type { Order, Page } from '../../api/view-models.ts';
import { OPEN_ORDERS_LIMIT, OrderSections, PAST_ORDERS_PAGE_SIZE } from '../../components/order-sections.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

// The customer's and the artist's orders screens show alike: the open orders first, then the
// finished ones a page at a time, kept current live. Each names who may see it, which list it
// reads, its perspective on the cards and its words.
export interface OrdersScreenData { open: Page<Order>; past: Page<Order>; page: number }

export function ordersScreenLoader(
  guard: (environment: WebEnvironment, request: Request) => Promise<unknown>,
  list: (api: ApiClient, query: OrderListQuery) => Promise<Page<Order>>,
) {
  return async ({ context, request }: LoaderFunctionArgs): Promise<OrdersScreenData> => {
    const environment = environmentOf(context);
    await guard(environment, request);
    const page = pageNumberOf(new URL(request.url));
    const [open, past] = await Promise.all([
      list(environment.api, { open: true, limit: OPEN_ORDERS_LIMIT }),
      list(environment.api, { open: false, start: (page - 1) * PAST_ORDERS_PAGE_SIZE, limit: PAST_ORDERS_PAGE_SIZE }),
    ]);
    return { open, past, page };
  };
}

export function OrdersScreen(props: {
  title: string;
  testId: string;
  perspective: 'customer' | 'vendor';
  data: OrdersScreenData;
  texts: { open: string; past: string; emptyOpen: ReactNode; emptyPast: string };
}) {
  const { open, past, page } = props.data;
  useLiveOrders();
  return (
    <DashboardLayout title={props.title}>
      <div data-testid={props.testId}>
        <OrderSections perspective={props.perspective} open={open} past={past} page={page} texts={props.texts} />
      </div>
    </DashboardLayout>
  );
}
