import { useEffect } from 'react';
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { notifications as loadNotifications } from '../../api/queries.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDateTime } from '../../app/format.ts';
import { useRootData } from '../../app/root-data.ts';
import { useRealtime } from '../../app/realtime-events.ts';
import { untilViewsShow } from '../../app/until-views-show.ts';
import { INTENT_FIELD, refused, textOf, useActionFailure, useSubmitting } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import { refreshUnreadCounts } from '../../app/unread-counts.tsx';
import { notificationTarget } from '../../app/notification-target.ts';
import { notificationParams, notificationTextKey } from '../../app/notification-text.ts';
import type { Notification } from '../../api/view-models.ts';
import { FormError } from '../../components/form-errors.tsx';
import { TypedText } from '../../components/translated.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

// The notifications screen (SPEC §2 "notifications", in both menus): newest first, unread marked,
// each leading to what it is about; marked read one by one or all at once (the page's action, also
// without JavaScript); pushes appear live.

export async function notificationsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  return { notifications: (await loadNotifications(environment.api)).items };
}

const READ_INTENT = 'read';
const READ_ALL_INTENT = 'read-all';
type ReadAnswer = { intent: string; marked: string[] };

/** Marks one notification (`read:<id>`) or all (`read-all`, with the unread ids on screen) read, then waits until the views show it. */
async function markReadAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const one = intentKind(intent) === READ_INTENT ? intent.slice(READ_INTENT.length + 1) : null;
  const ids = one ? [one] : textOf(form, 'ids').split(',').filter(Boolean);
  const { api } = environment;
  try {
    await api.post(one ? `notifications/${encodeURIComponent(one)}/read` : 'notifications/read-all', undefined, { silent: true });
  } catch (error) {
    return refused(error, intent);
  }
  // The answers read past the caches stay in the API client's cache: the page's reload shows them.
  await untilViewsShow(() => loadNotifications(api, { fresh: true }), (page) => page.items.every((item) => item.read || !ids.includes(item.notificationId)));
  return { intent, marked: ids } satisfies ReadAnswer;
}

/** Following a notification's link means having seen it: marked read on the way, in the background. */
function markSeen(id: string) {
  environmentOf(undefined).api.post(`notifications/${encodeURIComponent(id)}/read`, undefined, { silent: true })
    .then(() => refreshUnreadCounts({ expectChange: true }), () => undefined);
}

/** The mark-read button: a one-button form posting to the page's action. */
function MarkReadButton(props: { intent: string; ids?: string[]; label: string; className: string; testId: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = useSubmitting(props.intent);
  return (
    <Form method="post" preventScrollReset className="mark-read-form">
      <input type="hidden" name={INTENT_FIELD} value={props.intent} />
      {props.ids ? <input type="hidden" name="ids" value={props.ids.join(',')} /> : null}
      <button type="submit" className={props.className} disabled={navigation.state === 'submitting'} aria-busy={busy} data-testid={props.testId}>
        {busy ? t('notifications.saving') : props.label}
      </button>
    </Form>
  );
}

export function NotificationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRootData();
  const { notifications } = useLoaderData<typeof notificationsLoader>();
  const revalidator = useRevalidator();
  const answer = useActionData() as ReadAnswer | undefined;
  const error = useActionFailure(answer?.intent ?? '');
  // Marked here but perhaps not yet in what the loader read.
  const isRead = (item: Notification) => item.read || Boolean(answer?.marked?.includes(item.notificationId));
  const unreadIds = notifications.filter((item) => !isRead(item)).map((item) => item.notificationId);
  // The header's unread badges follow a marking.
  useEffect(() => {
    if (answer?.marked) void refreshUnreadCounts({ expectChange: true });
  }, [answer]);

  // A push: read again once the views have the new notification, which then shows at the top.
  useRealtime(async (pushed) => {
    const api = environmentOf(undefined).api;
    await untilViewsShow(() => loadNotifications(api, { fresh: true }), (page) => page.items.some((item) => item.notificationId === pushed.notificationId));
    await revalidator.revalidate();
  });

  const markAll = unreadIds.length > 0 ? (
    <MarkReadButton intent={READ_ALL_INTENT} ids={unreadIds} label={t('notifications.markAllRead')} className="button button-small" testId="mark-all-read" />
  ) : null;

  return (
    <DashboardLayout title={t('notifications.title')} actions={markAll}>
      <FormError error={error} />
      {notifications.length === 0 ? (
        <div data-testid="notifications-empty">
          <p className="empty">{t('notifications.empty')}</p>
          <p className="muted">{t('notifications.emptyHint')}</p>
        </div>
      ) : (
        <ul className="notification-list" data-testid="notifications" aria-label={t('notifications.listLabel')}>
          {notifications.map((item) => {
            const read = isRead(item);
            const target = notificationTarget(item, user);
            return (
              <li key={item.notificationId} className={`card notification-item${read ? '' : ' is-unread'}`} data-testid="notification" data-notification-id={item.notificationId} data-read={read}>
                <div className="notification-body">
                  <p className="notification-text">
                    {read ? null : <span className="unread-dot" title={t('notifications.unread')}><span className="visually-hidden">{t('notifications.unread')}: </span></span>}
                    {t(notificationTextKey(item), { ...notificationParams(item.params, locale), defaultValue: item.kind })}
                  </p>
                  {item.kind === 'message.posted' && item.params.preview ? <TypedText as="p" className="notification-preview" text={item.params.preview} /> : null}
                  <p className="muted notification-time"><time dateTime={item.at}>{formatDateTime(item.at, locale)}</time></p>
                </div>
                <div className="notification-actions">
                  {target ? (
                    <LocalLink
                      to={target.path} className="button button-small" data-testid="notification-link"
                      onClick={() => { if (!read) markSeen(item.notificationId); }}
                    >
                      {t(target.labelKey)}
                    </LocalLink>
                  ) : null}
                  {read ? null : (
                    <MarkReadButton intent={`${READ_INTENT}:${item.notificationId}`} label={t('notifications.markRead')} className="link-button" testId="mark-read" />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardLayout>
  );
}

// SPEC §2 names both "notifications" and the dashboard's user-dashboard-notifications: one screen at both paths.
export const notificationRoutes: RouteObject[] = [
  { path: 'notifications', loader: notificationsLoader, action: markReadAction, Component: NotificationsPage },
  { path: 'user/dashboard/notifications', loader: notificationsLoader, action: markReadAction, Component: NotificationsPage },
];
