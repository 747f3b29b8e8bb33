import { Form, useLoaderData, useNavigation, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { orNotFound, pageNumberOf } from '../../app/loader-kit.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import {
  ADMIN_CONTENT_PAGE_SIZE, adminConversation, adminConversationMessages, adminConversations, artistOptions, customerName, customerOptions, type PartyOption,
} from '../../api/admin-content.ts';
import type { ChatMessage, Conversation, Locale } from '../../api/view-models.ts';
import { AdminEmpty, AdminTable } from '../../components/admin-table.tsx';
import { TypedText } from '../../components/translated.tsx';
import { FilterField, FilterSelect } from '../../components/filter-fields.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo, requireAdminRight } from './admin-access.tsx';

// Admin conversation messages (SPEC §6: read on chatMessage at all): every conversation between a
// customer and an artist, latest activity first, filtered by artist (chosen by name) and customer
// (found by name or e-mail); and one conversation's messages, read-only — reading here marks nothing
// read for either side.
const LIST_PATH = '/admin/conversations';
const idParam = (url: URL, name: string) => url.searchParams.get(name)?.trim().slice(0, 100) ?? '';

export async function adminConversationsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'chatMessage', 'read');
  // The artist filter lists artists and the customer search finds users: each only when the rules give that list.
  const shows = { artistFilter: mayDo(access, 'vendor', 'list'), customerSearch: mayDo(access, 'user', 'list'), userPage: mayDo(access, 'user', 'read') };
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const vendorId = idParam(url, 'vendorId');
  const unanswered = url.searchParams.get('unanswered') === 'true';
  let customerId = idParam(url, 'customerId');
  const customerSearch = customerId || !shows.customerSearch ? '' : url.searchParams.get('customer')?.trim().slice(0, 200) ?? '';
  // A customer search that finds exactly one person filters by them; more are offered to choose from.
  const matches: PartyOption[] = customerSearch ? await customerOptions(environment.api, customerSearch) : [];
  if (matches.length === 1) customerId = matches[0]!.id;
  const [artists, conversations, chosenCustomer] = await Promise.all([
    shows.artistFilter ? artistOptions(environment.api) : [],
    customerSearch && matches.length !== 1 ? null : adminConversations(environment.api, { vendorId, customerId, unanswered, start: (page - 1) * ADMIN_CONTENT_PAGE_SIZE }),
    customerId && shows.userPage ? customerName(environment.api, customerId) : null,
  ]);
  return { artists, conversations, vendorId, customerId, unanswered, customerSearch, matches: matches.length === 1 ? [] : matches, chosenCustomer, page, shows };
}

export async function adminThreadLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const access = await requireAdminRight(environment, request, 'chatMessage', 'read');
  const id = params.id ?? '';
  const [conversation, messages] = await Promise.all([
    orNotFound(adminConversation(environment.api, id)),
    orNotFound(adminConversationMessages(environment.api, id)),
  ]);
  return { conversation, messages, shows: { userPage: mayDo(access, 'user', 'read'), vendorPage: mayDo(access, 'vendor', 'read') } };
}

const when = (iso: string, locale: Locale) => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

/** The query string of a filter (locale-free list path). */
function filterPath(filter: { vendorId?: string; customerId?: string; unanswered?: boolean }): string {
  const params = new URLSearchParams();
  if (filter.vendorId) params.set('vendorId', filter.vendorId);
  if (filter.customerId) params.set('customerId', filter.customerId);
  if (filter.unanswered) params.set('unanswered', 'true');
  const query = params.toString();
  return query ? `${LIST_PATH}?${query}` : LIST_PATH;
}

export function AdminConversationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigation = useNavigation();
  const { artists, conversations, vendorId, customerId, unanswered, customerSearch, matches, chosenCustomer, page, shows } = useLoaderData<typeof adminConversationsLoader>();
  const filtered = Boolean(vendorId || customerId || customerSearch || unanswered);
  return (
    <AdminLayout title={t('admin.items.conversations')}>
      <p className="muted">{t('adminContent.conversations.intro')}</p>
      <Form method="get" className="admin-filters" role="search" aria-label={t('adminContent.list.searchLabel')}>
        {shows.artistFilter ? (
          <FilterSelect label={t('adminContent.conversations.artist')} name="vendorId" value={vendorId} testId="conversation-artist"
            options={[{ value: '', label: t('adminContent.conversations.anyArtist') }, ...artists.map((artist) => ({ value: artist.id, label: tr(artist.name, locale) || artist.id }))]} />
        ) : vendorId ? <input type="hidden" name="vendorId" value={vendorId} /> : null}
        {customerId ? <input type="hidden" name="customerId" value={customerId} /> : !shows.customerSearch ? null : (
          <FilterField label={t('adminContent.conversations.customer')}>
            <input name="customer" type="search" defaultValue={customerSearch} placeholder={t('adminContent.conversations.customerPlaceholder')}
              data-testid="conversation-customer" />
          </FilterField>
        )}
        <label className="admin-check">
          <input type="checkbox" name="unanswered" value="true" defaultChecked={unanswered} data-testid="conversation-unanswered" />
          <span>{t('adminContent.conversations.unansweredOnly')}</span>
        </label>
        <button type="submit" className="button" disabled={navigation.state === 'loading'} data-testid="conversation-filter">{t('adminContent.list.apply')}</button>
        {filtered ? <LocalLink to={LIST_PATH} className="link-quiet-dark">{t('adminContent.list.clear')}</LocalLink> : null}
      </Form>
      {customerId ? (
        <p className="filter-chips">
          <span className="chip-filter">{t('adminContent.conversations.customerIs', { name: chosenCustomer ?? conversations?.items.find((item) => item.customerId === customerId)?.customerName ?? customerId })}</span>{' '}
          <LocalLink to={filterPath({ vendorId, unanswered })} className="link-quiet-dark" aria-label={t('adminContent.conversations.removeCustomer')}>{t('adminContent.list.clear')}</LocalLink>
        </p>
      ) : null}
      {customerSearch && matches.length > 1 ? (
        <section className="card" aria-labelledby="customer-matches-title" data-testid="customer-matches">
          <h2 id="customer-matches-title">{t('adminContent.conversations.chooseCustomer', { count: matches.length })}</h2>
          <ul className="match-list">
            {matches.map((match) => (
              <li key={match.id}><LocalLink to={filterPath({ vendorId, customerId: match.id, unanswered })}>{tr(match.name, locale)}</LocalLink> <span className="muted" dir="ltr">{match.email}</span></li>
            ))}
          </ul>
        </section>
      ) : null}
      {customerSearch && matches.length === 0 && !customerId ? <p className="empty" data-testid="customer-none">{t('adminContent.conversations.noCustomer', { search: customerSearch })}</p> : null}
      {conversations ? (
        <>
          <p className="muted" role="status">{t('adminContent.conversations.count', { count: conversations.total })}</p>
          <ConversationTable conversations={conversations.items} paging={{ page, pageSize: ADMIN_CONTENT_PAGE_SIZE, total: conversations.total }}
            filtered={filtered} vendorId={vendorId} customerId={customerId} unanswered={unanswered} />
        </>
      ) : null}
    </AdminLayout>
  );
}

function ConversationTable(props: {
  conversations: readonly Conversation[]; paging: { page: number; pageSize: number; total: number }; filtered: boolean; vendorId: string; customerId: string; unanswered: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const artistOf = (conversation: Conversation) => tr(conversation.vendorName, locale) || conversation.vendorId;
  const customerOf = (conversation: Conversation) => conversation.customerName || t('adminContent.conversations.unknownCustomer');
  return (
    <AdminTable rows={props.conversations} rowKey={(conversation) => conversation.conversationId} testId="admin-conversations" paging={props.paging}
      rowProps={(conversation) => ({ 'data-testid': 'admin-conversation', 'data-conversation-id': conversation.conversationId })}
      empty={<AdminEmpty filtered={props.filtered} message={t('adminContent.conversations.empty')} testId="conversations-empty" />}
      columns={[
        { id: 'between', header: t('adminContent.conversations.between'), cell: (conversation) => (
          <>
            <LocalLink to={`${LIST_PATH}/${encodeURIComponent(conversation.conversationId)}`} data-testid="admin-conversation-open">
              <span dir="auto">{customerOf(conversation)}</span> · <span dir="auto">{artistOf(conversation)}</span>
            </LocalLink>
            <span className="conversation-filters">
              {props.customerId !== conversation.customerId ? <LocalLink to={filterPath({ vendorId: props.vendorId, customerId: conversation.customerId, unanswered: props.unanswered })} className="link-quiet-dark">{t('adminContent.conversations.onlyCustomer')}</LocalLink> : null}
              {props.vendorId !== conversation.vendorId ? <LocalLink to={filterPath({ vendorId: conversation.vendorId, customerId: props.customerId, unanswered: props.unanswered })} className="link-quiet-dark">{t('adminContent.conversations.onlyArtist')}</LocalLink> : null}
            </span>
          </>
        ) },
        { id: 'lastMessage', header: t('adminContent.conversations.lastMessage'), cell: (conversation) => {
          const last = conversation.lastMessage;
          return last
            ? <><span className="muted">{last.side === 'vendor' ? artistOf(conversation) : customerOf(conversation)}:</span> <TypedText className="message-preview" text={last.text} /></>
            : <span className="muted">{t('adminContent.conversations.noMessages')}</span>;
        } },
        { id: 'messages', header: t('adminContent.conversations.messages'), cell: (conversation) => conversation.messageCount },
        { id: 'lastActivity', header: t('adminContent.conversations.lastActivity'), cell: (conversation) => (conversation.lastActivityAt ? when(conversation.lastActivityAt, locale) : '') },
      ]} />
  );
}

export function AdminThreadPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { conversation, messages, shows } = useLoaderData<typeof adminThreadLoader>();
  const artist = tr(conversation.vendorName, locale) || conversation.vendorId;
  const customer = conversation.customerName || t('adminContent.conversations.unknownCustomer');
  const authorOf = (message: ChatMessage) => (message.side === 'vendor' ? artist : customer);
  return (
    <AdminLayout title={t('adminContent.conversations.threadTitle', { customer, artist })}>
      <p><LocalLink to={LIST_PATH}>{t('adminContent.conversations.back')}</LocalLink></p>
      <dl className="facts thread-facts card">
        <dt>{t('adminContent.conversations.customer')}</dt>
        <dd>{shows.userPage ? <LocalLink to={`/admin/user/${encodeURIComponent(conversation.customerId)}`} dir="auto">{customer}</LocalLink> : <bdi>{customer}</bdi>}</dd>
        <dt>{t('adminContent.conversations.artist')}</dt>
        <dd>{shows.vendorPage ? <LocalLink to={`/admin/vendor/${encodeURIComponent(conversation.vendorId)}`} dir="auto">{artist}</LocalLink> : <bdi>{artist}</bdi>}</dd>
        <dt>{t('adminContent.conversations.messages')}</dt>
        <dd>{conversation.messageCount}</dd>
      </dl>
      <p className="muted">{t('adminContent.conversations.readOnly')}</p>
      {messages.length === 0 ? <p className="empty">{t('adminContent.conversations.noMessages')}</p> : (
        <ol className="admin-messages" aria-label={t('adminContent.conversations.messagesLabel')} data-testid="admin-messages">
          {messages.map((message) => (
            <li key={message.messageId} className={`admin-message is-${message.side}`} data-testid="admin-message">
              <p className="admin-message-head">
                <strong dir="auto">{authorOf(message)}</strong>{' '}
                <span className="muted">({t(`adminContent.conversations.sides.${message.side}`)}) · <time dateTime={message.at}>{when(message.at, locale)}</time></span>
              </p>
              <TypedText as="p" className="message-text" text={message.text} />
            </li>
          ))}
        </ol>
      )}
    </AdminLayout>
  );
}

export const adminConversationRoutes: RouteObject[] = [
  { path: 'admin/conversations', loader: adminConversationsLoader, Component: AdminConversationsPage },
  { path: 'admin/conversations/:id', loader: adminThreadLoader, Component: AdminThreadPage },
];
