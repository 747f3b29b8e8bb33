import { useEffect, useState } from 'react';
import { redirect, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser, requireVendor } from '../../app/guards.ts';
import { localeOfRequest, orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate } from '../../app/format.ts';
import { PageMeta } from '../../app/page-meta.tsx';
import { myReceipts, orderReceipts, receiptById, vendorReceipts, type Receipt } from '../../api/receipts.ts';
import { Pager } from '../../components/pager.tsx';
import { Price } from '../../components/price.tsx';
import { Translated } from '../../components/translated.tsx';
import { ReceiptLink, RECEIPTS_PATH, receiptPagePath } from '../../components/receipt-link.tsx';
import { instalmentSchedule } from '../../../domain/order/instalments.ts';
import { vatPercentText } from '../../../domain/receipt/vat.ts';
import { DashboardLayout } from './dashboard-layout.tsx';

// Receipts (issue 26 item 5, docs/payments.md "Receipts"): the printable page of one receipt, in the
// language it was issued in (the customer's: a link in the other language is redirected), and the
// lists of receipts — an order's (its customer, its artist, an admin), the customer's own, which the
// payments screen also shows, and the artist's receipt book (vendor menu). Print (or "Print / save as PDF") leaves the site's header, footer and
// buttons out (web/styles/receipts.css).

export async function receiptLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const receipt = await orNotFound(receiptById(environment.api, params.receiptId ?? ''));
  if (receipt.language !== localeOfRequest(request)) throw redirect(localizedPath(receipt.language, receiptPagePath(receipt.receiptId)));
  return { receipt };
}

/** The print button needs scripts: it shows once the page runs (printing from the browser's menu works without). */
function PrintButton() {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return <button type="button" className="button" onClick={() => window.print()} data-testid="receipt-print">{t('payments.receipt.print')}</button>;
}

export function ReceiptDocument(props: { receipt: Receipt }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { receipt } = props;
  const refund = receipt.kind === 'refund';
  const beforeVat = { amountMinor: receipt.amount.amountMinor - receipt.vatAmount.amountMinor, currency: receipt.amount.currency };
  const schedule = !refund && (receipt.instalments ?? 1) > 1 ? instalmentSchedule(receipt.amount, receipt.instalments ?? 1, receipt.at) : [];
  return (
    <article className={`receipt${refund ? ' receipt-refund' : ''}`} data-testid="receipt" data-kind={receipt.kind} data-number={receipt.number} lang={receipt.language}>
      <header className="receipt-header">
        <p className="receipt-issuer"><span className="muted">{t('payments.receipt.issuer')}</span> <strong data-testid="receipt-vendor"><Translated value={receipt.vendorName} /></strong></p>
        <h1 data-testid="receipt-title">
          {t(refund ? 'payments.receipt.refundTitle' : 'payments.receipt.title', { number: receipt.number })}
          {refund ? <> <span className="receipt-refund-mark" data-testid="receipt-refund-mark">{t('payments.receipt.refundMark')}</span></> : null}
        </h1>
      </header>
      <dl className="receipt-facts">
        <div><dt>{t('payments.receipt.date')}</dt><dd data-testid="receipt-date">{formatDate(receipt.at, locale, { dateStyle: 'long' })}</dd></div>
        <div><dt>{t(refund ? 'payments.receipt.refundedTo' : 'payments.receipt.receivedFrom')}</dt><dd data-testid="receipt-customer"><bdi>{receipt.customerName || '—'}</bdi></dd></div>
        <div><dt>{t('payments.receipt.product')}</dt><dd data-testid="receipt-product"><Translated value={receipt.productName} /></dd></div>
        <div><dt>{t('payments.receipt.order')}</dt><dd><LocalLink to={`/order/${encodeURIComponent(receipt.orderId)}/complete`} dir="ltr">{receipt.orderId.slice(0, 8)}</LocalLink></dd></div>
        {refund ? (
          <div><dt>{t('payments.receipt.payment')}</dt><dd data-testid="receipt-refund-of">
            {receipt.refundOf ? t('payments.receipt.refundOf', { number: receipt.refundOf }) : t('payments.receipt.refundOfCharge')}
          </dd></div>
        ) : (
          <>
            <div><dt>{t('payments.receipt.payment')}</dt><dd data-testid="receipt-part">{t(`payments.receipt.parts.${receipt.part ?? 'full'}`)}</dd></div>
            <div><dt>{t('payments.receipt.instalments')}</dt><dd data-testid="receipt-instalments">
              {(receipt.instalments ?? 1) > 1 ? t('payments.receipt.instalmentsMany', { count: receipt.instalments }) : t('payments.receipt.instalmentsOne')}
            </dd></div>
          </>
        )}
      </dl>
      <table className="receipt-amounts">
        <tbody>
          <tr><th scope="row">{t('payments.receipt.beforeVat')}</th><td><Price money={beforeVat} /></td></tr>
          <tr data-testid="receipt-vat"><th scope="row">{t('payments.receipt.vat', { rate: vatPercentText(receipt.vatBasisPoints) })}</th><td><Price money={receipt.vatAmount} /></td></tr>
          <tr className="receipt-total"><th scope="row">{t(refund ? 'payments.receipt.refundAmount' : 'payments.receipt.amount')}</th><td data-testid="receipt-amount"><Price money={receipt.amount} /></td></tr>
        </tbody>
      </table>
      {schedule.length > 0 ? (
        <table className="receipt-schedule" data-testid="receipt-schedule">
          <caption>{t('payments.receipt.schedule')}</caption>
          <thead><tr><th scope="col">{t('payments.receipt.payment')}</th><th scope="col">{t('payments.receipt.chargedOn')}</th><th scope="col">{t('payments.receipts.amount')}</th></tr></thead>
          <tbody>
            {schedule.map((instalment) => (
              <tr key={instalment.number}>
                <td>{t('payments.receipt.instalment', { number: instalment.number })}</td>
                <td>{formatDate(instalment.chargedAt, locale, { dateStyle: 'medium' })}</td>
                <td><Price money={instalment.amount} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <p className="receipt-note muted">{t('payments.receipt.vatNote')}</p>
    </article>
  );
}

export function ReceiptPage() {
  const { t } = useTranslation();
  const { receipt } = useLoaderData<typeof receiptLoader>();
  return (
    <div className="page narrow receipt-page" data-testid="receipt-page">
      <PageMeta title={t('payments.receipt.pageTitle', { number: receipt.number })} />
      <div className="receipt-toolbar">
        <LocalLink to="/user/dashboard/payments">{t('payments.receipt.back')}</LocalLink>
        <PrintButton />
      </div>
      <ReceiptDocument receipt={receipt} />
    </div>
  );
}

/** Receipts in a table (the payments screen, an order's receipts): number, date, type, what for, amount. */
export function ReceiptTable(props: { receipts: Receipt[]; caption: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <table className="payment-table receipt-table" data-testid="receipts">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('payments.receipts.number')}</th><th scope="col">{t('payments.receipts.date')}</th><th scope="col">{t('payments.receipts.kind')}</th>
          <th scope="col">{t('payments.receipts.product')}</th><th scope="col" className="payment-amount">{t('payments.receipts.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {props.receipts.map((receipt) => (
          <tr key={receipt.receiptId} className={`receipt-row-${receipt.kind}`} data-testid="receipt-row" data-kind={receipt.kind}>
            <td data-label={t('payments.receipts.number')}>
              <ReceiptLink receipt={receipt}><span className="visually-hidden">{t('payments.receipts.open', { number: '' })}</span>{receipt.number}</ReceiptLink>
            </td>
            <td data-label={t('payments.receipts.date')}>{formatDate(receipt.at, locale, { dateStyle: 'medium' })}</td>
            <td data-label={t('payments.receipts.kind')}><span className={`payment-kind payment-kind-${receipt.kind === 'refund' ? 'refund' : 'charge'}`}>{t(`payments.receipts.kinds.${receipt.kind}`)}</span></td>
            <td data-label={t('payments.receipts.product')}><Translated value={receipt.productName} /></td>
            <td data-label={t('payments.receipts.amount')} className="payment-amount"><Price money={receipt.amount} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export async function receiptsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const orderId = new URL(request.url).searchParams.get('orderId');
  if (orderId) return { orderId, receipts: await orNotFound(orderReceipts(environment.api, orderId)) };
  return { orderId: null, receipts: (await myReceipts(environment.api, 0, 100)).items };
}

export function ReceiptsPage() {
  const { t } = useTranslation();
  const { orderId, receipts } = useLoaderData<typeof receiptsLoader>();
  const title = orderId ? t('payments.receipts.ofOrder') : t('payments.receipts.title');
  return (
    <DashboardLayout title={title}>
      {receipts.length === 0
        ? <p className="account-empty card" data-testid="no-receipts">{t('payments.receipts.empty')}</p>
        : <ReceiptTable receipts={receipts} caption={orderId ? t('payments.receipts.ofOrder') : t('payments.receipts.caption')} />}
      <p>
        {orderId ? <LocalLink to={`/order/${encodeURIComponent(orderId)}/complete`}>{t('payments.receipt.order')}</LocalLink> : null}{' '}
        <LocalLink to="/user/dashboard/payments">{t('payments.receipts.toPayments')}</LocalLink>
      </p>
    </DashboardLayout>
  );
}

export const RECEIPT_BOOK_PAGE_SIZE = 50;

export async function receiptBookLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  const page = pageNumberOf(new URL(request.url));
  return { page, book: await vendorReceipts(environment.api, (page - 1) * RECEIPT_BOOK_PAGE_SIZE, RECEIPT_BOOK_PAGE_SIZE) };
}

/** The artist's receipt book: every receipt it issued, latest number first. */
export function ReceiptBookPage() {
  const { t } = useTranslation();
  const { page, book } = useLoaderData<typeof receiptBookLoader>();
  return (
    <DashboardLayout title={t('dashboard.items.vendor/receipts')}>
      {book.total === 0
        ? <p className="account-empty card" data-testid="no-receipts">{t('payments.receipts.bookEmpty')}</p>
        : <ReceiptTable receipts={book.items} caption={t('payments.receipts.bookCaption')} />}
      <Pager page={page} pageSize={RECEIPT_BOOK_PAGE_SIZE} total={book.total} />
    </DashboardLayout>
  );
}

export const receiptRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/receipts', loader: receiptBookLoader, Component: ReceiptBookPage },
  { path: RECEIPTS_PATH.slice(1), loader: receiptsLoader, Component: ReceiptsPage },
  { path: `${RECEIPTS_PATH.slice(1)}/:receiptId`, loader: receiptLoader, Component: ReceiptPage },
];
