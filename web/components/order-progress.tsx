import { Fragment } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order, OrderStatus } from '../api/view-models.ts';
import { formatDate, formatPrice } from '../app/format.ts';
import { orderRoad } from '../../domain/order/events.ts';
import { useLocale } from '../app/links.tsx';

// Where an order stands on its way new → paid → approved → completed (DESIGN §5), each reached step
// with its time, the steps still ahead marked as such, and a cancellation as the last step with who
// canceled, why, and what of the payments is refunded (by the order's policy: docs/payments.md). A finished order in a list folds its steps
// away (`folded`), keeping the cancellation in sight.
const ROAD: readonly OrderStatus[] = orderRoad;

export function OrderProgress(props: { order: Order; folded?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  const reachedAt = new Map<string, string>();
  for (const entry of order.timeline) if (!reachedAt.has(entry.status) && entry.event !== 'OrderPaymentDeclined') reachedAt.set(entry.status, entry.at);
  const canceled = order.status === 'canceled';
  const steps = canceled ? [...ROAD.filter((status) => reachedAt.has(status)), 'canceled' as const] : ROAD;
  const when = (at: string) => formatDate(at, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const stepList = (
    <ol className="order-steps" aria-label={t('orderCard.progress')} data-testid="order-progress">
      {steps.map((status) => {
        const at = reachedAt.get(status);
        const state = status === 'canceled' ? 'is-canceled' : at ? 'is-done' : 'is-ahead';
        return (
          <Fragment key={status}>
            <li className={`order-step ${state}`} aria-current={status === order.status ? 'step' : undefined}>
              <span className="order-step-mark" aria-hidden="true" />
              <span className="order-step-label">{t(`orderCard.steps.${status}`)}</span>
              <span className="order-step-time">{at ? when(at) : t('orderCard.stepAhead')}</span>
            </li>
            {/* Each declined card is its own entry after "awaiting payment", never that step again. */}
            {status === 'new' ? order.paymentDeclines.map((decline, index) => (
              <li key={`declined-${index}`} className="order-step is-declined" data-testid="order-step-declined">
                <span className="order-step-mark" aria-hidden="true" />
                <span className="order-step-label">{t('orderCard.paymentDeclinedStep')}</span>
                <span className="order-step-time">{when(decline.at)}</span>
              </li>
            )) : null}
          </Fragment>
        );
      })}
    </ol>
  );
  return (
    <div className="order-progress">
      {props.folded ? (
        <details className="order-history">
          <summary>{t('orderCard.history')}</summary>
          {stepList}
        </details>
      ) : stepList}
      {order.cancellation ? (
        <p className="order-cancellation" data-testid="order-cancellation">
          <strong>{t(`orderCard.canceledBy.${order.cancellation.byRole}`, { defaultValue: t('orderCard.canceledBy.system') })}</strong>{' '}
          {t('orderCard.cancelReason')} <bdi>{order.cancellation.reason}</bdi>
          <CancellationRefund order={order} />
        </p>
      ) : null}
    </div>
  );
}

/** What a cancel gave back (the refunds it recorded, made or still owed), or that the policy gave back nothing of a paid order. */
function CancellationRefund(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cancellation = props.order.cancellation;
  if (!cancellation) return null;
  const refunds = cancellation.refunds ?? [];
  const amount = refunds.reduce((sum, refund) => sum + refund.amount.amountMinor, 0);
  if (amount === 0) return props.order.paid.amountMinor > 0 ? <> {t('orderCard.cancelNoRefund')}</> : null;
  const made = refunds.every((refund) => refund.refundedAt !== null);
  const values = { amount: formatPrice({ amountMinor: amount, currency: 'ILS' }, locale), percent: cancellation.refundPercent ?? 100 };
  return <> <span data-testid="order-cancellation-refund">{t(made ? 'orderCard.cancelRefunded' : 'orderCard.cancelRefundOwed', values)}</span></>;
}
