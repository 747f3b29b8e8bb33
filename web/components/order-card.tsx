import { useTranslation } from '../i18n/use-translation.ts';
import type { Order } from '../api/view-models.ts';
import { formatDate, formatDateTime, tr } from '../app/format.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { orderPermissions } from '../app/order-permissions.ts';
import { useRootData } from '../app/root-data.ts';
import { OrderActions, orderAction, ORDER_INTENT } from './order-actions.tsx';
import { OrderProgress } from './order-progress.tsx';
import { OrderReviewPanel, orderReviewAction, REVIEW_INTENT } from './order-review.tsx';
import { actionByIntent } from '../app/intent-action.ts';
import { Price } from './price.tsx';
import { Translated, WrittenText } from './translated.tsx';
import { EVENT_DETAILS_INTENT, EventDetailsFacts, eventDetailsAction } from './event-details.tsx';
import { BALANCE_INTENT, balanceAction } from './order-money.tsx';

// One order in a list, for either side: the customer sees the artist first, the artist the customer;
// both see the service, the event date (or when it was ordered, for a service without a date), the
// total and any balance due (overdue marked), the status with its progress, the buttons their part allows and the review.

/** The route action of a page showing order cards: the lifecycle buttons and the review form. */
export const orderCardAction = actionByIntent({ [ORDER_INTENT]: orderAction, [REVIEW_INTENT]: orderReviewAction, [EVENT_DETAILS_INTENT]: eventDetailsAction, [BALANCE_INTENT]: balanceAction });

export function OrderCard(props: { order: Order; perspective: 'customer' | 'vendor' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, now } = useRootData();
  const { order, perspective } = props;
  const permissions = orderPermissions(order, user, now);
  // The artist's name is translatable (marked when only the other language has it); the customer's is their own.
  const counterpart = perspective === 'vendor' ? order.customerName || t('orderCard.customer')
    : tr(order.vendorName, locale) ? <Translated value={order.vendorName} /> : t('orderCard.artist');
  return (
    <li className="card order-card" data-testid="order-card" data-order-id={order.orderId} data-status={order.status}>
      <div className="order-card-head">
        <div className="order-card-title">
          <h3><bdi>{counterpart}</bdi></h3>
          <Translated as="p" className="order-card-product" value={order.product.name} />
        </div>
        <span className={`status status-${order.status}`} data-testid="order-card-status">{t(`order.statuses.${order.status}`)}</span>
      </div>
      <dl className="order-facts">
        {order.eventDetails ? null : order.slot ? (
          <div><dt>{t('orderCard.eventDate')}</dt><dd>{formatDateTime(order.slot.start, locale)}</dd></div>
        ) : (
          <div><dt>{t('orderCard.orderedOn')}</dt><dd>{formatDate(order.placedAt, locale)}</dd></div>
        )}
        <div><dt>{t('orderCard.total')}</dt><dd><Price money={order.total} /></dd></div>
        {/* A balance still to pay after the deposit, and by when: overdue marked, to either side (issue 26). */}
        {order.balanceDue.amountMinor > 0 && order.status !== 'canceled' ? (
          <div className={order.overdue ? 'is-overdue' : undefined} data-testid="order-card-due">
            <dt>{t('orderMoney.balanceDue')}</dt>
            <dd><Price money={order.balanceDue} />{order.balanceDueAt ? <span className="order-money-when"> {t(order.overdue ? 'orderMoney.overdueSince' : 'orderMoney.dueBy', { date: formatDate(order.balanceDueAt, locale, { dateStyle: 'medium' }) })}</span> : null}</dd>
          </div>
        ) : null}
      </dl>
      {/* The event the artist is booked for (issue 22): what, when, where, how many, whom to call. */}
      <EventDetailsFacts order={order} compact />
      <OrderProgress order={order} folded={order.status === 'completed' || order.status === 'canceled'} />
      {order.notes ? <p className="order-notes"><strong>{t(perspective === 'vendor' ? 'orderCard.notesFromCustomer' : 'orderCard.yourNotes')}</strong> <WrittenText as="bdi" text={order.notes} /></p> : null}
      <OrderActions order={order} permissions={permissions} />
      <OrderReviewPanel order={order} permissions={permissions} perspective={perspective} />
      <p className="order-card-link"><LocalLink to={`/order/${order.orderId}/complete`} data-testid="order-card-open">{t('orderCard.details')}</LocalLink></p>
    </li>
  );
}
