import { useEffect, useId, useState, type FormEvent } from 'react';
import { data, Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate, tr } from '../../app/format.ts';
import { addDays, israelInstant } from '../../app/israel-calendar.ts';
import { publishToast } from '../../app/toasts.tsx';
import { INTENT_FIELD, refused, revivedError, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { useLiveQuotes } from '../../app/live-quotes.ts';
import { vendorProducts } from '../../api/queries.ts';
import { vendorQuoteRequest, vendorQuoteRequests, type QuoteInboxItem, type Written } from '../../api/quotes.ts';
import type { ProductSummary } from '../../api/view-models.ts';
import { Price } from '../../components/price.tsx';
import { Translated } from '../../components/translated.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';
import { formatDay, RequestFacts } from '../dashboard/quotes.tsx';

// The artist's incoming quote requests (docs/quotes.md), `/user/dashboard/vendor/quotes`: each request
// with the customer's details and the artist's own answer. While it waits for one: the quote form —
// price, what it includes, valid until (a day; the quote holds to its end, Israel time), and the
// package or fixed service it is for — or a decline with an optional reason. Then the quote as sent,
// and what became of it (accepted: the contract or order; not chosen; canceled; expired). Forms post to
// the route's action (also without JavaScript); pushed notices refresh the list.
type AnswerIntent = 'quote' | 'decline';
type InboxAnswer = { intent: string; done?: AnswerIntent; invalid?: Partial<Record<QuoteField, true>>; values?: Record<string, string> };
const QUOTE_FIELDS = ['price', 'included', 'validUntil', 'productId'] as const;
type QuoteField = typeof QUOTE_FIELDS[number];

export async function vendorQuotesLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await noInactiveRegistration(environment, request);
  const [requests, products] = await Promise.all([vendorQuoteRequests(environment.api), vendorProducts(environment.api, user.vendorId).catch(() => [] as ProductSummary[])]);
  return { requests, products: products.filter((product) => product.type === 'contractService' || product.type === 'default') };
}

const israelToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The quote's body, or the fields the browser can already tell are wrong. A day's quote holds until its end in Israel. */
function quoteBodyOf(values: Record<string, string>): { body: Record<string, unknown> | null; problems: Partial<Record<QuoteField, true>> } {
  const problems: Partial<Record<QuoteField, true>> = {};
  const shekels = Number((values.price ?? '').replace(',', '.'));
  if (!values.price?.trim() || !Number.isFinite(shekels) || shekels < 0) problems.price = true;
  if (!values.included?.trim()) problems.included = true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.validUntil ?? '') || values.validUntil! < israelToday()) problems.validUntil = true;
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return {
    body: {
      price: { amountMinor: Math.round(shekels * 100), currency: 'ILS' }, included: values.included!.trim(),
      validUntil: israelInstant(addDays(values.validUntil!, 1), 0).toISOString(), ...(values.productId ? { productId: values.productId } : {}),
    },
    problems,
  };
}

export async function vendorQuotesAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const [command, requestId = ''] = intent.split(':') as [string, string?];
  if ((command !== 'quote' && command !== 'decline') || !requestId) throw new Response(null, { status: 400 });
  const values = command === 'quote' ? typedValues(form, ...QUOTE_FIELDS) : typedValues(form, 'reason');
  let body: Record<string, unknown>;
  if (command === 'quote') {
    const checked = quoteBodyOf(values);
    if (!checked.body) return data<InboxAnswer>({ intent, invalid: checked.problems, values }, { status: 422 });
    body = checked.body;
  } else {
    body = textOf(form, 'reason') ? { reason: textOf(form, 'reason') } : {};
  }
  try {
    const written = await environment.api.post<Written>(`quote-requests/${encodeURIComponent(requestId)}/${command}`, body, { silent: true });
    await vendorQuoteRequest(environment.api, requestId, written.revision, { silent: true }).catch(() => undefined);
    return { intent, done: command } satisfies InboxAnswer;
  } catch (error) {
    return refused(error, intent, values);
  }
}

function useDoneToast(intent: string) {
  const done = useSettledAnswer<InboxAnswer>(intent)?.done;
  useEffect(() => {
    if (done) publishToast({ kind: 'success', messageKey: done === 'quote' ? 'quotes.answer.done' : 'quotes.answer.declineDone' });
  }, [done]);
}

function QuoteForm(props: { item: QuoteInboxItem; products: ProductSummary[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const intent = `quote:${props.item.requestId}`;
  const busy = useSubmitting(intent);
  const failure = useActionFailure(intent);
  const answer = useActionAnswer<InboxAnswer>(intent);
  const refusedFields = fieldErrorsOf(failure);
  const [checked, setChecked] = useState<Partial<Record<QuoteField, true>> | null>(null);
  useDoneToast(intent);
  const values = answer?.values ?? {};
  const problem = (field: QuoteField) => (checked?.[field] || (!checked && answer?.invalid?.[field]) || refusedFields[field] || Object.keys(refusedFields).some((name) => name.startsWith(`${field}.`)) ? t(`quotes.answer.errors.${field}`) : null);
  const problemsOf = (element: HTMLFormElement) => {
    const form = new FormData(element);
    return quoteBodyOf(Object.fromEntries(QUOTE_FIELDS.map((name) => [name, String(form.get(name) ?? '')]))).problems;
  };
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOf(event.currentTarget);
    setChecked(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  }
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (checked) setChecked(problemsOf(event.currentTarget));
  };
  const described = (field: QuoteField, hint = false) => [hint ? `${id}-${field}-hint` : '', problem(field) ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Form method="post" preventScrollReset className="form quote-answer-form" onSubmit={check} onChange={recheck} noValidate data-testid="quote-form" aria-busy={busy}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <h3>{t('quotes.answer.title')}</h3>
      <div className="quote-form-pair">
        <div className="field">
          <label htmlFor={`${id}-price`}>{t('quotes.answer.price')} <span aria-hidden="true">*</span></label>
          <input id={`${id}-price`} name="price" type="number" inputMode="decimal" min={0} step="0.01" dir="ltr" required defaultValue={values.price ?? ''}
            aria-invalid={problem('price') ? true : undefined} aria-describedby={described('price')} data-testid="quote-price" />
          <FieldError id={`${id}-price-error`} message={problem('price')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-valid`}>{t('quotes.answer.validUntil')} <span aria-hidden="true">*</span></label>
          <input id={`${id}-valid`} name="validUntil" type="date" dir="ltr" required min={israelToday()} defaultValue={values.validUntil ?? ''}
            aria-invalid={problem('validUntil') ? true : undefined} aria-describedby={described('validUntil', true)} data-testid="quote-valid-until" />
          <small id={`${id}-validUntil-hint`}>{t('quotes.answer.validUntilHint')}</small>
          <FieldError id={`${id}-validUntil-error`} message={problem('validUntil')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-included`}>{t('quotes.answer.included')} <span aria-hidden="true">*</span></label>
        <small id={`${id}-included-hint`}>{t('quotes.answer.includedHint')}</small>
        <textarea id={`${id}-included`} name="included" rows={4} maxLength={4000} dir="auto" required defaultValue={values.included ?? ''}
          aria-invalid={problem('included') ? true : undefined} aria-describedby={described('included', true)} data-testid="quote-included-input" />
        <FieldError id={`${id}-included-error`} message={problem('included')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-product`}>{t('quotes.answer.product')}</label>
        <small id={`${id}-productId-hint`}>{t('quotes.answer.productHint')}</small>
        <select id={`${id}-product`} name="productId" defaultValue={values.productId ?? ''} aria-invalid={problem('productId') ? true : undefined} aria-describedby={described('productId', true)} data-testid="quote-product">
          <option value="">{t('quotes.answer.noProduct')}</option>
          {props.products.map((product) => <option key={product.productId} value={product.productId}>{tr(product.name, locale)}</option>)}
        </select>
        <FieldError id={`${id}-productId-error`} message={problem('productId')} />
      </div>
      <FormError error={Object.keys(refusedFields).length === 0 ? revivedError(failure) : null} overrides={{ 409: 'quotes.conflict' }} />
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="send-quote">
        {busy ? t('quotes.answer.sending') : t('quotes.answer.submit')}
      </button>
    </Form>
  );
}

function DeclineForm(props: { item: QuoteInboxItem }) {
  const { t } = useTranslation();
  const id = useId();
  const intent = `decline:${props.item.requestId}`;
  const busy = useSubmitting(intent);
  const failure = useActionFailure(intent);
  useDoneToast(intent);
  return (
    <details className="quote-decline">
      <summary data-testid="open-decline">{t('quotes.answer.decline')}</summary>
      <Form method="post" preventScrollReset className="form">
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('quotes.answer.declineReason')}</label>
          <input id={`${id}-reason`} name="reason" maxLength={500} dir="auto" data-testid="decline-reason" />
        </div>
        <FormError error={revivedError(failure)} overrides={{ 409: 'quotes.conflict' }} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy} data-testid="decline-request">
          {busy ? t('quotes.answer.declining') : t('quotes.answer.declineSubmit')}
        </button>
      </Form>
    </details>
  );
}

function Fate(props: { item: QuoteInboxItem }) {
  const { t } = useTranslation();
  const { item } = props;
  if (item.status === 'accepted' && item.outcome) {
    return (
      <p className="notice notice-success" role="status" data-testid="quote-fate" data-fate="accepted">
        {t('quotes.answer.chosen')}{' '}
        <LocalLink to={item.outcome.outcome === 'contract' ? `/user/dashboard/contracts/${item.outcome.outcomeId}` : '/user/dashboard/vendor/orders'} className="button">
          {t(item.outcome.outcome === 'contract' ? 'quotes.answer.chosenContract' : 'quotes.answer.chosenOrder')}
        </LocalLink>
      </p>
    );
  }
  const key = item.status === 'notChosen' ? 'notChosen' : item.requestStatus === 'canceled' ? 'canceled' : item.status === 'expired' ? 'expired'
    : item.status === 'declined' ? 'declined' : item.requestStatus === 'accepted' ? 'closed' : null;
  return key ? <p className="notice" role="status" data-testid="quote-fate" data-fate={key}>{t(`quotes.answer.${key}`)}</p> : null;
}

function InboxCard(props: { item: QuoteInboxItem; products: ProductSummary[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { item } = props;
  const answering = item.requestStatus === 'open' && item.status === 'asked';
  return (
    <li className="card quote-inbox-card" data-testid="quote-inbox-item" data-request-id={item.requestId} data-status={item.status} data-request-status={item.requestStatus}>
      <div className="quote-request-head">
        <h2>{t(`quotes.eventTypes.${item.eventType}`)} · <span dir="auto">{item.city}</span> · {formatDay(item.eventDate, locale)}</h2>
        <span className={`status status-quote-${item.status}`} data-testid="quote-status">{t(`quotes.statuses.${item.status}`)}</span>
      </div>
      <p className="muted">{t('quotes.from', { name: item.customerName || t('quotes.someCustomer') })} · {t('quotes.sent', { date: formatDate(item.createdAt, locale, { dateStyle: 'medium' }) })}</p>
      <RequestFacts request={item} />
      {item.price ? (
        <section className="quote-own" data-testid="own-quote">
          <h3>{t('quotes.answer.yourQuote')}</h3>
          <p className="quote-price"><Price money={item.price} className="price price-large" /></p>
          {item.product ? <p className="muted">{t('quotes.product')}: <Translated value={item.product.name} /></p> : null}
          {item.included ? <div className="quote-included" dir="auto">{item.included}</div> : null}
          {item.validUntil ? <p className="muted">{t(item.status === 'expired' ? 'quotes.expiredOn' : 'quotes.validUntil', { date: formatDate(item.validUntil, locale, { dateStyle: 'medium' }) })}</p> : null}
        </section>
      ) : null}
      <Fate item={item} />
      {answering ? (<><QuoteForm item={item} products={props.products} /><DeclineForm item={item} /></>) : null}
    </li>
  );
}

export function VendorQuotesPage() {
  const { t } = useTranslation();
  const { requests, products } = useLoaderData<typeof vendorQuotesLoader>();
  useLiveQuotes('vendor');
  return (
    <DashboardLayout title={t('quotes.vendorTitle')}>
      <div className="quotes-page">
        <p className="muted">{t('quotes.vendorLead')}</p>
        {requests.length === 0 ? <div className="empty" data-testid="quotes-empty"><p>{t('quotes.vendorEmpty')}</p></div> : (
          <ul className="quote-inbox">
            {requests.map((item) => <InboxCard key={item.requestId} item={item} products={products} />)}
          </ul>
        )}
      </div>
    </DashboardLayout>
  );
}

export const vendorQuoteRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/quotes', loader: vendorQuotesLoader, action: vendorQuotesAction, Component: VendorQuotesPage },
];
