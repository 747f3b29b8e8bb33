import { Form, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { localeOfRequest, notFound, orNotFound } from '../app/loader-kit.ts';
import { localizedPath } from '../app/locale-path.ts';
import { order as loadOrder, product as loadProduct } from '../api/queries.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, useLocale } from '../app/links.tsx';
import { formatDate, formatDateTime, formatPrice, tr } from '../app/format.ts';
import { Price } from '../components/price.tsx';
import { PaymentTermsSummary } from '../components/payment-terms-summary.tsx';
import { Translated, WrittenText } from '../components/translated.tsx';
import { FormError } from '../components/form-errors.tsx';
import { ApiError } from '../api/api-error.ts';
import { FieldError, fieldErrorsOf } from '../components/field-error.tsx';
import { refused, revivedError, textOf, useActionFailure, useSubmitting, useTypedValues } from '../app/form-action.ts';
import { SlotHoldNotice } from '../components/slot-hold-notice.tsx';
import { OrderProgress } from '../components/order-progress.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderReviewPanel } from '../components/order-review.tsx';
import { orderPermissions } from '../app/order-permissions.ts';
import { useLiveOrders } from '../app/live-orders.ts';
import { useRootData } from '../app/root-data.ts';
import type { Order } from '../api/view-models.ts';
import { EventDetailsFacts, EventDetailsFields, EventDetailsPanel, eventDetailErrorsOf, eventDetailsFromForm, otherFailure, withMissingDate } from '../components/event-details.tsx';
import { israelDate } from '../app/israel-calendar.ts';
import { balancePayable, cardNumberOf, instalmentsOf, InstalmentsSelect, OrderBalanceForm, OrderMoney } from '../components/order-money.tsx';
import { OrderReceipts } from '../components/order-receipts.tsx';

// Standard checkout → order payment page (sandbox gateway) → order complete (DESIGN §5 lifecycle).
interface WriteResult { id: string; revision: number }
export const SANDBOX_ACCEPTED_CARD = '4242424242424242';

export async function checkoutLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const url = new URL(request.url);
  const productId = url.searchParams.get('productId');
  if (!productId) return notFound();
  const item = await orNotFound(loadProduct(environment.api, productId));
  // A contract package is bought through a quote (docs/quotes.md): its checkout is the artist's quote request.
  if (item.type === 'contractService') throw redirect(localizedPath(localeOfRequest(request), `/user/dashboard/quotes/new?vendor=${encodeURIComponent(item.vendorId)}`));
  const start = url.searchParams.get('start');
  const startTime = start ? Date.parse(start) : NaN;
  if (item.type === 'timedService' && Number.isNaN(startTime)) return notFound();
  const slot = item.type === 'timedService' ? { start: new Date(startTime).toISOString(), end: new Date(startTime + item.serviceDuration * 60_000).toISOString() } : null;
  return { product: item, slot };
}

/** Places the order (the slot of a timed service reserved with it), then on to its payment page. */
export async function checkoutAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const url = new URL(request.url);
  const start = url.searchParams.get('start');
  const form = await request.formData();
  const notes = textOf(form, 'notes');
  // The event's details (issue 22): a timed service's event starts at its slot, so only other products send a date.
  const { body: eventDetails, values } = eventDetailsFromForm(form, Boolean(start));
  let placed: WriteResult;
  try {
    placed = await environment.api.post<WriteResult>('orders', { productId: url.searchParams.get('productId') ?? '', ...(start ? { start } : {}), ...(notes ? { notes } : {}), eventDetails }, { silent: true });
  } catch (error) {
    return refused(withMissingDate(error, eventDetails, Boolean(start), 'eventDetails.'), '', { notes, ...values });
  }
  return redirect(localizedPath(localeOfRequest(request), `/order/${placed.id}/payment?rev=${placed.revision}`), 303);
}

export function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { product, slot } = useLoaderData<typeof checkoutLoader>();
  const failure = useActionFailure();
  const busy = useSubmitting();
  const notesError = fieldErrorsOf(failure).notes;
  const typed = useTypedValues();
  const { now } = useRootData();
  const eventErrors = eventDetailErrorsOf(failure, t);
  const eventFailure = Object.keys(eventErrors).length > 0;
  return (
    <div className="page narrow checkout" data-testid="checkout">
      <PageMeta title={t('checkout.title')} description={t('checkout.description')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li className="is-current">{t('checkout.stepDetails')}</li><li>{t('checkout.stepPayment')}</li><li>{t('checkout.stepDone')}</li>
      </ol>
      <h1>{t('checkout.title')}</h1>
      <section className="card summary">
        <Translated as="h2" value={product.name} />
        <Translated as="p" value={product.introText} />
        {slot ? <p data-testid="checkout-slot"><strong>{t('checkout.when')}</strong> {formatDateTime(slot.start, locale)}</p> : null}
        <p className="total"><span>{t('checkout.total')}</span><Price money={product.price} className="price price-large" /></p>
        <PaymentTermsSummary terms={product.paymentTerms} price={product.price} open heading="h3" />
      </section>
      {eventFailure ? <div className="form-error" role="alert" data-testid="form-error"><p>{t('eventDetails.errors.summary')}</p></div> : null}
      <FormError error={otherFailure(failure, eventErrors)} overrides={{ 409: refusedAsRestTime(failure) ? 'jewishCalendar.restRefused' : 'checkout.slotTaken' }} />
      <Form method="post" className="form checkout-form" noValidate>
        <p className="muted">{t('eventDetails.intro')}</p>
        <EventDetailsFields values={typed} errors={eventErrors} slotStart={slot?.start ?? null} today={israelDate(now)} />
        <label className="field"><span>{t('checkout.notes')}</span>
          <textarea name="notes" defaultValue={typed.notes} maxLength={2000} rows={3} placeholder={t('checkout.notesPlaceholder')}
            aria-invalid={notesError ? true : undefined} aria-describedby={notesError ? 'notes-error' : undefined} data-testid="checkout-notes" />
          <FieldError id="notes-error" message={notesError} />
        </label>
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="place-order">{t('checkout.placeOrder')}</button>
      </Form>
    </div>
  );
}

async function orderForCustomer(context: unknown, request: Request, orderId: string): Promise<Order> {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const revision = Number.parseInt(new URL(request.url).searchParams.get('rev') ?? '', 10);
  return orNotFound(loadOrder(environment.api, orderId, Number.isFinite(revision) && revision >= 0 ? revision : undefined));
}

export async function paymentLoader({ context, request, params }: LoaderFunctionArgs) {
  const order = await orderForCustomer(context, request, params.orderId ?? '');
  // Paid already, or not this person's to pay (the artist): nothing to pay, show where the order stands.
  const user = await environmentOf(context).currentUser();
  if (!orderPermissions(order, user, Date.now()).pay) throw redirect(localizedPath(localeOfRequest(request), `/order/${order.orderId}/complete`));
  return { order };
}

function OrderSummary(props: { order: Order; withEvent?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  return (
    <section className="card summary" data-testid="order-summary">
      <Translated as="h2" value={order.product.name} />
      {tr(order.vendorName, locale) ? <p><strong>{t('orderCard.artist')}:</strong> <Translated testId="order-artist" value={order.vendorName} /></p> : null}
      {order.slot ? <p><strong>{t('checkout.when')}</strong> {formatDateTime(order.slot.start, locale)}</p> : null}
      <p><strong>{t('order.status')}</strong> <span className={`status status-${order.status}`} data-testid="order-status">{t(`order.statuses.${order.status}`)}</span></p>
      {order.notes ? <p><strong>{t('checkout.notes')}</strong> <WrittenText as="bdi" text={order.notes} /></p> : null}
      {props.withEvent ? <EventDetailsFacts order={order} compact /> : null}
      <p className="total"><span>{t('checkout.total')}</span><Price money={order.total} className="price price-large" /></p>
    </section>
  );
}

/** Pays the order with the sandbox gateway (SPEC: 4242… accepted, 4000…0002 declined: 402), then on to the order page. */
export async function paymentAction({ context, request, params }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const orderId = params.orderId ?? '';
  const form = await request.formData();
  const instalments = instalmentsOf(form);
  let paid: WriteResult;
  try {
    paid = await environment.api.post<WriteResult>(`orders/${encodeURIComponent(orderId)}/pay`, { cardNumber: cardNumberOf(form), ...(instalments ? { instalments } : {}) }, { silent: true });
  } catch (error) {
    return refused(error, '', { instalments: String(instalments ?? '') });
  }
  return redirect(localizedPath(localeOfRequest(request), `/order/${orderId}/complete?rev=${paid.revision}`), 303);
}

export function PaymentPage() {
  const { t } = useTranslation();
  const { order } = useLoaderData<typeof paymentLoader>();
  const failure = useActionFailure();
  const busy = useSubmitting();
  const locale = useLocale();
  const typed = useTypedValues();
  const errors = fieldErrorsOf(failure);
  const cardError = errors.cardNumber;
  // The first payment as the order's terms give it (docs/payments.md): the deposit now and the balance by its date, or the whole price.
  const plan = order.paymentPlan;
  const first = formatPrice(plan.first, locale);
  const deposit = plan.part === 'deposit';
  return (
    <div className="page narrow checkout" data-testid="payment">
      <PageMeta title={t('payment.title')} description={t('checkout.description')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li>{t('checkout.stepDetails')}</li><li className="is-current">{t('checkout.stepPayment')}</li><li>{t('checkout.stepDone')}</li>
      </ol>
      <h1>{t('payment.title')}</h1>
      <OrderSummary order={order} withEvent />
      {/* A hold that ran out between loading and paying (without scripts the notice does not tick) is said in the page's language. */}
      <FormError error={failure && !(failure.status === 422 && (cardError || errors.instalments)) ? failure : null}
        overrides={failure?.problem.code === 'order.hold-expired' ? { 409: 'slotHold.expiredTitle' } : { 402: 'payment.declined' }} />
      <Form method="post" className="form card" data-testid="payment-form">
        {deposit ? (
          <p className="notice deposit-step" data-testid="deposit-step">
            {plan.balanceDueAt
              ? t('orderMoney.depositStep', { deposit: first, balance: formatPrice(plan.balance, locale), date: formatDate(plan.balanceDueAt, locale, { dateStyle: 'medium' }) })
              : t('orderMoney.depositStepNoDate', { deposit: first, balance: formatPrice(plan.balance, locale) })}
          </p>
        ) : null}
        <SlotHoldNotice order={order} />
        <p className="notice">{t('payment.sandbox', { card: SANDBOX_ACCEPTED_CARD })}</p>
        <label className="field"><span>{t('payment.cardNumber')}</span>
          <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required pattern="[0-9 \-]{12,23}" dir="ltr" placeholder="4242 4242 4242 4242"
            aria-invalid={cardError ? true : undefined} aria-describedby={cardError ? 'card-number-error' : undefined} data-testid="card-number" />
          <FieldError id="card-number-error" message={cardError} />
        </label>
        <InstalmentsSelect amount={plan.first} most={order.terms?.maxInstalments ?? 1} defaultValue={typed.instalments} error={errors.instalments} />
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="pay">
          {t(deposit ? 'orderMoney.payDeposit' : 'orderMoney.payFull', { amount: first })}
        </button>
      </Form>
    </div>
  );
}

export async function orderCompleteLoader({ context, request, params }: LoaderFunctionArgs) {
  return { order: await orderForCustomer(context, request, params.orderId ?? '') };
}

/**
 * The order page: where the order stands (progress, live), and what the signed-in person may do
 * now by the lifecycle (domain/order/may.ts): the customer pays a new order, cancels with a reason,
 * reviews a completed one; the artist or an admin opening it approves, completes or cancels.
 */
export function OrderCompletePage() {
  const { t } = useTranslation();
  const { user, now } = useRootData();
  const { order } = useLoaderData<typeof orderCompleteLoader>();
  useLiveOrders((orderId) => orderId === order.orderId);
  const permissions = orderPermissions(order, user, now);
  const isCustomer = user?.uuid === order.customerId;
  const paid = order.status !== 'new' && order.status !== 'canceled';
  return (
    <div className="page narrow checkout order-page" data-testid="order-complete">
      <PageMeta title={paid ? t('order.paymentReceivedTitle') : t('order.title')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li>{t('checkout.stepDetails')}</li><li>{t('checkout.stepPayment')}</li><li className="is-current">{t('checkout.stepDone')}</li>
      </ol>
      {/* Says what happened: the payment went through (the order itself is done only when the artist completes it). */}
      <h1 data-testid="order-complete-title">{paid ? t('order.paymentReceivedTitle') : t('order.title')}</h1>
      {isCustomer && order.status === 'payed' ? <p className="notice notice-success" data-testid="order-paid">{t('order.paymentReceivedText', { card: order.payment?.cardLast4 ?? '' })}</p> : null}
      {isCustomer && order.status !== 'payed' ? <p className={order.status === 'canceled' ? 'notice' : 'notice notice-success'} data-testid="order-status-note">{t(`customerOrders.statusNote.${order.status}`)}</p> : null}
      <OrderSummary order={order} />
      <OrderMoney order={order} />
      <OrderReceipts order={order} />
      {balancePayable(order, user?.uuid) ? <OrderBalanceForm order={order} /> : null}
      <EventDetailsPanel order={order} user={user} now={now} />
      <OrderActions order={order} permissions={permissions} />
      <h2>{t('order.timeline')}</h2>
      <OrderProgress order={order} />
      <OrderReviewPanel order={order} permissions={permissions} perspective={isCustomer ? 'customer' : 'vendor'} heading="h3" />
      <p>
        {user?.Vendor?.id === order.vendorId
          ? <LocalLink to="/user/dashboard/vendor/orders">{t('dashboard.items.vendor/orders')}</LocalLink>
          : <LocalLink to="/user/dashboard/orders">{t('order.myOrders')}</LocalLink>}
      </p>
    </div>
  );
}

/** Checkout complete: the landing after an order is placed and paid, linked from notifications. */
export function CheckoutCompletePage() {
  const { t } = useTranslation();
  const { user, now } = useRootData();
  const { order } = useLoaderData<typeof orderCompleteLoader>();
  const pay = orderPermissions(order, user, now).pay;
  return (
    <div className="page narrow checkout" data-testid="checkout-complete">
      <PageMeta title={t('checkout.completeTitle')} />
      <h1>{t('checkout.completeTitle')}</h1>
      <p>{t('checkout.completeText')}</p>
      <OrderSummary order={order} withEvent />
      <LocalLink to={pay ? `/order/${order.orderId}/payment` : `/order/${order.orderId}/complete`} className="button button-primary">
        {pay ? t('payment.pay') : t('order.view')}
      </LocalLink>
    </div>
  );
}

/** A slot refused because the artist does not perform on Shabbat or the holiday then, in the event's city (docs/jewish-calendar.md). */
function refusedAsRestTime(failure: unknown): boolean {
  const error = failure ? revivedError(failure) : null;
  return error instanceof ApiError && error.problem.code === 'calendar.rest-time';
}
