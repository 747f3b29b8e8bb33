import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order, Page } from '../api/view-models.ts';
import { OrderCard } from './order-card.tsx';
import { Pager } from './pager.tsx';

// An orders screen's two lists: the open orders (new, paid, approved: what still needs someone to
// act) first, then the finished ones (completed, canceled) a page at a time. Each list says what to
// do when it is empty.
export const OPEN_ORDERS_LIMIT = 100;
export const PAST_ORDERS_PAGE_SIZE = 10;

export function OrderSections(props: {
  perspective: 'customer' | 'vendor';
  open: Page<Order>;
  past: Page<Order>;
  page: number;
  texts: { open: string; past: string; emptyOpen: ReactNode; emptyPast: string };
}) {
  const { t } = useTranslation();
  const { perspective, open, past, page, texts } = props;
  return (
    <div className="order-sections">
      <section aria-labelledby="open-orders-title" data-testid="open-orders">
        <h2 id="open-orders-title">{texts.open} <span className="count">{open.total}</span></h2>
        {open.items.length === 0 ? <div className="empty">{texts.emptyOpen}</div> : (
          <ul className="order-cards">{open.items.map((order) => <OrderCard key={order.orderId} order={order} perspective={perspective} />)}</ul>
        )}
        {open.total > open.items.length ? <p className="muted">{t('orderCard.moreOpen', { shown: open.items.length, total: open.total })}</p> : null}
      </section>
      <section aria-labelledby="past-orders-title" data-testid="past-orders">
        <h2 id="past-orders-title">{texts.past} <span className="count">{past.total}</span></h2>
        {past.items.length === 0 ? <p className="empty">{texts.emptyPast}</p> : (
          <ul className="order-cards">{past.items.map((order) => <OrderCard key={order.orderId} order={order} perspective={perspective} />)}</ul>
        )}
        <Pager page={page} pageSize={PAST_ORDERS_PAGE_SIZE} total={past.total} />
      </section>
    </div>
  );
}
