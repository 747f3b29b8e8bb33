import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Form, Outlet, useActionData, useLoaderData, useNavigation, useSubmit, type ActionFunctionArgs, useOutletContext, useParams, useRevalidator, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { orNotFound } from '../../app/loader-kit.ts';
import { LocalLink, LocalNavLink, useLocale } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import { sideOf } from '../../app/current-actor.ts';
import { formatDate, tr } from '../../app/format.ts';
import { useRealtime, useShownOnScreen } from '../../app/realtime-events.ts';
import { untilViewsShow } from '../../app/until-views-show.ts';
import { refreshUnreadCounts } from '../../app/unread-counts.tsx';
import { conversation as loadConversation, conversationMessages, myConversations, unreadNotifications } from '../../api/queries.ts';
import type { ChatMessage, Conversation, ConversationSide, Locale } from '../../api/view-models.ts';
import { Avatar } from '../../components/avatar.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { refused, textOf, typedValues, useActionFailure } from '../../app/form-action.ts';
import type { ApiClient } from '../../api/client.ts';
import { DashboardLayout } from './dashboard-layout.tsx';
import { IsolatedText } from '../../components/isolated-text.tsx';
import { TypedText } from '../../components/translated.tsx';

// user-dashboard-conversations (both menus): the list of my conversations beside the open thread
// (`/user/dashboard/conversations/:id`; on mobile the thread alone, with a way back). Messages and
// unread counts arrive live: a `message.posted` push re-reads once the views show the message.
interface PostedMessage { id: string; revision: number; messageId: string }

const LIST_PATH = '/user/dashboard/conversations';
export const threadPath = (conversationId: string) => `${LIST_PATH}/${encodeURIComponent(conversationId)}`;

/** The other party's name: the artist for the customer, the customer for the artist. */
function counterpartName(conversation: Conversation, side: ConversationSide | null, locale: Locale, customerFallback: string): string {
  const vendorName = tr(conversation.vendorName, locale);
  const customerName = conversation.customerName || customerFallback;
  return side === 'vendor' ? customerName : side === 'customer' ? vendorName : `${customerName} · ${vendorName}`;
}

const formatMessageTime = (iso: string, locale: Locale) =>
  formatDate(iso, locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `?rev=` of a conversation just opened: the reads wait until the views have it. */
function revisionOf(request: Request): number | undefined {
  const revision = Number.parseInt(new URL(request.url).searchParams.get('rev') ?? '', 10);
  return Number.isFinite(revision) && revision >= 0 ? revision : undefined;
}

export async function conversationsLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireUser(environment, request);
  const openedId = revisionOf(request) !== undefined ? params.id : undefined;
  // Just opened from a vendor page: the list waits (briefly) until it has the new conversation.
  const page = openedId
    ? await untilViewsShow(() => myConversations(environment.api, { fresh: true }), (answer) => answer.items.some((item) => item.conversationId === openedId)) ?? await myConversations(environment.api)
    : await myConversations(environment.api);
  // A conversation the customer opened but never wrote in says nothing to the artist yet.
  return { conversations: page.items.filter((item) => item.messageCount > 0 || sideOf(item, user) === 'customer') };
}

export async function threadLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireUser(environment, request);
  const id = params.id ?? '';
  const minRevision = revisionOf(request);
  const [conversation, messages] = await Promise.all([
    orNotFound(loadConversation(environment.api, id, { minRevision })),
    orNotFound(conversationMessages(environment.api, id, { minRevision })),
  ]);
  return { conversation, messages, side: sideOf(conversation, user) };
}

interface LiveState { list: Conversation[]; conversation: Conversation; messages: ChatMessage[] }

/**
 * Reads the list and one conversation (document and messages) past every cache until `shows` holds:
 * the views, and the query API's cache purge, follow a write or a push a moment later. The answers
 * stay in the API client's cache, so the revalidation that follows renders exactly them.
 */
async function readUntilShown(conversationId: string, shows: (state: LiveState) => boolean, api: ApiClient = environmentOf(undefined).api): Promise<void> {
  await untilViewsShow(async () => {
    const [page, conversation, messages] = await Promise.all([
      myConversations(api, { fresh: true }), loadConversation(api, conversationId, { fresh: true }), conversationMessages(api, conversationId, { fresh: true }),
    ]);
    return { list: page.items, conversation, messages };
  }, shows);
}

/** True once the list, the conversation and its messages all show this message. */
const showsMessage = (conversationId: string, messageId: string) => ({ list, conversation, messages }: LiveState): boolean => {
  const message = messages.find((item) => item.messageId === messageId);
  const listed = list.find((item) => item.conversationId === conversationId);
  return Boolean(message && listed) && listed!.lastActivityAt >= message!.at && conversation.lastActivityAt >= message!.at;
};

/** A pushed message shows up in the list (with its unread count) and in its thread when that is open. */
function useLiveMessages() {
  const revalidator = useRevalidator();
  useRealtime(async (notification) => {
    const { conversationId, messageId, revision } = notification.subject;
    if (notification.kind !== 'message.posted' || !conversationId || !messageId) return;
    // The push names the conversation stream's revision: the views have the message once that read answers.
    const minRevision = Number(revision);
    if (Number.isInteger(minRevision) && minRevision >= 0) {
      await conversationMessages(environmentOf(undefined).api, conversationId, { minRevision }).catch(() => null);
    }
    await readUntilShown(conversationId, showsMessage(conversationId, messageId));
    await revalidator.revalidate();
  });
}

function ConversationList(props: { conversations: Conversation[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRootData();
  if (props.conversations.length === 0) {
    return (
      <div className="conversation-list-empty" data-testid="conversations-empty">
        <p className="empty">{t(user?.Vendor?.id ? 'conversations.emptyVendor' : 'conversations.empty')}</p>
        {user?.Vendor?.id ? null : <LocalLink to="/search" className="button">{t('conversations.findArtists')}</LocalLink>}
      </div>
    );
  }
  return (
    <ul className="conversation-list" data-testid="conversation-list">
      {props.conversations.map((item) => {
        const side = sideOf(item, user);
        const name = counterpartName(item, side, locale, t('conversations.customerFallback'));
        const unread = side ? item.unread[side] : 0;
        const last = item.lastMessage;
        return (
          <li key={item.conversationId}>
            <LocalNavLink to={threadPath(item.conversationId)} className={`conversation-item${unread > 0 ? ' has-unread' : ''}`} data-testid="conversation-item" data-conversation-id={item.conversationId}>
              <Avatar name={name} imageUrl={side === 'customer' ? item.vendorLogoImageUrl : null} seed={side === 'customer' ? item.vendorId : item.customerId} />
              <span className="conversation-summary">
                <span className="conversation-top">
                  <strong className="conversation-name">{name}</strong>
                  <time className="muted" dateTime={item.lastActivityAt}>{formatMessageTime(item.lastActivityAt, locale)}</time>
                </span>
                <span className="conversation-preview" data-testid="conversation-preview">
                  {last ? (
                    <>
                      {last.side === side ? <span className="preview-you">{t('conversations.you')} </span> : null}
                      {/* Isolated: a message in the other language keeps its own direction and language beside the page's words. */}
                      <TypedText as="bdi" text={last.text} />
                    </>
                  ) : t('conversations.noMessages')}
                </span>
              </span>
              {unread > 0 ? (
                <>
                  <span className="unread-badge" aria-hidden="true" data-testid="conversation-unread">{unread}</span>
                  <span className="visually-hidden">{t('conversations.unread', { count: unread })}</span>
                </>
              ) : null}
            </LocalNavLink>
          </li>
        );
      })}
    </ul>
  );
}

/** What the list route hands its child (the routes live under both locale branches, so no route id). */
interface ThreadPaneContext { conversations: Conversation[] }

export function ConversationsPage() {
  const { t } = useTranslation();
  const { conversations } = useLoaderData<typeof conversationsLoader>();
  const { id } = useParams();
  useLiveMessages();
  return (
    <DashboardLayout title={t('dashboard.items.conversations')}>
      <div className={`conversations${id ? ' has-thread' : ''}`} data-testid="conversations">
        <nav className="conversation-list-pane" aria-label={t('conversations.listLabel')}>
          <ConversationList conversations={conversations} />
        </nav>
        <div className="conversation-thread-pane">
          <Outlet context={{ conversations } satisfies ThreadPaneContext} />
        </div>
      </div>
    </DashboardLayout>
  );
}

function NoThreadChosen() {
  const { t } = useTranslation();
  const { conversations } = useOutletContext<ThreadPaneContext>();
  return conversations.length > 0 ? <p className="empty conversation-choose">{t('conversations.choose')}</p> : null;
}

/**
 * Marks what the user now sees as read (the conversation up to its last message, and the
 * notifications that announced those messages), then refreshes the list and the header badges.
 * `listedUnread` is the list's count for this conversation: read in another window meanwhile, the
 * list may still count it, and the same pass brings it up to date.
 */
function useMarkRead(conversation: Conversation, messages: ChatMessage[], side: ConversationSide | null, listedUnread: number) {
  const revalidator = useRevalidator();
  const markedUpTo = useRef<string | null>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    if (!side || !last || last.side === side || markedUpTo.current === last.messageId) return;
    // Unread per the views, or a message newer than the conversation document has caught up with.
    if (conversation.unread[side] === 0 && listedUnread === 0 && conversation.lastMessage?.messageId === last.messageId) return;
    markedUpTo.current = last.messageId;
    const api = environmentOf(undefined).api;
    void (async () => {
      try {
        await api.post(`conversations/${encodeURIComponent(conversation.conversationId)}/read`, { upToMessageId: last.messageId }, { silent: true });
        const announced = (await unreadNotifications(api)).filter((item) => item.kind === 'message.posted' && item.subject.conversationId === conversation.conversationId);
        await Promise.all(announced.map((item) => api.post(`notifications/${encodeURIComponent(item.notificationId)}/read`, undefined, { silent: true }).catch(() => null)));
        await readUntilShown(conversation.conversationId, ({ list, conversation: current }) =>
          current.unread[side] === 0 && (list.find((item) => item.conversationId === current.conversationId)?.unread[side] ?? 0) === 0);
        await revalidator.revalidate();
      } catch {
        // Not marked this time: the next visit or message tries again.
        markedUpTo.current = null;
      }
      void refreshUnreadCounts({ expectChange: true });
    })();
  }, [conversation, last, side, listedUnread, revalidator]);
}

/** The thread's action: sends the composer's message, then waits until the list and the thread show it. */
export async function sendMessageAction({ context, request, params }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const conversationId = params.id ?? '';
  const form = await request.formData();
  const text = textOf(form, 'text');
  try {
    const written = await environment.api.post<PostedMessage>(`conversations/${encodeURIComponent(conversationId)}/messages`, { text }, { silent: true });
    await readUntilShown(conversationId, showsMessage(conversationId, written.messageId), environment.api);
    return { sent: written.messageId };
  } catch (error) {
    return refused(error, '', typedValues(form, 'text'));
  }
}

function Composer(props: { conversationId: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const answer = useActionData() as { sent?: string; values?: Record<string, string> } | undefined;
  const failure = useActionFailure();
  const busy = navigation.state === 'submitting' && navigation.formData?.has('text') === true;
  const [text, setText] = useState(answer?.values?.text ?? '');
  useEffect(() => {
    if (answer?.sent) setText('');
  }, [answer]);
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; an input method composing a word keeps its Enter.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (text.trim() && !busy) submit(event.currentTarget.form, { method: 'post', preventScrollReset: true });
  }
  return (
    <Form className="composer" method="post" preventScrollReset data-testid="composer">
      <FormError error={failure} />
      <div className="composer-row">
        <label className="composer-field">
          <span className="visually-hidden">{t('conversations.messageLabel')}</span>
          <textarea
            name="text" rows={2} maxLength={5000} required value={text} readOnly={busy} dir="auto"
            placeholder={t('conversations.placeholder')} aria-describedby="composer-hint"
            onChange={(event) => setText(event.target.value)} onKeyDown={onKeyDown} data-testid="message-input"
          />
        </label>
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="send-message">
          {busy ? t('conversations.sending') : t('conversations.send')}
        </button>
      </div>
      <small id="composer-hint" className="muted composer-hint">{t('conversations.hint')}</small>
    </Form>
  );
}

export function ConversationThread() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { conversation, messages, side } = useLoaderData<typeof threadLoader>();
  const { conversations } = useOutletContext<ThreadPaneContext>();
  const name = counterpartName(conversation, side, locale, t('conversations.customerFallback'));
  const scroller = useRef<HTMLDivElement>(null);
  const listed = conversations.find((item) => item.conversationId === conversation.conversationId);
  useMarkRead(conversation, messages, side, side && listed ? listed.unread[side] : 0);
  // A message for the open thread appears in it; no toast on top.
  useShownOnScreen((notification) => notification.kind === 'message.posted' && notification.subject.conversationId === conversation.conversationId);
  const lastId = messages[messages.length - 1]?.messageId;
  useEffect(() => {
    // The newest message in view, as in any chat.
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [conversation.conversationId, lastId]);
  return (
    <section className="conversation-thread card" aria-labelledby="thread-title" data-testid="conversation-thread" data-conversation-id={conversation.conversationId}>
      <header className="thread-head">
        <LocalLink to={LIST_PATH} className="thread-back" data-testid="thread-back">{t('conversations.back')}</LocalLink>
        <div className="thread-who">
          <Avatar name={name} imageUrl={side === 'customer' ? conversation.vendorLogoImageUrl : null} seed={side === 'customer' ? conversation.vendorId : conversation.customerId} />
          <h2 id="thread-title">
            {/* /artists/artist/:id answers with the artist's canonical page. */}
            {side === 'customer' ? <LocalLink to={`/artists/artist/${encodeURIComponent(conversation.vendorId)}`}>{name}</LocalLink> : name}
          </h2>
        </div>
      </header>
      <div className="message-scroller" ref={scroller} role="log" aria-live="polite" aria-label={t('conversations.messagesWith', { name })}>
        {messages.length === 0 ? (
          <p className="empty" data-testid="thread-empty">{side === 'customer' ? <IsolatedText i18nKey="conversations.startThread" values={{ name }} /> : t('conversations.noMessages')}</p>
        ) : (
          <ol className="message-list" data-testid="message-list">
            {messages.map((message) => {
              const mine = message.side === side;
              return (
                <li key={message.messageId} className={`message ${mine ? 'is-mine' : 'is-theirs'}`} data-testid="message" data-side={message.side}>
                  <span className="visually-hidden">{mine ? t('conversations.fromYou') : t('conversations.fromThem', { name })}</span>
                  <TypedText as="p" className="message-text" text={message.text} />
                  <time className="message-time" dateTime={message.at}>{formatMessageTime(message.at, locale)}</time>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      {side ? <Composer key={conversation.conversationId} conversationId={conversation.conversationId} /> : <p className="notice">{t('conversations.readOnly')}</p>}
    </section>
  );
}

export const conversationRoutes: RouteObject[] = [
  {
    path: 'user/dashboard/conversations',
    loader: conversationsLoader,
    Component: ConversationsPage,
    children: [
      { index: true, Component: NoThreadChosen },
      { path: ':id', loader: threadLoader, action: sendMessageAction, Component: ConversationThread },
    ],
  },
];
