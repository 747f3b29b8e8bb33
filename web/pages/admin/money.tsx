import { Form, useLoaderData, useNavigation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ReactNode } from 'react';
import { environmentOf } from '../../app/environment.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale, useLocalizedPath } from '../../app/links.tsx';
import { adminMoney, type MoneyList, type MoneyListKey, type MoneyRow } from '../../api/admin-money.ts';
import { AdminTable, type AdminColumn } from '../../components/admin-table.tsx';
import { FilterSelect } from '../../components/filter-fields.tsx';
import { Price } from '../../components/price.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';

// /admin/money (issue 26 item 6; docs/payments.md "The back office's money"): the admin's money views
// of GET /api/admin/money — deposits taken, balances due with their due dates, overdue balances
// (marked, in words and colour), refunds owed and refunded, each with its sum, for every artist or
// one. Admins only: update on order (the read-only operator does not see it). The artist filter is a
// GET form, so every choice has its address and works before the script loads.
export const ADMIN_MONEY_PATH = '/admin/money';

export async function adminMoneyLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'order', 'update');
  const vendorId = new URL(request.url).searchParams.get('vendorId')?.trim() || undefined;
  return { money: await adminMoney(environment.api, vendorId && vendorId.length <= 100 ? vendorId : undefined) };
}

const shortId = (id: string) => id.slice(0, 8);

function MoneyFilter() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigation = useNavigation();
  const { money } = useLoaderData<typeof adminMoneyLoader>();
  const busy = navigation.state === 'loading' && navigation.location.pathname === localize(ADMIN_MONEY_PATH);
  return (
    <Form method="get" action={localize(ADMIN_MONEY_PATH)} className="card admin-money-filter" aria-label={t('adminMoney.filter.label')} data-testid="money-filter">
      <FilterSelect label={t('adminMoney.filter.vendor')} name="vendorId" value={money.vendorId ?? ''} testId="money-filter-vendor" grow
        options={[{ value: '', label: t('adminMoney.filter.anyVendor') }, ...money.vendors.map((vendor) => ({ value: vendor.vendorId, label: tr(vendor.name, locale) || vendor.vendorId }))]} />
      <div className="admin-money-filter-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="money-filter-apply">{t('adminMoney.filter.apply')}</button>
        {money.vendorId ? <LocalLink to={ADMIN_MONEY_PATH} className="button">{t('adminMoney.filter.clear')}</LocalLink> : null}
      </div>
    </Form>
  );
}

function Sums() {
  const { t } = useTranslation();
  const { money } = useLoaderData<typeof adminMoneyLoader>();
  const entries: Array<[string, ReactNode, boolean]> = [
    ['depositsTaken', <Price money={money.depositsTaken.sum} />, false],
    ['balancesDue', <Price money={money.balancesDue.sum} />, false],
    ['overdueBalances', <Price money={money.overdueBalances.sum} />, money.overdueBalances.total > 0],
    ['refundsOwed', <Price money={money.refundsOwed.sum} />, false],
    ['refunded', <Price money={money.refunded.sum} />, false],
    ['fullPaid', <Price money={money.sums.fullPaid} />, false],
    ['balancesPaid', <Price money={money.sums.balancesPaid} />, false],
  ];
  return (
    <section aria-labelledby="money-sums-title">
      <h2 id="money-sums-title" className="visually-hidden">{t('adminMoney.sums.title')}</h2>
      <dl className="money-sums" data-testid="money-sums">
        {entries.map(([key, value, alert]) => (
          <div key={key} className={alert ? 'money-sum money-sum-alert' : 'money-sum'} data-testid={`money-sum-${key}`}>
            <dt>{t(`adminMoney.sums.${key}`)}</dt><dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function MoneySection(props: { id: MoneyListKey; list: MoneyList; columns: AdminColumn<MoneyRow>[]; marksOverdue?: boolean }) {
  const { t } = useTranslation();
  const { id, list } = props;
  return (
    <section className="money-section" aria-labelledby={`money-${id}-title`} data-testid={`money-${id}`}>
      <h2 id={`money-${id}-title`}>
        {t(`adminMoney.${id}.title`)} <span className="money-count" data-testid={`money-${id}-count`}>{list.total}</span>
      </h2>
      <p className="muted money-section-lead">{t(`adminMoney.${id}.lead`)}</p>
      <AdminTable className="admin-table money-table" scrolls rows={list.items} rowKey={(row) => row.orderId}
        rowProps={(row) => ({ 'data-testid': 'money-row', 'data-order-id': row.orderId, ...(props.marksOverdue && row.overdue ? { className: 'money-row-overdue', 'data-overdue': 'true' } : {}) })}
        empty={<p className="empty">{t(`adminMoney.${id}.empty`)}</p>}
        columns={props.columns} />
      {list.total > list.items.length ? <p className="muted">{t('adminMoney.more', { shown: list.items.length, count: list.total })}</p> : null}
      {list.total > 0 ? <p className="money-section-sum" data-testid={`money-${id}-sum`}>{t('adminMoney.sumOf', { count: list.total })} <Price money={list.sum} /></p> : null}
    </section>
  );
}

export function AdminMoneyPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { money } = useLoaderData<typeof adminMoneyLoader>();
  const day = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso, locale, { dateStyle: 'medium' })}</time> : <span className="muted">{t('adminMoney.noDate')}</span>);
  const status = (row: MoneyRow) => <span className={`status status-${row.status}`}>{t(`order.statuses.${row.status}`)}</span>;
  const order: AdminColumn<MoneyRow> = { id: 'order', header: t('adminMoney.columns.order'), cell: (row) => (
    <LocalLink to={`/admin/order/${encodeURIComponent(row.orderId)}`} data-testid="money-order-link"><code dir="ltr">#{shortId(row.orderId)}</code></LocalLink>
  ) };
  const artist: AdminColumn<MoneyRow> = { id: 'artist', header: t('adminMoney.columns.artist'), cell: (row) => <bdi>{tr(row.vendorName, locale) || row.vendorId}</bdi> };
  const total: AdminColumn<MoneyRow> = { id: 'total', header: t('adminMoney.columns.total'), cell: (row) => <Price money={row.total} /> };
  const statusColumn: AdminColumn<MoneyRow> = { id: 'status', header: t('adminMoney.columns.status'), cell: status };
  const balance = (overdue: boolean): AdminColumn<MoneyRow>[] => [
    order, artist,
    { id: 'due', header: t('adminMoney.columns.balanceDue'), cell: (row) => <Price money={row.balanceDue} /> },
    { id: 'dueDate', header: t('adminMoney.columns.dueDate'), cell: (row) => (
      <span className={overdue ? 'money-overdue-date' : undefined}>
        {day(row.balanceDueDate)}{overdue ? <> <strong className="money-overdue-badge" data-testid="money-overdue-badge">{t('adminMoney.overdue')}</strong></> : null}
      </span>
    ) },
    { id: 'event', header: t('adminMoney.columns.event'), cell: (row) => day(row.eventAt) },
    { id: 'paid', header: t('adminMoney.columns.paid'), cell: (row) => <Price money={{ amountMinor: row.depositPaid.amountMinor + row.balancePaid.amountMinor, currency: 'ILS' }} /> },
    total, statusColumn,
  ];
  return (
    <AdminLayout title={t('admin.items.money')}>
      <p className="money-intro">{t('adminMoney.intro')}</p>
      <MoneyFilter />
      <Sums />
      <MoneySection id="overdueBalances" list={money.overdueBalances} columns={balance(true)} marksOverdue />
      <MoneySection id="balancesDue" list={money.balancesDue} columns={balance(false)} />
      <MoneySection id="depositsTaken" list={money.depositsTaken} columns={[
        order, artist,
        { id: 'deposit', header: t('adminMoney.columns.deposit'), cell: (row) => <Price money={row.depositPaid} /> },
        { id: 'paidOn', header: t('adminMoney.columns.paidOn'), cell: (row) => day(row.depositAt) },
        { id: 'balancePaid', header: t('adminMoney.columns.balancePaid'), cell: (row) => <Price money={row.balancePaid} /> },
        total, statusColumn,
      ]} />
      <MoneySection id="refundsOwed" list={money.refundsOwed} columns={[
        order, artist,
        { id: 'owed', header: t('adminMoney.columns.owed'), cell: (row) => <Price money={row.refundsOwed} /> },
        { id: 'since', header: t('adminMoney.columns.since'), cell: (row) => day(row.lastRefundAt) },
        total, statusColumn,
      ]} />
      <MoneySection id="refunded" list={money.refunded} columns={[
        order, artist,
        { id: 'refunded', header: t('adminMoney.columns.refunded'), cell: (row) => <Price money={row.refunded} /> },
        { id: 'on', header: t('adminMoney.columns.refundedOn'), cell: (row) => day(row.lastRefundAt) },
        total, statusColumn,
      ]} />
    </AdminLayout>
  );
}

export const adminMoneyRoutes: RouteObject[] = [
  { path: 'admin/money', loader: adminMoneyLoader, Component: AdminMoneyPage },
];
