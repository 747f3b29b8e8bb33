import { Form, useLoaderData, useNavigation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireSuperAdmin } from '../../app/guards.ts';
import { formatDate } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { trackingReport, type TrackingReport } from '../../api/admin-content.ts';
import type { Locale } from '../../api/view-models.ts';
import { AdminTable } from '../../components/admin-table.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { AdminLayout } from './admin-layout.tsx';

// Source tracking (superUsers, SPEC §2 admin nav; SPEC §7/§9 utm_source hits): how many visits each
// utm_source brought per day in a range of days, from the trackingSources view — a table of sources
// with bars, and the days that had visits with each day's sources. Days are UTC days, as the view
// counts them.
const PATH = '/admin/tracking';
const DAY_MS = 86_400_000;
const MAX_DAYS = 366;
const PRESETS = [7, 30, 90] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
type RangeError = 'invalidDay' | 'rangeBackwards' | 'rangeTooLong';

/** The range of the URL (`from`, `to`, or `days` back from today), and what is wrong with it. */
export function rangeOf(url: URL, now: number): { from: string; to: string; errors: { from?: RangeError; to?: RangeError } } {
  const errors: { from?: RangeError; to?: RangeError } = {};
  const typedTo = url.searchParams.get('to')?.trim() ?? '';
  const typedFrom = url.searchParams.get('from')?.trim() ?? '';
  if (typedTo && !isDay(typedTo)) errors.to = 'invalidDay';
  if (typedFrom && !isDay(typedFrom)) errors.from = 'invalidDay';
  const to = typedTo && !errors.to ? typedTo : dayOf(now);
  const presetDays = Number(url.searchParams.get('days'));
  const back = PRESETS.includes(presetDays as (typeof PRESETS)[number]) ? presetDays : 30;
  const from = typedFrom && !errors.from ? typedFrom : dayOf(Date.parse(`${to}T00:00:00Z`) - (back - 1) * DAY_MS);
  if (!errors.from && !errors.to) {
    if (from > to) errors.from = 'rangeBackwards';
    else if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > MAX_DAYS) errors.from = 'rangeTooLong';
  }
  return { from, to, errors };
}

export async function trackingLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireSuperAdmin(environment, request);
  const { from, to, errors } = rangeOf(new URL(request.url), Date.now());
  const valid = !errors.from && !errors.to;
  return { report: valid ? await trackingReport(environment.api, { from, to }) : null, from, to, errors };
}

const dayLabel = (day: string, locale: Locale) => formatDate(`${day}T12:00:00Z`, locale, { dateStyle: 'medium', timeZone: 'UTC' });
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function TrackingPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const { report, from, to, errors } = useLoaderData<typeof trackingLoader>();
  return (
    <AdminLayout title={t('admin.items.tracking')}>
      <p className="muted">{t('adminContent.tracking.intro')}</p>
      <Form method="get" className="admin-filters" aria-label={t('adminContent.tracking.rangeLabel')}>
        <div className="field">
          <label htmlFor="tracking-from">{t('adminContent.tracking.from')}</label>
          <input id="tracking-from" name="from" type="date" dir="ltr" defaultValue={from} aria-invalid={errors.from ? true : undefined}
            aria-describedby={errors.from ? 'tracking-from-error' : undefined} data-testid="tracking-from" />
          <FieldError id="tracking-from-error" message={errors.from ? t(`adminContent.tracking.errors.${errors.from}`, { max: MAX_DAYS }) : null} />
        </div>
        <div className="field">
          <label htmlFor="tracking-to">{t('adminContent.tracking.to')}</label>
          <input id="tracking-to" name="to" type="date" dir="ltr" defaultValue={to} aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? 'tracking-to-error' : undefined} data-testid="tracking-to" />
          <FieldError id="tracking-to-error" message={errors.to ? t(`adminContent.tracking.errors.${errors.to}`, { max: MAX_DAYS }) : null} />
        </div>
        <button type="submit" className="button" disabled={navigation.state === 'loading'} data-testid="tracking-apply">{t('adminContent.list.apply')}</button>
        <nav className="range-presets" aria-label={t('adminContent.tracking.presets')}>
          {PRESETS.map((days) => <LocalLink key={days} to={`${PATH}?days=${days}`} className="chip-filter">{t('adminContent.tracking.lastDays', { count: days })}</LocalLink>)}
        </nav>
      </Form>
      {report ? <TrackingTables report={report} /> : null}
    </AdminLayout>
  );
}

function TrackingTables(props: { report: TrackingReport }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { report } = props;
  const range = { from: dayLabel(report.from, locale), to: dayLabel(report.to, locale) };
  if (report.items.length === 0) {
    return <p className="empty" data-testid="tracking-empty">{t('adminContent.tracking.empty', range)}</p>;
  }
  const most = Math.max(...report.items.map((item) => item.hits));
  const days = report.days
    .map((day) => ({ day, sources: report.items.filter((item) => item.byDay[day]).map((item) => ({ source: item.source, hits: item.byDay[day]! })) }))
    .map((row) => ({ ...row, hits: row.sources.reduce((sum, source) => sum + source.hits, 0) }))
    .filter((row) => row.hits > 0)
    .reverse();
  const busiest = Math.max(...days.map((row) => row.hits));
  return (
    <>
      <p role="status" data-testid="tracking-summary">{t('adminContent.tracking.summary', { count: report.hits, sources: report.items.length, ...range })}</p>
      <section aria-labelledby="tracking-sources-title">
        <h2 id="tracking-sources-title">{t('adminContent.tracking.bySource')}</h2>
        <AdminTable className="content-table tracking-table" testId="tracking-sources" rows={report.items} rowKey={(item) => item.source}
          rowProps={(item) => ({ 'data-testid': 'tracking-source', 'data-source': item.source })} empty={null}
          columns={[
            { id: 'source', header: t('adminContent.tracking.source'), cell: (item) => <code dir="ltr">{item.source}</code> },
            { id: 'visits', header: t('adminContent.tracking.visits'), cell: (item) => <BarCell hits={item.hits} most={most} testId="tracking-hits" /> },
            { id: 'share', header: t('adminContent.tracking.share'), cell: (item) => <span dir="ltr">{percent(item.hits, report.hits)}%</span> },
            { id: 'allTime', header: t('adminContent.tracking.allTime'), cell: (item) => item.totalHits },
            { id: 'lastVisit', header: t('adminContent.tracking.lastVisit'), cell: (item) => (item.lastHitAt ? formatDate(item.lastHitAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }) : '') },
          ]} />
      </section>
      <section aria-labelledby="tracking-days-title">
        <h2 id="tracking-days-title">{t('adminContent.tracking.byDay')}</h2>
        <p className="muted">{t('adminContent.tracking.byDayHint')}</p>
        <AdminTable className="content-table tracking-table" testId="tracking-days" rows={days} rowKey={(row) => row.day}
          rowProps={(row) => ({ 'data-testid': 'tracking-day', 'data-day': row.day })} empty={null}
          columns={[
            { id: 'day', header: t('adminContent.tracking.day'), cell: (row) => dayLabel(row.day, locale) },
            { id: 'visits', header: t('adminContent.tracking.visits'), cell: (row) => <BarCell hits={row.hits} most={busiest} /> },
            { id: 'sources', header: t('adminContent.tracking.sources'), cell: (row) => (
              <ul className="day-sources">
                {row.sources.map((source) => <li key={source.source}><code dir="ltr">{source.source}</code> <span dir="ltr">{source.hits}</span></li>)}
              </ul>
            ) },
          ]} />
      </section>
    </>
  );
}

/** A count with its bar, as long as its share of the largest count. */
function BarCell(props: { hits: number; most: number; testId?: string }) {
  return (
    <span className="bar-cell">
      <span className="bar-value" data-testid={props.testId}>{props.hits}</span>
      <span className="bar-track" aria-hidden="true"><span className="bar" style={{ inlineSize: `${percent(props.hits, props.most)}%` }} /></span>
    </span>
  );
}

export const adminTrackingRoutes: RouteObject[] = [{ path: 'admin/tracking', loader: trackingLoader, Component: TrackingPage }];
