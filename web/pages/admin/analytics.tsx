import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from 'i18next';
import { environmentOf } from '../../app/environment.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { dateTimeFormat, formatPrice, tr } from '../../app/format.ts';
import { languageTag } from '../../app/locale-path.ts';
import { ANALYTICS_RANGES, ORDER_STATUSES, adminAnalytics, analyticsRangeOf, type Analytics, type AnalyticsBin } from '../../api/admin-analytics.ts';
import type { Locale } from '../../api/view-models.ts';
import { BarChart } from '../../components/charts/bar-chart.tsx';
import { StackedBarChart } from '../../components/charts/stacked-bar-chart.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';

// /admin/analytics (requireAdmin; nav rule: list on order): the plots of GET /api/admin/analytics
// for the last 30, 90 or 365 days — orders per day/week/month by status, revenue by month split into
// deposits, balances and full payments (issue 26), revenue per category,
// booking lead time, artist response time, and (super users) visits per utm_source. The period is a
// link (?days=…), so every view of the screen has its own address and works before the script loads.
export async function analyticsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'order', 'list');
  const days = analyticsRangeOf(new URL(request.url).searchParams.get('days'));
  return { analytics: await adminAnalytics(environment.api, days) };
}

/** Numbers that must read left to right inside Hebrew text (a range such as 1–3). */
const isolate = (text: string): string => `\u2066${text}\u2069`;

/** How a status reads in a chart: the order screens' words and a colour. */
const STATUS_TONES = { new: 'neutral', payed: 'info', approved: 'accent', completed: 'success', canceled: 'danger' } as const;

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions) {
  // Bucket starts are calendar days (YYYY-MM-DD), so they are formatted as UTC dates.
  const format = dateTimeFormat(languageTag(locale), { timeZone: 'UTC', ...options });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** "2:30" → a duration in the page's language: minutes below an hour, hours below two days, else days. */
function durationText(minutes: number, locale: Locale): string {
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 2880 ? [minutes / 60, 'hour'] : [minutes / 1440, 'day'];
  return new Intl.NumberFormat(languageTag(locale), { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(value);
}

function leadBinLabel(bin: AnalyticsBin): string {
  return isolate(bin.to === null ? `${bin.from}+` : `${bin.from}–${bin.to - 1}`);
}

function responseBinLabel(bin: AnalyticsBin, t: TFunction): string {
  const inHours = (bin.to ?? Number.POSITIVE_INFINITY) <= 1440;
  if (bin.from === 0 && bin.to === 60) return t('adminAnalytics.bins.underHour');
  const scale = inHours ? 60 : 1440;
  const range = bin.to === null ? `${bin.from / scale}+` : `${bin.from / scale}–${bin.to / scale}`;
  return t(inHours ? 'adminAnalytics.bins.hours' : 'adminAnalytics.bins.days', { range: isolate(range) });
}

function RangeLinks(props: { current: number }) {
  const { t } = useTranslation();
  return (
    <nav className="analytics-ranges" aria-label={t('adminAnalytics.range.label')} data-testid="analytics-ranges">
      {ANALYTICS_RANGES.map((days) => (
        <LocalLink key={days} to={`/admin/analytics?days=${days}`} className={`analytics-range${days === props.current ? ' active' : ''}`} aria-current={days === props.current ? 'page' : undefined}>
          {t(`adminAnalytics.range.days${days}`)}
        </LocalLink>
      ))}
    </nav>
  );
}

function Totals(props: { analytics: Analytics }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { totals, responseTime } = props.analytics;
  const count = new Intl.NumberFormat(languageTag(locale));
  const entries: Array<[string, string]> = [
    ['orders', count.format(totals.orders)],
    ['paid', count.format(totals.paidOrders)],
    ['revenue', formatPrice({ amountMinor: totals.revenueMinor, currency: 'ILS' }, locale)],
    ['canceled', count.format(totals.canceled)],
    ['medianResponse', responseTime.medianMinutes === null ? t('adminAnalytics.totals.none') : durationText(responseTime.medianMinutes, locale)],
  ];
  return (
    <section aria-labelledby="analytics-totals-title">
      <h2 id="analytics-totals-title" className="visually-hidden">{t('adminAnalytics.totals.title')}</h2>
      <dl className="analytics-totals" data-testid="analytics-totals">
        {entries.map(([key, value]) => (
          <div key={key} data-testid={`analytics-total-${key}`}><dt>{t(`adminAnalytics.totals.${key}`)}</dt><dd>{value}</dd></div>
        ))}
      </dl>
    </section>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { analytics } = useLoaderData<typeof analyticsLoader>();
  const { range } = analytics;
  const count = new Intl.NumberFormat(languageTag(locale));
  const compactShekels = new Intl.NumberFormat(languageTag(locale), { style: 'currency', currency: 'ILS', notation: 'compact', maximumFractionDigits: 1 });
  const fullDate = dateFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  // Short axis labels; a month carries its year, since the 365 days span two Novembers.
  const axisDate = range.bucket === 'month' ? dateFormat(locale, { month: 'short', year: '2-digit' }) : dateFormat(locale, { day: 'numeric', month: 'numeric' });
  const bucketLabel = (start: string) => range.bucket === 'month' ? dateFormat(locale, { month: 'long', year: 'numeric' })(start)
    : range.bucket === 'week' ? t('adminAnalytics.orders.weekOf', { date: fullDate(start) }) : fullDate(start);

  const sources = analytics.sources;
  const money = (amountMinor: number) => formatPrice({ amountMinor, currency: 'ILS' }, locale);
  const refundedInPeriod = analytics.revenueByMonth.reduce((sum, month) => sum + month.refundedMinor, 0);
  const monthLabel = dateFormat(locale, { month: 'long', year: 'numeric' });
  const monthAxis = dateFormat(locale, { month: 'short', year: '2-digit' });
  return (
    <AdminLayout title={t('admin.items.analytics')}>
      <p className="analytics-intro">{t('adminAnalytics.intro')}</p>
      <RangeLinks current={range.days} />
      <p className="muted analytics-period">{t('adminAnalytics.period', { from: fullDate(range.from), to: fullDate(range.to) })}</p>
      <Totals analytics={analytics} />
      <div className="analytics-grid">
        <div className="analytics-wide">
          <StackedBarChart
            testId="chart-orders"
            title={t(`adminAnalytics.orders.title.${range.bucket}`)}
            description={t('adminAnalytics.orders.description')}
            series={ORDER_STATUSES.map((status) => ({ key: status, label: t(`order.statuses.${status}`), tone: STATUS_TONES[status] }))}
            columns={analytics.ordersOverTime.map((bucket) => ({ key: bucket.start, label: axisDate(bucket.start), fullLabel: bucketLabel(bucket.start), values: bucket.counts }))}
            valueAxisLabel={t('adminAnalytics.orders.valueAxis')}
            categoryAxisLabel={t(`adminAnalytics.orders.categoryAxis.${range.bucket}`)}
            formatValue={(value) => t('adminAnalytics.orders.count', { count: count.format(value) })}
            formatTick={(value) => count.format(value)}
            integer
            empty={t('adminAnalytics.orders.empty')}
          />
        </div>
        <div className="analytics-wide">
          <StackedBarChart
            testId="chart-revenue-by-month"
            title={t('adminAnalytics.money.title')}
            description={(
              <>
                <p>{t('adminAnalytics.money.description')}</p>
                <p data-testid="revenue-refunded">{t('adminAnalytics.money.refunded', { amount: money(refundedInPeriod) })}</p>
              </>
            )}
            series={[
              { key: 'deposit', label: t('adminAnalytics.money.deposit'), tone: 'info' },
              { key: 'balance', label: t('adminAnalytics.money.balance'), tone: 'success' },
              { key: 'full', label: t('adminAnalytics.money.full'), tone: 'accent' },
            ]}
            columns={analytics.revenueByMonth.map((month) => ({
              key: month.start, label: monthAxis(month.start), fullLabel: monthLabel(month.start),
              values: { deposit: month.depositMinor, balance: month.balanceMinor, full: month.fullMinor },
            }))}
            valueAxisLabel={t('adminAnalytics.revenue.valueAxis')}
            categoryAxisLabel={t('adminAnalytics.orders.categoryAxis.month')}
            formatValue={money}
            formatPart={money}
            formatTick={(value) => compactShekels.format(value / 100)}
            empty={t('adminAnalytics.money.empty')}
          />
        </div>
        <BarChart
          testId="chart-revenue"
          orientation="horizontal"
          title={t('adminAnalytics.revenue.title')}
          description={t('adminAnalytics.revenue.description')}
          bars={analytics.revenueByCategory.map((category) => ({
            key: category.categoryId ?? 'none',
            label: category.name ? tr(category.name, locale) : t('adminAnalytics.revenue.uncategorized'),
            value: category.revenueMinor,
            valueText: formatPrice({ amountMinor: category.revenueMinor, currency: 'ILS' }, locale),
          }))}
          valueAxisLabel={t('adminAnalytics.revenue.valueAxis')}
          categoryAxisLabel={t('adminAnalytics.revenue.categoryAxis')}
          formatTick={(value) => compactShekels.format(value / 100)}
          empty={t('adminAnalytics.revenue.empty')}
        />
        <BarChart
          testId="chart-lead-time"
          title={t('adminAnalytics.lead.title')}
          description={t('adminAnalytics.lead.description')}
          bars={analytics.leadTime.bins.map((bin) => ({ key: String(bin.from), label: leadBinLabel(bin), value: bin.orders, valueText: t('adminAnalytics.orders.count', { count: count.format(bin.orders) }) }))}
          valueAxisLabel={t('adminAnalytics.lead.valueAxis')}
          categoryAxisLabel={t('adminAnalytics.lead.categoryAxis')}
          formatTick={(value) => count.format(value)}
          integer
          empty={t('adminAnalytics.lead.empty')}
        />
        <BarChart
          testId="chart-response-time"
          title={t('adminAnalytics.response.title')}
          description={(
            <>
              <p>{t('adminAnalytics.response.description')}</p>
              {analytics.responseTime.medianMinutes !== null ? (
                <p data-testid="response-median">
                  {t('adminAnalytics.response.median', { time: durationText(analytics.responseTime.medianMinutes, locale), count: count.format(analytics.responseTime.orders) })}
                </p>
              ) : null}
            </>
          )}
          bars={analytics.responseTime.bins.map((bin) => ({ key: String(bin.from), label: responseBinLabel(bin, t), value: bin.orders, valueText: t('adminAnalytics.orders.count', { count: count.format(bin.orders) }) }))}
          valueAxisLabel={t('adminAnalytics.response.valueAxis')}
          categoryAxisLabel={t('adminAnalytics.response.categoryAxis')}
          formatTick={(value) => count.format(value)}
          integer
          empty={t('adminAnalytics.response.empty')}
        />
        {sources ? (
          <BarChart
            testId="chart-sources"
            orientation="horizontal"
            title={t('adminAnalytics.sources.title')}
            description={(
              <>
                <p>{t('adminAnalytics.sources.description')}</p>
                {sources.otherSources > 0 ? <p>{t('adminAnalytics.sources.others', { sources: count.format(sources.otherSources), hits: count.format(sources.otherHits) })}</p> : null}
              </>
            )}
            bars={sources.items.map((item) => ({ key: item.source, label: item.source, value: item.hits, valueText: count.format(item.hits) }))}
            valueAxisLabel={t('adminAnalytics.sources.valueAxis')}
            categoryAxisLabel={t('adminAnalytics.sources.categoryAxis')}
            empty={t('adminAnalytics.sources.empty')}
          />
        ) : (
          <section className="card analytics-note" aria-labelledby="analytics-sources-title" data-testid="sources-super-users-only">
            <h2 id="analytics-sources-title" className="chart-title">{t('adminAnalytics.sources.title')}</h2>
            <p className="muted">{t('adminAnalytics.sources.superUsersOnly')}</p>
          </section>
        )}
      </div>
    </AdminLayout>
  );
}

export const adminAnalyticsRoutes: RouteObject[] = [
  { path: 'admin/analytics', loader: analyticsLoader, Component: AnalyticsPage },
];
