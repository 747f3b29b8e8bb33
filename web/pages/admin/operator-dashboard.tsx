import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireAdmin } from '../../app/guards.ts';
import { formatDate, tr } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { adminOrders } from '../../api/admin-overview.ts';
import { adminConversations } from '../../api/admin-content.ts';
import { myAdminAccess, NO_ADMIN_ACCESS } from '../../api/admin-access.ts';
import type { Conversation, Order, Page } from '../../api/view-models.ts';
import { Price } from '../../components/price.tsx';
import { TypedText } from '../../components/translated.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { mayDo } from './admin-access.tsx';

// operator-dashboard (SPEC §2: where an operator lands after the 404-style redirect): what back office
// staff work on today — orders waiting for payment, paid orders waiting for the artist's approval, and
// conversations whose last message is the customer's (the artist has not answered). Each section shows
// when the reader's access rules give its read (orders: list on order; conversations: read on
// chatMessage), so an admin sees it too, and each leads to its full, filtered list.
export const OPERATOR_DASHBOARD_PATH = '/admin/operator';
const SHOWN = 8;

export async function operatorDashboardLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireAdmin(environment, request);
  const access = await myAdminAccess(environment.api).catch(() => NO_ADMIN_ACCESS);
  const orders = mayDo(access, 'order', 'list');
  const conversations = mayDo(access, 'chatMessage', 'read');
  const [awaitingPayment, awaitingApproval, unanswered] = await Promise.all([
    orders ? adminOrders(environment.api, { status: 'new', dateField: 'placed' }, 0, SHOWN) : null,
    orders ? adminOrders(environment.api, { status: 'payed', dateField: 'placed' }, 0, SHOWN) : null,
    conversations ? adminConversations(environment.api, { unanswered: true, limit: SHOWN }) : null,
  ]);
  return { awaitingPayment, awaitingApproval, unanswered };
}

const when = (iso: string, locale: 'he' | 'en') => formatDate(iso, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });

function OrderQueue(props: { id: string; title: string; empty: string; orders: Page<Order>; allPath: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { orders } = props;
  return (
    <section className="card operator-queue" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <h2 id={`${props.id}-title`}>{props.title} <span className="operator-count" data-testid={`${props.id}-count`}>{orders.total}</span></h2>
      {orders.items.length === 0 ? <p className="empty">{props.empty}</p> : (
        <ul className="operator-items">
          {orders.items.map((order) => (
            <li key={order.orderId} className="operator-item" data-testid="operator-order" data-order-id={order.orderId}>
              <LocalLink to={`/admin/order/${encodeURIComponent(order.orderId)}`} className="operator-item-title">
                <bdi>{tr(order.product.name, locale)}</bdi>
              </LocalLink>
              <span className="operator-item-meta">
                <bdi>{order.customerName || t('adminHistory.orders.unknownCustomer')}</bdi> · <bdi>{tr(order.vendorName, locale)}</bdi>
              </span>
              <span className="operator-item-meta muted">
                <Price money={order.total} /> · <time dateTime={order.placedAt}>{when(order.placedAt, locale)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {orders.total > 0 ? <p><LocalLink to={props.allPath} data-testid={`${props.id}-all`}>{t('operator.all', { count: orders.total })}</LocalLink></p> : null}
    </section>
  );
}

function ConversationQueue(props: { conversations: Page<Conversation> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { conversations } = props;
  return (
    <section className="card operator-queue" aria-labelledby="operator-unanswered-title" data-testid="operator-unanswered">
      <h2 id="operator-unanswered-title">{t('operator.unanswered')} <span className="operator-count" data-testid="operator-unanswered-count">{conversations.total}</span></h2>
      {conversations.items.length === 0 ? <p className="empty">{t('operator.unansweredNone')}</p> : (
        <ul className="operator-items">
          {conversations.items.map((conversation) => (
            <li key={conversation.conversationId} className="operator-item" data-testid="operator-conversation" data-conversation-id={conversation.conversationId}>
              <LocalLink to={`/admin/conversations/${encodeURIComponent(conversation.conversationId)}`} className="operator-item-title">
                <bdi>{conversation.customerName || t('adminContent.conversations.unknownCustomer')}</bdi> · <bdi>{tr(conversation.vendorName, locale)}</bdi>
              </LocalLink>
              {conversation.lastMessage ? (
                <>
                  <TypedText className="operator-item-meta message-preview" text={conversation.lastMessage.text} />
                  <span className="operator-item-meta muted">
                    {t('operator.waitingSince')} <time dateTime={conversation.lastMessage.at}>{when(conversation.lastMessage.at, locale)}</time>
                  </span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {conversations.total > 0 ? <p><LocalLink to="/admin/conversations?unanswered=true" data-testid="operator-unanswered-all">{t('operator.all', { count: conversations.total })}</LocalLink></p> : null}
    </section>
  );
}

export function OperatorDashboardPage() {
  const { t } = useTranslation();
  const { awaitingPayment, awaitingApproval, unanswered } = useLoaderData<typeof operatorDashboardLoader>();
  const nothing = !awaitingPayment && !awaitingApproval && !unanswered;
  return (
    <AdminLayout title={t('operator.title')}>
      <p className="muted">{t('operator.lead')}</p>
      <div className="operator-dashboard" data-testid="operator-dashboard">
        {awaitingApproval ? <OrderQueue id="operator-awaiting-approval" title={t('operator.awaitingApproval')} empty={t('operator.awaitingApprovalNone')}
          orders={awaitingApproval} allPath="/admin/order?status=payed" /> : null}
        {awaitingPayment ? <OrderQueue id="operator-new-orders" title={t('operator.newOrders')} empty={t('operator.newOrdersNone')}
          orders={awaitingPayment} allPath="/admin/order?status=new" /> : null}
        {unanswered ? <ConversationQueue conversations={unanswered} /> : null}
        {nothing ? <p className="empty">{t('operator.nothingGiven')}</p> : null}
      </div>
    </AdminLayout>
  );
}

export const operatorDashboardRoutes: RouteObject[] = [
  { path: 'admin/operator', loader: operatorDashboardLoader, Component: OperatorDashboardPage },
];
