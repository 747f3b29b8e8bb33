import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ReactNode } from 'react';
import { environmentOf } from '../../app/environment.ts';
import { formatDate } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { isApiError } from '../../api/api-error.ts';
import { adminCounts, failedJobs, ORDER_STATUSES } from '../../api/admin-overview.ts';
import { latestEvents } from '../../api/event-history.ts';
import { ActorName } from '../../components/event-history.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { adminPathOfStream, streamLabel } from './stream-paths.ts';
import { streamHistoryRoutes } from './stream-history.tsx';

// admin (dashboard): how much there is (artists, products, users, orders by status, conversations,
// failed notification jobs) and what happened last, each event leading to its entity's admin page.
const RECENT_EVENTS = 20;

/** A read the caller's role may not make (an operator, until ACL rules give more) shows as unavailable, not as an error page. */
const unlessForbidden = <T,>(reading: Promise<T>): Promise<T | null> =>
  reading.catch((error: unknown) => {
    if (isApiError(error) && error.status === 403) return null;
    throw error;
  });

export async function adminHomeLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'adminDashboard', 'read');
  const [counts, events, jobs] = await Promise.all([
    unlessForbidden(adminCounts(environment.api)),
    unlessForbidden(latestEvents(environment.api, RECENT_EVENTS)),
    // No job queue in this process (the query API alone) answers 404: nothing to show.
    failedJobs(environment.api).catch((error: unknown) => {
      if (isApiError(error) && (error.status === 404 || error.status === 403)) return null;
      throw error;
    }),
  ]);
  return { counts, events, jobs };
}

function CountTile(props: { label: string; value: number; detail?: string; to?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <li className="card admin-count" data-testid={props.testId}>
      <span className="admin-count-label">{props.label}</span>
      <span className="admin-count-value" data-testid={`${props.testId}-value`}>{props.value.toLocaleString('en-US')}</span>
      {props.detail ? <span className="admin-count-detail muted">{props.detail}</span> : null}
      {props.to ? <LocalLink to={props.to} className="admin-count-link" aria-label={`${t('adminHistory.home.open')}: ${props.label}`}>{t('adminHistory.home.open')}</LocalLink> : null}
    </li>
  );
}

function Unavailable(props: { children?: ReactNode }) {
  const { t } = useTranslation();
  return <p className="muted">{props.children ?? t('adminHistory.home.unavailable')}</p>;
}

export function AdminHomePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { counts, events, jobs } = useLoaderData<typeof adminHomeLoader>();
  return (
    <AdminLayout title={t('adminHistory.home.title')}>
      <div className="admin-home" data-testid="admin-home">
        <section aria-labelledby="admin-counts-title">
          <h2 id="admin-counts-title">{t('adminHistory.home.counts')}</h2>
          {counts ? (
            <>
              <ul className="admin-counts" data-testid="admin-counts">
                <CountTile testId="count-vendors" label={t('adminHistory.home.vendors')} value={counts.vendors.total} to="/admin/vendor"
                  detail={t('adminHistory.home.vendorsArchived', { archived: counts.vendors.archived })} />
                <CountTile testId="count-products" label={t('adminHistory.home.products')} value={counts.products.total} to="/admin/product"
                  detail={t('adminHistory.home.productTypes', counts.products.byType)} />
                <CountTile testId="count-users" label={t('adminHistory.home.users')} value={counts.users.total} to="/admin/user"
                  detail={t('adminHistory.home.usersDetail', counts.users)} />
                <CountTile testId="count-orders" label={t('adminHistory.home.orders')} value={counts.orders.total} to="/admin/order" />
                <CountTile testId="count-conversations" label={t('adminHistory.home.conversations')} value={counts.conversations.total} to="/admin/conversations"
                  detail={t('adminHistory.home.conversationsUnread', { unread: counts.conversations.unread })} />
                <CountTile testId="count-failed-jobs" label={t('adminHistory.home.failedJobs')} value={jobs?.total ?? 0}
                  detail={jobs === null ? t('adminHistory.home.failedJobsUnavailable') : jobs.total === 0 ? t('adminHistory.home.failedJobsNone') : undefined} />
              </ul>
              <h3>{t('adminHistory.home.ordersByStatus')}</h3>
              <ul className="admin-status-counts" data-testid="admin-order-statuses">
                {ORDER_STATUSES.map((status) => (
                  <li key={status}>
                    <LocalLink to={`/admin/order?status=${status}`} className="admin-status-count" data-testid={`count-orders-${status}`}>
                      <span className={`status status-${status}`}>{t(`order.statuses.${status}`)}</span>
                      <span className="admin-status-count-value">{counts.orders.byStatus[status].toLocaleString('en-US')}</span>
                    </LocalLink>
                  </li>
                ))}
              </ul>
            </>
          ) : <Unavailable />}
          {jobs && jobs.items.length > 0 ? (
            <div className="admin-failed-jobs" data-testid="failed-jobs">
              <h3>{t('adminHistory.home.failedJobsLatest')}</h3>
              <ul>
                {jobs.items.map((job) => (
                  <li key={job.id}>
                    <code>{job.name}</code> · <time dateTime={job.failedAt}>{formatDate(job.failedAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' })}</time>
                    {' · '}{t('adminHistory.home.attempts', { attempts: job.attemptsMade })}
                    <br /><bdi className="muted">{job.failedReason}</bdi>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <section aria-labelledby="admin-activity-title">
          <h2 id="admin-activity-title">{t('adminHistory.home.activity')}</h2>
          {events === null ? <Unavailable /> : events.length === 0 ? <p className="empty">{t('adminHistory.home.activityEmpty')}</p> : (
            <ol className="admin-activity" data-testid="admin-activity">
              {events.map((event) => (
                <li key={event.id} className="admin-activity-item" data-testid="activity-event" data-type={event.type}>
                  <LocalLink to={adminPathOfStream(event.streamId)} className="admin-activity-entity" data-testid="activity-entity"><bdi>{streamLabel(t, event.streamId)}</bdi></LocalLink>
                  <code className="admin-activity-type">{event.type}</code>
                  <time dateTime={event.at} className="muted">{formatDate(event.at, locale, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' })}</time>
                  <ActorName actor={event.actor} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </AdminLayout>
  );
}

export const adminHomeRoutes: RouteObject[] = [
  { path: 'admin', loader: adminHomeLoader, Component: AdminHomePage },
  ...streamHistoryRoutes,
];
