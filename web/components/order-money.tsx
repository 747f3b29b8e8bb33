import { useId } from 'react';
import { Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Locale, Money, Order } from '../api/view-models.ts';
import { awaitOrderRevision } from '../api/queries.ts';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { formatDate, formatPrice } from '../app/format.ts';
import { INTENT_FIELD, refused, textOf, useActionAnswer, useActionFailure, useSubmitting } from '../app/form-action.ts';
import { useLocale } from '../app/links.tsx';
import { instalmentSchedule } from '../../domain/order/instalments.ts';
import { errorAt, FieldError, fieldErrorsOf } from './field-error.tsx';
import { FormError } from './form-errors.tsx';
import { Price } from './price.tsx';

// An order's money on its page (issue 26, docs/payments.md): the total, what was paid, the balance due
// and by when (overdue highlighted, to customer and artist alike), each payment with its card
// instalments and what a cancel gave back of it; the customer's "Pay balance" form while something is
// due; and the instalments select the payment forms share. Every amount is the order answer's, which
// the views work out with domain/order/order-money.ts over the order's events; the instalment schedule
// is domain/order/instalments.ts (no zod, so it may run in the browser).

interface WriteResult { id: string; revision: number }
export const BALANCE_INTENT = 'balance';
const balanceIntentOf = (orderId: string) => `${BALANCE_INTENT}:${orderId}`;
export type BalanceActionAnswer = { intent: string; done?: 'balance' };

const dateOnly = (iso: string, locale: Locale) => formatDate(iso, locale, { dateStyle: 'medium' });

/** A card number as typed, without the spaces and dashes people put between groups. */
export const cardNumberOf = (form: FormData): string => textOf(form, 'cardNumber').replace(/[\s-]/g, '');

/** The instalments chosen (1 when the form has no select: the order is paid in one payment). */
export function instalmentsOf(form: FormData): number | undefined {
  const value = textOf(form, 'instalments');
  return value ? Number.parseInt(value, 10) : undefined;
}

/** Pays the balance (POST /api/orders/:id/balance) and waits until the views hold it, so the page read after shows it paid. */
export async function balanceAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const orderId = textOf(form, 'orderId');
  const intent = balanceIntentOf(orderId);
  if (!orderId) throw new Response(null, { status: 400 });
  const instalments = instalmentsOf(form);
  try {
    const written = await environment.api.post<WriteResult>(
      `orders/${encodeURIComponent(orderId)}/balance`, { cardNumber: cardNumberOf(form), ...(instalments ? { instalments } : {}) }, { silent: true },
    );
    await awaitOrderRevision(environment.api, orderId, written.revision).catch(() => undefined);
    environment.api.clearCache();
    return { intent, done: 'balance' } satisfies BalanceActionAnswer;
  } catch (error) {
    return refused(error, intent, { instalments: String(instalments ?? '') });
  }
}

/** A payment's instalments, each with its amount and the day the card is charged it. */
function InstalmentList(props: { amount: Money; instalments: number; at: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const schedule = instalmentSchedule(props.amount, props.instalments, props.at);
  return (
    <ol className="instalment-schedule" aria-label={t('orderMoney.schedule')} data-testid="instalment-schedule">
      {schedule.map((instalment) => (
        <li key={instalment.number}>
          <span>{t('orderMoney.instalmentOn', { number: instalment.number, date: dateOnly(instalment.chargedAt, locale) })}</span>{' '}
          <Price money={instalment.amount} />
        </li>
      ))}
    </ol>
  );
}

/**
 * A select of 1 to `most` instalments for paying `amount` (each option says what the first and the
 * others come to); nothing when the order is paid in one payment.
 */
export function InstalmentsSelect(props: { amount: Money; most: number; defaultValue?: string; error?: string | null; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  if (props.most <= 1) return null;
  const errorId = `${id}-error`;
  return (
    <label className="field">
      <span>{t('orderMoney.instalments')}</span>
      <select name="instalments" defaultValue={props.defaultValue || '1'} aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined} data-testid={props.testId ?? 'instalments'}>
        {Array.from({ length: props.most }, (_, index) => index + 1).map((count) => {
          const [first, second] = instalmentSchedule(props.amount, count, new Date(0).toISOString());
          return (
            <option key={count} value={count}>
              {count === 1
                ? t('orderMoney.onePayment', { amount: formatPrice(props.amount, locale) })
                : t('orderMoney.payments', { n: count, first: formatPrice(first!.amount, locale), each: formatPrice(second!.amount, locale) })}
            </option>
          );
        })}
      </select>
      <FieldError id={errorId} message={props.error} />
    </label>
  );
}

/** The total, paid, the balance due and its date, and each payment with its schedule and refund. */
export function OrderMoney(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  const titleId = useId();
  const due = order.balanceDue.amountMinor > 0 && order.status !== 'canceled';
  // Before the first payment, what the terms leave for later: the balance after the deposit, by its date.
  const unpaid = order.payments.length === 0;
  const dueAt = unpaid ? order.paymentPlan.balanceDueAt : order.balanceDueAt;
  const showDue = order.status !== 'canceled' && (!unpaid || order.paymentPlan.part === 'deposit');
  return (
    <section className="card order-money" aria-labelledby={titleId} data-testid="order-money">
      <h2 id={titleId}>{t('orderMoney.title')}</h2>
      <dl className="order-facts order-money-facts">
        <div><dt>{t('orderMoney.total')}</dt><dd data-testid="order-money-total"><Price money={order.total} /></dd></div>
        <div><dt>{t('orderMoney.paid')}</dt><dd data-testid="order-money-paid"><Price money={order.paid} /></dd></div>
        {showDue ? (
          <div className={order.overdue ? 'is-overdue' : undefined}>
            <dt>{t('orderMoney.balanceDue')}</dt>
            <dd data-testid="order-money-due">
              <Price money={unpaid ? order.paymentPlan.balance : order.balanceDue} />
              {(due || unpaid) && dueAt ? (
                <span className="order-money-when" data-testid="order-money-due-date">
                  {' '}{t(order.overdue ? 'orderMoney.overdueSince' : 'orderMoney.dueBy', { date: dateOnly(dueAt, locale) })}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {order.overdue && order.status !== 'canceled' ? <p className="notice notice-warning order-overdue" role="status" data-testid="order-overdue">{t('orderMoney.overdueNote')}</p> : null}
      {order.payments.length > 0 ? (
        <ul className="order-payments" data-testid="order-payments">
          {order.payments.map((payment) => (
            <li key={payment.paymentId} className="order-payment" data-testid="order-payment" data-part={payment.part}>
              <p className="order-payment-head">
                <strong>{t(`orderMoney.parts.${payment.part}`)}</strong>{' '}<Price money={payment.amount} />
                <span className="muted">
                  {' · '}{payment.instalments > 1 ? t('orderMoney.inInstalments', { n: payment.instalments }) : t('orderMoney.inOne')}
                  {' · '}<bdi dir="ltr">•••• {payment.cardLast4}</bdi>{' · '}{dateOnly(payment.at, locale)}
                </span>
              </p>
              {payment.instalments > 1 ? <InstalmentList amount={payment.amount} instalments={payment.instalments} at={payment.at} /> : null}
              {payment.refund ? (
                <p className="order-payment-refund" data-testid="order-payment-refund">
                  {t(payment.refund.refundedAt ? 'orderMoney.refunded' : 'orderMoney.refundOwed', { amount: formatPrice(payment.refund.amount, locale) })}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The customer pays the balance: what is due, by when, the card and the instalments. */
export function OrderBalanceForm(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  const intent = balanceIntentOf(order.orderId);
  const answer = useActionAnswer<BalanceActionAnswer & { values?: Record<string, string> }>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const id = useId();
  const errors = fieldErrorsOf(failure);
  const cardError = errorAt(errors, 'cardNumber');
  const instalmentsError = errorAt(errors, 'instalments');
  const amount = formatPrice(order.balanceDue, locale);
  return (
    <Form method="post" preventScrollReset noValidate className="form card order-balance-form" aria-labelledby={`${id}-title`} data-testid="balance-form">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={order.orderId} />
      <h2 id={`${id}-title`}>{t('orderMoney.payBalanceTitle')}</h2>
      <p className={order.overdue ? 'notice notice-warning' : 'notice'} data-testid="balance-due-note">
        {order.balanceDueAt
          ? t(order.overdue ? 'orderMoney.balanceOverdueText' : 'orderMoney.balanceDueText', { amount, date: dateOnly(order.balanceDueAt, locale) })
          : t('orderMoney.balanceText', { amount })}
      </p>
      <FormError error={failure && !(failure.status === 422 && (cardError || instalmentsError)) ? failure : null} overrides={{ 402: 'payment.declined' }} />
      <label className="field"><span>{t('payment.cardNumber')}</span>
        <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required pattern="[0-9 \-]{12,23}" dir="ltr" placeholder="4242 4242 4242 4242"
          aria-invalid={cardError ? true : undefined} aria-describedby={cardError ? `${id}-card-error` : undefined} data-testid="balance-card-number" />
        <FieldError id={`${id}-card-error`} message={cardError} />
      </label>
      <InstalmentsSelect amount={order.balanceDue} most={order.terms?.maxInstalments ?? 1} defaultValue={answer?.values?.instalments} error={instalmentsError} testId="balance-instalments" />
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="pay-balance">
        {busy ? t('orderMoney.paying') : t('orderMoney.payBalance', { amount })}
      </button>
    </Form>
  );
}

/** Whether the signed-in customer has a balance to pay on this order now. */
export const balancePayable = (order: Order, userId: string | null | undefined): boolean =>
  userId === order.customerId && ['payed', 'approved', 'completed'].includes(order.status) && order.balanceDue.amountMinor > 0;
