import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { UnreadCounts } from '../api/view-models.ts';
import { unreadCounts as loadUnreadCounts } from '../api/queries.ts';
import { environmentOf } from './environment.ts';
import { useRealtime } from './realtime-events.ts';
import { untilViewsShow } from './until-views-show.ts';
import { LocalLink } from './links.tsx';

// The header badges: unread notifications and unread conversation messages. Loaded in the browser
// after hydration (the server pass and guest pages never ask, so they render as before), read again
// on every push and whenever a screen marks something read (refreshUnreadCounts).
let current: UnreadCounts | null = null;
let latestRequest = 0;
const listeners = new Set<() => void>();

function publish(counts: UnreadCounts): void {
  current = counts;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
};

const sameCounts = (a: UnreadCounts, b: UnreadCounts) => a.notifications === b.notifications && a.messages === b.messages;

/**
 * Reads the counts again. `expectChange`: the caller knows they changed (a push arrived, something
 * was marked read), so the read is retried until the views show a difference.
 */
export async function refreshUnreadCounts(options: { expectChange?: boolean } = {}): Promise<void> {
  const request = ++latestRequest;
  const before = current;
  const api = environmentOf(undefined).api;
  const counts = await untilViewsShow(
    () => loadUnreadCounts(api),
    (value) => !options.expectChange || before === null || !sameCounts(value, before),
    { attempts: options.expectChange ? 6 : 1 },
  );
  // A later refresh has the newer word.
  if (counts && request === latestRequest) publish(counts);
}

/** The signed-in user's counts: null on the server pass and until the first read answers. */
export function useUnreadCounts(): UnreadCounts | null {
  const counts = useSyncExternalStore(subscribe, () => current, () => null);
  useEffect(() => { void refreshUnreadCounts(); }, []);
  useRealtime(() => { void refreshUnreadCounts({ expectChange: true }); });
  return counts;
}

const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

function BellIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg className="header-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6v2h10V9H7Z" />
    </svg>
  );
}

/** The bell (to /notifications) and the conversations link, each with its unread count. */
export function UnreadBadges() {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  const notifications = counts?.notifications ?? 0;
  const messages = counts?.messages ?? 0;
  return (
    <>
      <LocalLink
        to="/user/dashboard/conversations"
        className="header-badge-link"
        data-testid="conversations-link"
        aria-label={messages > 0 ? t('conversations.headerLinkUnread', { count: messages }) : t('conversations.headerLink')}
        title={t('conversations.headerLink')}
      >
        <ChatIcon />
        {messages > 0 ? <span className="header-badge" data-testid="conversations-badge" aria-hidden="true">{badgeText(messages)}</span> : null}
      </LocalLink>
      <LocalLink
        to="/notifications"
        className="header-badge-link"
        data-testid="notifications-link"
        aria-label={notifications > 0 ? t('notifications.headerLinkUnread', { count: notifications }) : t('notifications.headerLink')}
        title={t('notifications.headerLink')}
      >
        <BellIcon />
        {notifications > 0 ? <span className="header-badge" data-testid="notifications-badge" aria-hidden="true">{badgeText(notifications)}</span> : null}
      </LocalLink>
    </>
  );
}
