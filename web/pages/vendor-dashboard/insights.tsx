import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { useLocale } from '../../app/links.tsx';
import { languageTag } from '../../app/locale-path.ts';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import type { VendorInsights } from '../../../projectors/customer-journeys/figures.ts';

// user-dashboard-vendor-insights (issue 27 item 5; docs/vendor-calendar-and-products.md, "Repeat and
// referral facts"): what the log knows of the artist's customers — how many booked twice or more, where
// the bookings came from (the utm_source of the customer's visit, or direct) and how many conversations
// led to an order. Read from GET /api/vendor/insights; each part says plainly when there is nothing yet.

export async function vendorInsightsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  return environment.api.get<VendorInsights>('vendor/insights', { fresh: true });
}

function Figure(props: { testId: string; value: string; label: string; detail: string }) {
  return (
    <div className="card insight-figure" data-testid={props.testId}>
      <strong className="insight-value" dir="ltr">{props.value}</strong>
      <span className="insight-label">{props.label}</span>
      <span className="insight-detail muted">{props.detail}</span>
    </div>
  );
}

export function VendorInsightsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const insights = useLoaderData<typeof vendorInsightsLoader>();
  const numbers = new Intl.NumberFormat(languageTag(locale));
  const percent = new Intl.NumberFormat(languageTag(locale), { style: 'percent', maximumFractionDigits: 0 });
  const most = Math.max(1, ...insights.sources.map((source) => source.bookings));
  return (
    <DashboardLayout title={t('vendorInsights.title')}>
      <p className="muted">{t('vendorInsights.lead')}</p>
      <section className="insight-figures" aria-label={t('vendorInsights.figures')}>
        <Figure
          testId="insight-repeat" value={numbers.format(insights.repeatCustomers)} label={t('vendorInsights.repeat')}
          detail={insights.bookedCustomers === 0 ? t('vendorInsights.noBookings') : t('vendorInsights.repeatOf', { customers: numbers.format(insights.bookedCustomers) })}
        />
        <Figure
          testId="insight-bookings" value={numbers.format(insights.bookings)} label={t('vendorInsights.bookings')}
          detail={t('vendorInsights.bookingsHint')}
        />
        <Figure
          testId="insight-conversion" value={insights.conversionRate === null ? '—' : percent.format(insights.conversionRate)} label={t('vendorInsights.conversion')}
          detail={insights.conversations === 0
            ? t('vendorInsights.noConversations')
            : t('vendorInsights.conversionOf', { converted: numbers.format(insights.convertedConversations), conversations: numbers.format(insights.conversations), days: insights.conversionDays })}
        />
      </section>
      <section className="card insight-sources" data-testid="insight-sources" aria-labelledby="insight-sources-title">
        <h2 id="insight-sources-title">{t('vendorInsights.sources')}</h2>
        {insights.sources.length === 0 ? (
          <p className="empty" data-testid="insight-sources-empty">{t('vendorInsights.sourcesEmpty')}</p>
        ) : (
          <ul className="insight-source-list">
            {insights.sources.map((source) => (
              <li key={source.source} className="insight-source" data-testid="insight-source" data-source={source.source}>
                <span className="insight-source-name">
                  {source.source === 'direct' ? t('vendorInsights.direct') : <bdi dir="ltr">{source.source}</bdi>}
                </span>
                <span className="insight-source-count">{t('vendorInsights.sourceBookings', { bookings: numbers.format(source.bookings) })}</span>
                <span className="insight-bar" aria-hidden="true"><span style={{ inlineSize: `${Math.round((source.bookings / most) * 100)}%` }} /></span>
              </li>
            ))}
          </ul>
        )}
        <p className="muted insight-note">{t('vendorInsights.sourcesHint')}</p>
      </section>
      <p className="muted insight-note">{t('vendorInsights.definitions', { days: insights.conversionDays })}</p>
    </DashboardLayout>
  );
}

export const vendorInsightsRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/insights', loader: vendorInsightsLoader, Component: VendorInsightsPage },
];
