import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { streamHistory } from '../../api/event-history.ts';
import { EventHistory } from '../../components/event-history.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { requireAdminRight } from './admin-access.tsx';
import { streamLabel } from './stream-paths.ts';

// The event history of any stream (/admin/stream/:streamId): where the recent activity leads for an
// entity without an admin page of its own (contracts, calendars, reviews, favorites, notifications…).
export async function streamHistoryLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdminRight(environment, request, 'event', 'read');
  const streamId = params.streamId ?? '';
  return { streamId, history: await orNotFound(streamHistory(environment.api, streamId)) };
}

export function StreamHistoryPage() {
  const { t } = useTranslation();
  const { streamId, history } = useLoaderData<typeof streamHistoryLoader>();
  return (
    <AdminLayout title={`${t('adminHistory.stream.title')}: ${streamLabel(t, streamId)}`}>
      <p className="muted">{t('adminHistory.stream.lead')} <code dir="ltr">{streamId}</code></p>
      <EventHistory key={`${streamId}:${history.latest.currentRevision}`} streamId={streamId} initial={history} />
    </AdminLayout>
  );
}

export const streamHistoryRoutes: RouteObject[] = [
  { path: 'admin/stream/:streamId', loader: streamHistoryLoader, Component: StreamHistoryPage },
];
