import { useState, type FormEvent } from 'react';
import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { localeOfRequest, notFound, orNotFound } from '../app/loader-kit.ts';
import { localizedPath } from '../app/locale-path.ts';
import { order as loadOrder, product as loadProduct } from '../api/queries.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, useLocale, useLocalizedPath } from '../app/links.tsx';
import { formatDateTime, tr } from '../app/format.ts';
import { Price } from '../components/price.tsx';
import { FormError } from '../components/form-errors.tsx';
import type { Order } from '../api/view-models.ts';

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
  const start = url.searchParams.get('start');
  const startTime = start ? Date.parse(start) : NaN;
  if (item.type === 'timedService' && Number.isNaN(startTime)) return notFound();
  const slot = item.type === 'timedService' ? { start: new Date(startTime).toISOString(), end: new Date(startTime + item.serviceDuration * 60_000).toISOString() } : null;
  return { product: item, slot };
}

export function CheckoutPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const { product, slot } = useLoaderData<typeof checkoutLoader>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const notes = String(new FormData(event.currentTarget).get('notes') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const placed = await environmentOf(undefined).api.post<WriteResult>('orders', { productId: product.id, ...(slot ? { start: slot.start } : {}), ...(notes ? { notes } : {}) }, { silent: true });
      navigate(localize(`/order/${placed.id}/payment?rev=${placed.revision}`));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }
  return (
    <div className="page narrow checkout" data-testid="checkout">
      <PageMeta title={t('checkout.title')} description={t('checkout.description')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li className="is-current">{t('checkout.stepDetails')}</li><li>{t('checkout.stepPayment')}</li><li>{t('checkout.stepDone')}</li>
      </ol>
      <h1>{t('checkout.title')}</h1>
      <section className="card summary">
        <h2>{tr(product.name, locale)}</h2>
        <p>{product.introText}</p>
        {slot ? <p data-testid="checkout-slot"><strong>{t('checkout.when')}</strong> {formatDateTime(slot.start, locale)}</p> : null}
        <p className="total"><span>{t('checkout.total')}</span><Price money={product.price} className="price price-large" /></p>
      </section>
      <FormError error={error} overrides={{ 409: 'checkout.slotTaken' }} />
      <form method="post" onSubmit={submit} className="form">
        <label className="field"><span>{t('checkout.notes')}</span><textarea name="notes" maxLength={2000} rows={3} placeholder={t('checkout.notesPlaceholder')} /></label>
        <button type="submit" className="button button-primary" disabled={busy} data-testid="place-order">{t('checkout.placeOrder')}</button>
      </form>
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
  // Paid already: nothing to pay, show where the order stands.
  if (order.status !== 'new') throw redirect(localizedPath(localeOfRequest(request), `/order/${order.id}/complete`));
  return { order };
}

function OrderSummary(props: { order: Order }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = props;
  return (
    <section className="card summary" data-testid="order-summary">
      <h2>{tr(order.product.name, locale)}</h2>
      {order.slot ? <p><strong>{t('checkout.when')}</strong> {formatDateTime(order.slot.start, locale)}</p> : null}
      <p><strong>{t('order.status')}</strong> <span className={`status status-${order.status}`} data-testid="order-status">{t(`order.statuses.${order.status}`)}</span></p>
      {order.notes ? <p><strong>{t('checkout.notes')}</strong> {order.notes}</p> : null}
      <p className="total"><span>{t('checkout.total')}</span><Price money={order.total} className="price price-large" /></p>
    </section>
  );
}

export function PaymentPage() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const { order } = useLoaderData<typeof paymentLoader>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const cardNumber = String(new FormData(event.currentTarget).get('cardNumber') ?? '').replace(/[\s-]/g, '');
    setBusy(true);
    setError(null);
    try {
      const paid = await environmentOf(undefined).api.post<WriteResult>(`orders/${order.id}/pay`, { cardNumber }, { silent: true });
      navigate(localize(`/order/${order.id}/complete?rev=${paid.revision}`));
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }
  return (
    <div className="page narrow checkout" data-testid="payment">
      <PageMeta title={t('payment.title')} description={t('checkout.description')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li>{t('checkout.stepDetails')}</li><li className="is-current">{t('checkout.stepPayment')}</li><li>{t('checkout.stepDone')}</li>
      </ol>
      <h1>{t('payment.title')}</h1>
      <OrderSummary order={order} />
      <FormError error={error} overrides={{ 402: 'payment.declined' }} />
      <form method="post" onSubmit={submit} className="form card" data-testid="payment-form">
        <p className="notice">{t('payment.sandbox', { card: SANDBOX_ACCEPTED_CARD })}</p>
        <label className="field"><span>{t('payment.cardNumber')}</span>
          <input name="cardNumber" inputMode="numeric" autoComplete="cc-number" required pattern="[0-9 \-]{12,23}" dir="ltr" placeholder="4242 4242 4242 4242" data-testid="card-number" />
        </label>
        <button type="submit" className="button button-primary" disabled={busy} data-testid="pay">{t('payment.pay')}</button>
      </form>
    </div>
  );
}

export async function orderCompleteLoader({ context, request, params }: LoaderFunctionArgs) {
  return { order: await orderForCustomer(context, request, params.orderId ?? '') };
}

export function OrderCompletePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order } = useLoaderData<typeof orderCompleteLoader>();
  const paid = order.status !== 'new' && order.status !== 'canceled';
  return (
    <div className="page narrow checkout" data-testid="order-complete">
      <PageMeta title={t('order.completeTitle')} />
      <ol className="steps" aria-label={t('checkout.steps')}>
        <li>{t('checkout.stepDetails')}</li><li>{t('checkout.stepPayment')}</li><li className="is-current">{t('checkout.stepDone')}</li>
      </ol>
      <h1>{paid ? t('order.completeTitle') : t('order.title')}</h1>
      {paid ? <p className="notice notice-success" data-testid="order-paid">{t('order.thanks', { card: order.payment?.cardLast4 ?? '' })}</p> : null}
      <OrderSummary order={order} />
      {order.status === 'new' ? <LocalLink to={`/order/${order.id}/payment`} className="button button-primary">{t('payment.pay')}</LocalLink> : null}
      <h2>{t('order.timeline')}</h2>
      <ol className="timeline">
        {order.timeline.map((entry, index) => (
          <li key={index}><span className={`status status-${entry.status}`}>{t(`order.statuses.${entry.status}`, { defaultValue: entry.status })}</span> <span className="muted">{formatDateTime(entry.at, locale)}</span></li>
        ))}
      </ol>
      <p><LocalLink to="/user/dashboard/orders">{t('order.myOrders')}</LocalLink></p>
    </div>
  );
}

/** Checkout complete: the landing after an order is placed and paid, linked from notifications. */
export function CheckoutCompletePage() {
  const { t } = useTranslation();
  const { order } = useLoaderData<typeof orderCompleteLoader>();
  return (
    <div className="page narrow checkout" data-testid="checkout-complete">
      <PageMeta title={t('checkout.completeTitle')} />
      <h1>{t('checkout.completeTitle')}</h1>
      <p>{t('checkout.completeText')}</p>
      <OrderSummary order={order} />
      <LocalLink to={order.status === 'new' ? `/order/${order.id}/payment` : `/order/${order.id}/complete`} className="button button-primary">
        {order.status === 'new' ? t('payment.pay') : t('order.view')}
      </LocalLink>
    </div>
  );
}
