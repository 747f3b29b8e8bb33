import { Form, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, formatDateTime, tr } from '../../app/format.ts';
import { LocalLink, useLocale, useLocalizedPath } from '../../app/links.tsx';
import { orderPermissions } from '../../app/order-permissions.ts';
import { useRootData } from '../../app/root-data.ts';
import { adminOrder, adminOrders, ORDER_STATUSES, vendorChoices, type AdminOrderFilters } from '../../api/admin-overview.ts';
import { streamHistory } from '../../api/event-history.ts';
import type { Order, OrderStatus, Page } from '../../api/view-models.ts';
import { AdminTable } from '../../components/admin-table.tsx';
import { EventHistory } from '../../components/event-history.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { OrderActions, orderAction } from '../../components/order-actions.tsx';
import { Price } from '../../components/price.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo, requireAdminRight } from './admin-access.tsx';
import { orderStream } from '../../../domain/order/decider.ts';
import { hideReviewAction, isHideReviewPost, ReviewModeration } from './review-moderation.tsx';

// admin-order: every order, filtered by status, artist and a range of days (when placed, or of the
// event), a page at a time; and one order with its facts, parties, payment, the actions an admin may
// take now (domain/order/may.ts: approve, complete, cancel with a reason), its review (an admin hides it
// with a reason: review-moderation.tsx) and its event history with time travel.
export const ADMIN_ORDERS_PAGE_SIZE = 20;

type DayError = 'invalidDay' | 'rangeBackwards';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The filters of the list's URL, and what is wrong with its days (said beside the field, in the page's language). */
export function orderFiltersOf(url: URL): { filters: AdminOrderFilters; errors: { from?: DayError; to?: DayError } } {
  const params = url.searchParams;
  const status = params.get('status');
  const vendorId = params.get('vendorId')?.trim();
  const filters: AdminOrderFilters = {
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    vendorId: vendorId && vendorId.length <= 100 ? vendorId : undefined,
    dateField: params.get('dateField') === 'event' ? 'event' : 'placed',
  };
  const errors: { from?: DayError; to?: DayError } = {};
  for (const end of ['from', 'to'] as const) {
    const day = params.get(end)?.trim();
    if (!day) continue;
    if (isDay(day)) filters[end] = day; else errors[end] = 'invalidDay';
  }
  if (filters.from && filters.to && filters.from > filters.to) errors.to = 'rangeBackwards';
  return { filters, errors };
}

export async function adminOrdersLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'order', 'list');
  const url = new URL(request.url);
  const { filters, errors } = orderFiltersOf(url);
  const page = pageNumberOf(url);
  const valid = !errors.from && !errors.to;
  // The artist filter lists the artists: only for those whose rules give the list (an operator's may not).
  const [orders, vendors] = await Promise.all([
    valid ? adminOrders(environment.api, filters, (page - 1) * ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_PAGE_SIZE) : null,
    mayDo(access, 'vendor', 'list') ? vendorChoices(environment.api) : null,
  ]);
  const filtered = Boolean(filters.status || filters.vendorId || filters.from || filters.to);
  return { orders, vendors, filters, errors, page, filtered, days: { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' } };
}

const shortId = (id: string) => id.slice(0, 8);

function OrderFilters() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigation = useNavigation();
  const { vendors, filters, errors, days } = useLoaderData<typeof adminOrdersLoader>();
  const busy = navigation.state === 'loading' && navigation.location.pathname === localize('/admin/order');
  const describedBy = (field: 'from' | 'to') => (errors[field] ? `orders-${field}-error` : undefined);
  return (
    <Form method="get" action={localize('/admin/order')} className="card admin-order-filters" aria-label={t('adminHistory.orders.filters')} data-testid="admin-order-filters">
      <FilterSelect label={t('adminHistory.orders.status')} name="status" value={filters.status ?? ''} testId="filter-status"
        options={[{ value: '', label: t('adminHistory.orders.anyStatus') }, ...ORDER_STATUSES.map((status) => ({ value: status, label: t(`order.statuses.${status}`) }))]} />
      {vendors === null ? (filters.vendorId ? <input type="hidden" name="vendorId" value={filters.vendorId} /> : null) : (
        <FilterSelect label={t('adminHistory.orders.vendor')} name="vendorId" value={filters.vendorId ?? ''} testId="filter-vendor"
          options={[{ value: '', label: t('adminHistory.orders.anyVendor') }, ...vendors.map((vendor) => ({
            value: vendor.id, label: `${tr(vendor.name, locale) || vendor.id}${vendor.archived ? ` ${t('adminHistory.orders.archived')}` : ''}`,
          }))]} />
      )}
      <FilterSelect label={t('adminHistory.orders.dateField')} name="dateField" value={filters.dateField} testId="filter-date-field"
        options={[{ value: 'placed', label: t('adminHistory.orders.placedDate') }, { value: 'event', label: t('adminHistory.orders.eventDate') }]} />
      <FilterField label={t('adminHistory.orders.from')}>
        <input type="date" name="from" defaultValue={days.from} aria-invalid={errors.from ? true : undefined} aria-describedby={describedBy('from')} data-testid="filter-from" />
        <FieldError id="orders-from-error" message={errors.from ? t(`adminHistory.orders.${errors.from}`) : null} />
      </FilterField>
      <FilterField label={t('adminHistory.orders.to')}>
        <input type="date" name="to" defaultValue={days.to} aria-invalid={errors.to ? true : undefined} aria-describedby={describedBy('to')} data-testid="filter-to" />
        <FieldError id="orders-to-error" message={errors.to ? t(`adminHistory.orders.${errors.to}`) : null} />
      </FilterField>
      <div className="admin-order-filter-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="filter-apply">{t('adminHistory.orders.apply')}</button>
        <LocalLink to="/admin/order" className="button">{t('adminHistory.orders.clear')}</LocalLink>
      </div>
    </Form>
  );
}

function OrderTable(props: { orders: Page<Order>; page: number; filtered: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const { orders, filtered } = props;
  return (
    <>
      {orders.items.length ? <p className="result-count" role="status" data-testid="admin-orders-count">{t('adminHistory.orders.count', { count: orders.total })}</p> : null}
      <AdminTable className="admin-table" scrolls rows={orders.items} rowKey={(order) => order.orderId}
        rowProps={(order) => ({ 'data-testid': 'admin-order-row', 'data-order-id': order.orderId, 'data-status': order.status })}
        paging={orders.items.length ? { page: props.page, pageSize: ADMIN_ORDERS_PAGE_SIZE, total: orders.total } : undefined}
        empty={(
          <div className="empty" data-testid="admin-orders-empty">
            <p>{filtered ? t('adminHistory.orders.empty') : t('adminHistory.orders.emptyAll')}</p>
            {filtered ? <p>{t('adminHistory.orders.emptyHint')} <LocalLink to="/admin/order">{t('adminHistory.orders.clear')}</LocalLink></p> : null}
          </div>
        )}
        columns={[
          { id: 'order', header: t('adminHistory.orders.order'), cell: (order) => (
            <LocalLink to={`/admin/order/${order.orderId}`} data-testid="admin-order-link"><code dir="ltr">#{shortId(order.orderId)}</code></LocalLink>
          ) },
          { id: 'placed', header: t('adminHistory.orders.placed'), cell: (order) => when(order.placedAt) },
          { id: 'event', header: t('adminHistory.orders.event'), cell: (order) => (order.slot ? when(order.slot.start) : <span className="muted">{t('adminHistory.orders.noEvent')}</span>) },
          { id: 'customer', header: t('adminHistory.orders.customer'), cell: (order) => <bdi>{order.customerName || t('adminHistory.orders.unknownCustomer')}</bdi> },
          { id: 'artist', header: t('adminHistory.orders.artist'), cell: (order) => <bdi>{tr(order.vendorName, locale)}</bdi> },
          { id: 'service', header: t('adminHistory.orders.service'), cell: (order) => <bdi>{tr(order.product.name, locale)}</bdi> },
          { id: 'total', header: t('adminHistory.orders.total'), cell: (order) => <Price money={order.total} /> },
          { id: 'status', header: t('adminHistory.orders.status'), cell: (order) => (
            <span className={`status status-${order.status}`} data-testid="admin-order-status">{t(`order.statuses.${order.status}`)}</span>
          ) },
        ]} />
    </>
  );
}

export function AdminOrdersPage() {
  const { t } = useTranslation();
  const { orders, page, filtered } = useLoaderData<typeof adminOrdersLoader>();
  return (
    <AdminLayout title={t('adminHistory.orders.title')}>
      <div className="admin-orders" data-testid="admin-orders">
        <OrderFilters />
        {orders === null ? null : <OrderTable orders={orders} page={page} filtered={filtered} />}
      </div>
    </AdminLayout>
  );
}

export async function adminOrderLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'order', 'read');
  const orderId = params.orderId ?? '';
  // What the reader's rules give beside the order itself: its history, the parties' admin pages.
  const [order, history] = await Promise.all([
    orNotFound(adminOrder(environment.api, orderId)),
    mayDo(access, 'event', 'read') ? orNotFound(streamHistory(environment.api, orderStream(orderId))) : null,
  ]);
  return { order, history, shows: { userPage: mayDo(access, 'user', 'read'), vendorPage: mayDo(access, 'vendor', 'read'), actions: mayDo(access, 'order', 'update') } };
}

export function AdminOrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, now } = useRootData();
  const { order, history, shows } = useLoaderData<typeof adminOrderLoader>();
  const permissions = orderPermissions(order, user, now);
  const mayAct = shows.actions && (permissions.approve || permissions.complete || permissions.cancel || permissions.completeAfter !== null);
  const dateTime = (iso: string) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  return (
    <AdminLayout
      title={t('adminHistory.orders.detailTitle', { id: `\u2066#${shortId(order.orderId)}\u2069` })}
      actions={<LocalLink to="/admin/order" className="button">{t('adminHistory.orders.back')}</LocalLink>}
    >
      <div className="admin-order" data-testid="admin-order" data-order-id={order.orderId}>
        <div className="admin-order-grid">
          <section className="card" aria-labelledby="admin-order-facts">
            <h2 id="admin-order-facts">{t('adminHistory.orders.facts')}</h2>
            <dl className="facts">
              <dt>{t('adminHistory.orders.status')}</dt>
              <dd><span className={`status status-${order.status}`} data-testid="admin-order-status">{t(`order.statuses.${order.status}`)}</span></dd>
              <dt>{t('adminHistory.orders.service')}</dt>
              <dd><bdi>{tr(order.product.name, locale)}</bdi> <span className="muted">({t(`adminHistory.orders.productType.${order.product.type}`)})</span></dd>
              <dt>{t('adminHistory.orders.event')}</dt>
              <dd>{order.slot ? formatDateTime(order.slot.start, locale) : <span className="muted">{t('adminHistory.orders.noEvent')}</span>}</dd>
              <dt>{t('adminHistory.orders.placed')}</dt>
              <dd>{dateTime(order.placedAt)}</dd>
              <dt>{t('adminHistory.orders.total')}</dt>
              <dd><Price money={order.total} /></dd>
              {order.notes ? <><dt>{t('adminHistory.orders.notes')}</dt><dd><bdi>{order.notes}</bdi></dd></> : null}
              <dt>{t('adminHistory.orders.orderId')}</dt>
              <dd><code dir="ltr" className="admin-id">{order.orderId}</code></dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="admin-order-parties">
            <h2 id="admin-order-parties">{t('adminHistory.orders.parties')}</h2>
            <dl className="facts">
              <dt>{t('adminHistory.orders.customer')}</dt>
              <dd>
                <bdi data-testid="admin-order-customer">{order.customerName || t('adminHistory.orders.unknownCustomer')}</bdi>
                {shows.userPage ? <>{' · '}<LocalLink to={`/admin/user/${order.customerId}`} data-testid="admin-order-customer-page">{t('adminHistory.orders.customerPage')}</LocalLink></> : null}
              </dd>
              <dt>{t('adminHistory.orders.artist')}</dt>
              <dd>
                <bdi data-testid="admin-order-artist">{tr(order.vendorName, locale)}</bdi>{' · '}
                {shows.vendorPage ? <><LocalLink to={`/admin/vendor/${order.vendorId}`} data-testid="admin-order-vendor-page">{t('adminHistory.orders.vendorAdminPage')}</LocalLink>{' · '}</> : null}
                <LocalLink to={`/store/vendor/${order.vendorId}`}>{t('adminHistory.orders.storePage')}</LocalLink>
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="admin-order-payment-title">
            <h2 id="admin-order-payment-title">{t('adminHistory.orders.payment')}</h2>
            {order.payment ? (
              <p data-testid="admin-order-payment">
                {t('adminHistory.orders.paidBy', { card: order.payment.cardLast4 })} · {t('adminHistory.orders.paidAt')} {dateTime(order.payment.at)}
              </p>
            ) : <p className="muted" data-testid="admin-order-payment">{t('adminHistory.orders.notPaid')}</p>}
            {order.paymentDeclines.length ? (
              <>
                <h3>{t('adminHistory.orders.declines')}</h3>
                <ul>{order.paymentDeclines.map((decline) => <li key={decline.at}>{dateTime(decline.at)}: <bdi>{decline.reason}</bdi></li>)}</ul>
              </>
            ) : null}
            {order.cancellation ? (
              <>
                <h3>{t('adminHistory.orders.cancellation')}</h3>
                <p data-testid="admin-order-cancellation">
                  {t(`orderCard.canceledBy.${order.cancellation.byRole}`, { defaultValue: t('orderCard.canceledBy.system') })}
                  <br />{t('orderCard.cancelReason')} <bdi>{order.cancellation.reason}</bdi>
                  <br />{dateTime(order.cancellation.at)}{' · '}{order.cancellation.refund ? t('adminHistory.orders.refunded') : t('adminHistory.orders.notRefunded')}
                </p>
              </>
            ) : null}
          </section>
        </div>
        {shows.actions ? (
          <section className="card admin-order-actions" aria-labelledby="admin-order-actions" data-testid="admin-order-actions">
            <h2 id="admin-order-actions">{t('adminHistory.orders.actions')}</h2>
            {mayAct ? <OrderActions order={order} permissions={permissions} />
              : <p className="muted">{t('adminHistory.orders.noActions', { status: t(`order.statuses.${order.status}`) })}</p>}
          </section>
        ) : null}
        {order.status === 'completed' || order.review ? <ReviewModeration orderId={order.orderId} review={order.review} mayHide={Boolean(user?.isAdmin)} /> : null}
        {history ? <EventHistory key={history.latest.currentRevision} streamId={orderStream(order.orderId)} initial={history} /> : null}
      </div>
    </AdminLayout>
  );
}

/** The order page's posts: the review's hiding, or the order's actions. */
async function adminOrderAction(args: ActionFunctionArgs) {
  return (await isHideReviewPost(args.request)) ? hideReviewAction(args) : orderAction(args);
}

export const adminOrderRoutes: RouteObject[] = [
  { path: 'admin/order', loader: adminOrdersLoader, Component: AdminOrdersPage },
  { path: 'admin/order/:orderId', loader: adminOrderLoader, action: adminOrderAction, Component: AdminOrderPage },
];
