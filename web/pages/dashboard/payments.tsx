import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate, tr } from '../../app/format.ts';
import { vendorPath } from '../../app/vendor-path.ts';
import { useRealtime } from '../../app/realtime-events.ts';
import { DEFAULT_CATEGORY_ALIAS } from '../../api/adapters.ts';
import { myPayments } from '../../api/queries.ts';
import type { PaymentEntry } from '../../api/view-models.ts';
import { Price } from '../../components/price.tsx';
import { Pager } from '../../components/pager.tsx';
import { Translated } from '../../components/translated.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { ReceiptTable } from './receipts.tsx';
import { myReceipts } from '../../api/receipts.ts';
import { RECEIPTS_PATH } from '../../components/receipt-link.tsx';

// user-dashboard-payments: every card charge and refund (a paid order canceled later) of the
// customer, newest first, with totals over all of them (GET /api/payments, from the orders view); below,
// the latest receipts of those payments and refunds (GET /api/receipts; issue 26 item 5), each linked to its page.
export const RECEIPTS_SHOWN = 10;
export const PAYMENTS_PAGE_SIZE = 20;
/** Notices after which the list has a new line: a payment, or a cancellation that may refund one. */
const PAYMENT_NOTICES = new Set(['order.payed', 'order.canceled', 'order.refunded']);

export async function paymentsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const [payments, receipts] = await Promise.all([
    myPayments(environment.api, (page - 1) * PAYMENTS_PAGE_SIZE, PAYMENTS_PAGE_SIZE),
    myReceipts(environment.api, 0, RECEIPTS_SHOWN),
  ]);
  return { page, payments, receipts };
}

function PaymentRow(props: { entry: PaymentEntry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { entry } = props;
  const vendorName = tr(entry.vendorName, locale);
  return (
    <tr className={`payment-${entry.kind}`} data-testid="payment-row" data-kind={entry.kind} data-order-id={entry.orderId}>
      <td data-label={t('payments.date')}>{formatDate(entry.at, locale, { dateStyle: 'medium' })}</td>
      <td data-label={t('payments.order')} className="payment-product">
        <LocalLink to={`/order/${encodeURIComponent(entry.orderId)}/complete`}><Translated value={entry.product.name} /></LocalLink>
      </td>
      <td data-label={t('payments.artist')}>
        {vendorName ? <LocalLink to={vendorPath({ vendorId: entry.vendorId, name: entry.vendorName, categoryAlias: DEFAULT_CATEGORY_ALIAS }, locale)}><Translated value={entry.vendorName} /></LocalLink> : '—'}
      </td>
      <td data-label={t('payments.kind')}><span className={`payment-kind payment-kind-${entry.kind}`}>{t(`payments.kinds.${entry.kind}`)}</span></td>
      <td data-label={t('payments.card')}><span dir="ltr">•••• {entry.cardLast4}</span></td>
      <td data-label={t('payments.amount')} className="payment-amount">
        <Price money={entry.amount} />
      </td>
    </tr>
  );
}

export function PaymentsPage() {
  const { t } = useTranslation();
  const { page, payments, receipts } = useLoaderData<typeof paymentsLoader>();
  const revalidator = useRevalidator();
  // A payment or a cancellation made elsewhere (another tab, the artist canceling) shows up here.
  useRealtime((notice) => {
    if (!PAYMENT_NOTICES.has(notice.kind)) return;
    environmentOf(undefined).api.clearCache();
    void revalidator.revalidate();
  });
  return (
    <DashboardLayout title={t('dashboard.items.payments')}>
      {payments.total === 0 ? (
        <div className="account-empty card" data-testid="no-payments">
          <p>{t('payments.empty')}</p>
          <LocalLink to="/search" className="button">{t('payments.findArtists')}</LocalLink>
        </div>
      ) : (
        <>
          <section aria-labelledby="payment-totals-title">
            <h2 id="payment-totals-title" className="visually-hidden">{t('payments.totalsTitle')}</h2>
            <dl className="payment-totals" data-testid="payment-totals">
              <div><dt>{t('payments.charged')}</dt><dd><Price money={payments.totals.charged} className="price" /></dd></div>
              <div><dt>{t('payments.refunded')}</dt><dd><Price money={payments.totals.refunded} className="price" /></dd></div>
              <div><dt>{t('payments.net')}</dt><dd data-testid="payment-net"><Price money={payments.totals.net} className="price" /></dd></div>
            </dl>
          </section>
          <table className="payment-table" data-testid="payments">
            <caption>{t('payments.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('payments.date')}</th><th scope="col">{t('payments.order')}</th><th scope="col">{t('payments.artist')}</th>
                <th scope="col">{t('payments.kind')}</th><th scope="col">{t('payments.card')}</th><th scope="col" className="payment-amount">{t('payments.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {payments.items.map((entry) => <PaymentRow key={`${entry.kind}-${entry.paymentId}-${entry.orderId}`} entry={entry} />)}
            </tbody>
          </table>
          <Pager page={page} pageSize={PAYMENTS_PAGE_SIZE} total={payments.total} />
          <section className="payment-receipts" aria-labelledby="payment-receipts-title" data-testid="payment-receipts">
            <h2 id="payment-receipts-title">{t('payments.receipts.title')}</h2>
            {receipts.total === 0
              ? <p className="muted" data-testid="no-receipts">{t('payments.receipts.empty')}</p>
              : <ReceiptTable receipts={receipts.items} caption={t('payments.receipts.caption')} />}
            {receipts.total > RECEIPTS_SHOWN ? <p><LocalLink to={RECEIPTS_PATH}>{t('payments.receipts.title')}</LocalLink></p> : null}
          </section>
        </>
      )}
    </DashboardLayout>
  );
}

export const paymentsRoutes: RouteObject[] = [
  { path: 'user/dashboard/payments', loader: paymentsLoader, Component: PaymentsPage },
];
