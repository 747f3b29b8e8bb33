import { useEffect, useId, useState } from 'react';
import { Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order } from '../api/view-models.ts';
import { awaitOrderRevision } from '../api/queries.ts';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting } from '../app/form-action.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { eventTimesOf, type OrderPermissions } from '../app/order-permissions.ts';
import { completableFrom } from '../../domain/order/may.ts';
import { formatDateTime, formatPrice } from '../app/format.ts';
import { useDisclosure } from './disclosure.ts';
import { useRootData } from '../app/root-data.ts';
import { errorAt, FieldError, fieldErrorsOf } from './field-error.tsx';
import { FormError } from './form-errors.tsx';

// The lifecycle buttons of one order, each shown only where the permissions (domain/order/may.ts)
// allow it: Pay now (the customer, new), Approve and Complete (the vendor or an admin), Cancel with a
// reason, asked for in a small form that is also the confirmation and says, before one confirms, what
// the cancel would refund (the order answer's `cancellationPreview`: by the policy for the customer, in
// full for the vendor unless the balance is overdue; docs/payments.md). Before the order's event is over
// the vendor sees when it can be completed instead of the Complete button, which appears by itself
// once it is (the decider refuses it until then, 409 order.event-not-over, worded if it happens anyway). The buttons post to the page's
// route action (orderAction, also without JavaScript), which writes and waits until the views hold
// the write's revision, so the page's data read after it shows the new status.
interface WriteResult { id: string; revision: number }
const COMMANDS = ['approve', 'complete', 'cancel'] as const;
type Command = typeof COMMANDS[number];
export const ORDER_INTENT = 'order';
const intentOf = (orderId: string) => `${ORDER_INTENT}:${orderId}`;
export type OrderActionAnswer = { intent: string; done?: Command };

export async function orderAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const orderId = textOf(form, 'orderId');
  const command = COMMANDS.find((name) => name === textOf(form, 'command'));
  const intent = intentOf(orderId);
  if (!orderId || !command) throw new Response(null, { status: 400 });
  try {
    const written = await environment.api.post<WriteResult>(
      `orders/${encodeURIComponent(orderId)}/${command}`, command === 'cancel' ? { reason: textOf(form, 'reason') } : {}, { silent: true },
    );
    await awaitOrderRevision(environment.api, orderId, written.revision).catch(() => undefined);
    environment.api.clearCache();
    return { intent, done: command } satisfies OrderActionAnswer;
  } catch (error) {
    return refused(error, intent, command === 'cancel' ? typedValues(form, 'reason') : {});
  }
}

/** Longest wait setTimeout takes (about 24.8 days); a later event is offered after any reload before it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether `at` (ISO) has passed by the browser's clock, turning true when it does: the page is rendered
 * with the server's time of its load (RootData.now, the same in the server pass and hydration), so a
 * page kept open, or reached later by client navigation, offers Complete once the event is over without
 * a reload.
 */
function usePassed(at: string | null): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    setPassed(false);
    if (!at) return;
    const wait = Math.max(Date.parse(at) - Date.now(), 0);
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setPassed(true), wait);
    return () => clearTimeout(timer);
  }, [at]);
  return passed;
}

export function OrderActions(props: { order: Order; permissions: OrderPermissions }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  // Waiting for the event (completeAfter) means this person completes it once it is over.
  const over = usePassed(props.permissions.completeAfter);
  const permissions = over ? { ...props.permissions, complete: true, completeAfter: null } : props.permissions;
  const intent = intentOf(order.orderId);
  const answer = useActionAnswer<OrderActionAnswer & { values?: Record<string, string> }>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const cancelForm = useDisclosure('cancel', order.orderId, answer?.done);
  const formId = useId();

  if (!permissions.pay && !permissions.approve && !permissions.complete && !permissions.cancel && !permissions.completeAfter) return null;
  const fieldErrors = fieldErrorsOf(failure);
  // The event was not over after all (a page kept open from before its time changed, another clock): say when it will be.
  const completableAt = failure?.problem.code === 'order.event-not-over' ? completableFrom(eventTimesOf(order)) : null;
  const tooEarly = completableAt ? formatDateTime(completableAt, locale) : null;
  const reasonError = errorAt(fieldErrors, 'reason');
  const reasonErrorId = `${formId}-reason-error`;
  const canceling = cancelForm.open && permissions.cancel;
  const hidden = (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={order.orderId} />
    </>
  );
  return (
    <div className="order-actions-area">
      {!canceling ? (
        // The buttons are a named group; a <form> may not take that role (axe: aria-allowed-role).
        <Form method="post" preventScrollReset>
          <div className="order-actions" role="group" aria-label={t('orderCard.actions')}>
            {hidden}
            {permissions.pay ? (
              <LocalLink to={`/order/${order.orderId}/payment`} className="button button-primary" data-testid="order-pay">{t('payment.pay')}</LocalLink>
            ) : null}
            {permissions.approve ? (
              <button type="submit" name="command" value="approve" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="order-approve">
                {busy ? t('orderCard.approving') : t('orderCard.approve')}
              </button>
            ) : null}
            {permissions.complete ? (
              <button type="submit" name="command" value="complete" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="order-complete-action">
                {busy ? t('orderCard.completing') : t('orderCard.complete')}
              </button>
            ) : null}
            {permissions.cancel ? (
              // A link, so that it opens the cancel form without JavaScript too (?cancel=<order id>).
              <a role="button" className="button button-quiet-danger" aria-disabled={busy || undefined} {...cancelForm.openLink} data-testid="order-cancel">
                {t('orderCard.cancel')}
              </a>
            ) : null}
          </div>
        </Form>
      ) : null}
      {!canceling && permissions.completeAfter ? (
        <p className="muted order-complete-after" data-testid="order-complete-after">
          {t('orderCard.completeAfter', { date: formatDateTime(permissions.completeAfter, locale) })}
        </p>
      ) : null}
      {canceling ? (
        <Form method="post" preventScrollReset noValidate className="order-cancel-form" aria-labelledby={`${formId}-title`} data-testid="order-cancel-form">
          {hidden}
          <input type="hidden" name="command" value="cancel" />
          <p className="order-cancel-title" id={`${formId}-title`}>{t('orderCard.cancelTitle')}</p>
          <label className="field">
            <span>{t('orderCard.cancelReasonLabel')}</span>
            <textarea
              name="reason" required maxLength={500} rows={2} autoFocus defaultValue={answer?.values?.reason ?? ''}
              aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? reasonErrorId : undefined} data-testid="order-cancel-reason"
            />
            <FieldError id={reasonErrorId} message={reasonError} />
          </label>
          <CancelRefundPreview order={order} />
          <div className="order-actions">
            <button type="submit" className="button button-danger" disabled={busy} aria-busy={busy} data-testid="order-cancel-confirm">
              {busy ? t('orderCard.canceling') : t('orderCard.confirmCancel')}
            </button>
            <a role="button" className="button" {...cancelForm.closeLink}>{t('orderCard.keepOrder')}</a>
          </div>
        </Form>
      ) : null}
      {tooEarly ? (
        <div className="form-error" role="alert" data-testid="form-error"><p>{t('orderCard.completeTooEarly', { date: tooEarly })}</p></div>
      ) : failure && !(failure.status === 422 && reasonError) ? <FormError error={failure} /> : null}
    </div>
  );
}

/**
 * What confirming the cancel would refund, as the order answer worked it out for this person now
 * (`cancellationPreview`): the customer reads what they get back by the policy; the artist or an admin
 * what the customer gets back (by the policy when the balance is overdue). Nothing when nothing was paid.
 */
function CancelRefundPreview(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user } = useRootData();
  const { order } = props;
  const preview = order.cancellationPreview;
  if (!preview || order.paid.amountMinor === 0) return null;
  const values = { amount: formatPrice(preview.amount, locale), percent: preview.percent, paid: formatPrice(order.paid, locale) };
  const isCustomer = user?.uuid === order.customerId;
  const key = isCustomer
    ? (preview.amount.amountMinor === 0 ? 'orderCard.refundNothingYou' : 'orderCard.refundYou')
    : order.overdue && preview.percent < 100 ? 'orderCard.refundOverdue' : 'orderCard.refundCustomer';
  return <p className="order-cancel-refund" data-testid="order-cancel-refund" data-percent={preview.percent}>{t(key, values)}</p>;
}
