import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { sideOf } from '../../app/current-actor.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireAdmin } from '../../app/guards.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { useRootData } from '../../app/root-data.ts';
import { myConversations } from '../../api/queries.ts';
import { TypedText } from '../../components/translated.tsx';
import { AdminLayout } from './admin-layout.tsx';

// SPEC §2 admin "my conversation": the staff member's own conversations — as a customer writing to an
// artist, or as the artist they own — inside the back office, with the unread counts. Conversations
// are between customers and artists, so these are the ones the staff member takes part in; each opens
// in the dashboard's thread, where they can answer. Needs no access rule: they are the reader's own.
export async function myConversationsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdmin(environment, request);
  return { conversations: await myConversations(environment.api, { fresh: true }) };
}

export function MyConversationsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRootData();
  const { conversations } = useLoaderData<typeof myConversationsLoader>();
  return (
    <AdminLayout title={t('admin.items.myConversations')}>
      <p className="muted">{t('adminTools.myConversations.lead')}</p>
      {conversations.items.length === 0 ? <p className="empty" data-testid="my-conversations-empty">{t('adminTools.myConversations.empty')}</p> : (
        <ul className="operator-items card" data-testid="my-conversations">
          {conversations.items.map((conversation) => {
            const asCustomer = sideOf(conversation, user) === 'customer';
            const other = asCustomer ? tr(conversation.vendorName, locale) : conversation.customerName || t('adminContent.conversations.unknownCustomer');
            const unread = asCustomer ? conversation.unread.customer : conversation.unread.vendor;
            return (
              <li key={conversation.conversationId} className="operator-item" data-testid="my-conversation" data-conversation-id={conversation.conversationId}>
                <LocalLink to={`/user/dashboard/conversations/${encodeURIComponent(conversation.conversationId)}`} className="operator-item-title">
                  <bdi>{other}</bdi>
                </LocalLink>
                <span className="operator-item-meta muted">{asCustomer ? t('adminTools.myConversations.asCustomer') : t('adminTools.myConversations.asArtist')}</span>
                {conversation.lastMessage ? <TypedText className="operator-item-meta message-preview" text={conversation.lastMessage.text} /> : null}
                <span className="operator-item-meta muted">
                  {conversation.lastActivityAt ? formatDate(conversation.lastActivityAt, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }) : null}
                  {unread > 0 ? <> · <strong data-testid="my-conversation-unread">{t('adminTools.myConversations.unread', { count: unread })}</strong></> : null}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </AdminLayout>
  );
}

export const myConversationsRoutes: RouteObject[] = [{ path: 'admin/my-conversations', loader: myConversationsLoader, Component: MyConversationsPage }];
