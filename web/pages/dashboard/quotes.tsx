import { useEffect, useId, useState, type FormEvent } from 'react';
import { data, Form, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { localeOfRequest } from '../../app/loader-kit.ts';
import { localizedPath } from '../../app/locale-path.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate, tr } from '../../app/format.ts';
import { publishToast } from '../../app/toasts.tsx';
import { INTENT_FIELD, refused, revivedError, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { useLiveQuotes } from '../../app/live-quotes.ts';
import { searchVendors } from '../../api/queries.ts';
import { myQuoteRequests, quoteRequest, type QuoteRequest, type VendorQuote, type Written } from '../../api/quotes.ts';
import { Price } from '../../components/price.tsx';
import { Translated } from '../../components/translated.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { eventTypes } from '../../../domain/shared/event-type.ts';
import { MAX_VENDORS_PER_REQUEST } from '../../../domain/quote-request/limits.ts';
import { DashboardLayout } from './dashboard-layout.tsx';
import type { Locale } from '../../../domain/shared/translatable.ts';

// The customer's quote requests (docs/quotes.md): `/user/dashboard/quotes` lists each request with
// every artist's answer side by side — waiting, a quote (price, what it includes, until when), a
// decline, expired — and offers "Accept" on each valid quote and "Cancel" while the request is open;
// an accepted quote links to the contract to sign or the order to pay it became. `/user/dashboard/
// quotes/new?vendor=…` asks one artist (the vendor page) or up to five (the search results). Both
// post to their route's action, so they work without JavaScript; pushed quote notices refresh them.

/** A request's day (YYYY-MM-DD, Israel) in the reader's words. */
export const formatDay = (day: string, locale: Locale): string => formatDate(`${day}T12:00:00.000Z`, locale);

export async function quotesLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const url = new URL(request.url);
  const written = url.searchParams.get('request');
  const revision = Number.parseInt(url.searchParams.get('rev') ?? '', 10);
  // After one's own write the list waits until the views hold it.
  if (written && Number.isFinite(revision)) await quoteRequest(environment.api, written, revision, { silent: true }).catch(() => null);
  return { requests: await myQuoteRequests(environment.api), highlighted: written };
}

type QuotesAnswer = { intent: string; done?: 'accept' | 'cancel' };

export async function quotesAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const [command, requestId = '', vendorId = ''] = intent.split(':');
  if ((command !== 'accept' && command !== 'cancel') || !requestId) throw new Response(null, { status: 400 });
  try {
    const written = command === 'accept'
      ? await environment.api.post<Written>(`quote-requests/${encodeURIComponent(requestId)}/accept`, { vendorId }, { silent: true })
      : await environment.api.post<Written>(`quote-requests/${encodeURIComponent(requestId)}/cancel`, {}, { silent: true });
    await quoteRequest(environment.api, requestId, written.revision, { silent: true }).catch(() => undefined);
    return { intent, done: command } satisfies QuotesAnswer;
  } catch (error) {
    return refused(error, intent);
  }
}

function useDoneToast(intent: string) {
  const done = useSettledAnswer<QuotesAnswer>(intent)?.done;
  useEffect(() => {
    if (done) publishToast({ kind: 'success', messageKey: done === 'accept' ? 'quotes.acceptDone' : 'quotes.cancelDone' });
  }, [done]);
}

function RequestFacts(props: { request: Pick<QuoteRequest, 'eventDate' | 'city' | 'eventType' | 'guests' | 'budget' | 'message'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { request } = props;
  return (
    <dl className="quote-facts">
      <dt>{t('quotes.facts.date')}</dt><dd>{formatDay(request.eventDate, locale)}</dd>
      <dt>{t('quotes.facts.city')}</dt><dd dir="auto">{request.city}</dd>
      <dt>{t('quotes.facts.eventType')}</dt><dd>{t(`quotes.eventTypes.${request.eventType}`)}</dd>
      <dt>{t('quotes.facts.guests')}</dt><dd>{request.guests.toLocaleString(locale === 'he' ? 'he-IL' : 'en-US')}</dd>
      <dt>{t('quotes.facts.budget')}</dt><dd>{request.budget ? <Price money={request.budget} /> : <span className="muted">{t('quotes.facts.noBudget')}</span>}</dd>
      <dt>{t('quotes.facts.message')}</dt><dd className="quote-message" dir="auto">{request.message}</dd>
    </dl>
  );
}
export { RequestFacts };

function QuoteCard(props: { request: QuoteRequest; quote: VendorQuote }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { request, quote } = props;
  const intent = `accept:${request.requestId}:${quote.vendorId}`;
  const busy = useSubmitting(intent);
  const failure = useActionFailure(intent);
  useDoneToast(intent);
  const name = tr(quote.vendorName, locale) || t('quotes.someArtist');
  const acceptable = request.requestStatus === 'open' && quote.status === 'quoted';
  return (
    <li className={`card quote-card quote-${quote.status}`} data-testid="quote-card" data-vendor-id={quote.vendorId} data-status={quote.status}>
      <div className="quote-card-head">
        {/* The short artist address leads to the artist's page. */}
        <h3 dir="auto"><LocalLink to={`/artists/any/${encodeURIComponent(quote.vendorId)}`}>{name}</LocalLink></h3>
        <span className={`status status-quote-${quote.status}`} data-testid="quote-status">{t(`quotes.statuses.${quote.status}`)}</span>
      </div>
      {quote.price ? <p className="quote-price"><Price money={quote.price} className="price price-large" /></p> : null}
      {quote.product ? <p className="muted">{t('quotes.product')}: <Translated value={quote.product.name} /></p> : null}
      {quote.included ? <div className="quote-included" dir="auto" data-testid="quote-included">{quote.included}</div> : null}
      {quote.validUntil && quote.status !== 'declined' ? (
        <p className="muted">{t(quote.status === 'expired' ? 'quotes.expiredOn' : 'quotes.validUntil', { date: formatDate(quote.validUntil, locale, { dateStyle: 'medium' }) })}</p>
      ) : null}
      {quote.declineReason ? <p className="muted" dir="auto">{quote.declineReason}</p> : null}
      {acceptable ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="accept-quote">
            {busy ? t('quotes.accepting') : t('quotes.accept')}
          </button>
        </Form>
      ) : null}
      <FormError error={revivedError(failure)} overrides={{ 409: 'quotes.conflict' }} />
    </li>
  );
}

function Outcome(props: { request: QuoteRequest }) {
  const { t } = useTranslation();
  const accepted = props.request.accepted;
  if (!accepted) return null;
  const contract = accepted.outcome === 'contract';
  return (
    <p className="notice notice-success quote-outcome" role="status" data-testid="quote-outcome" data-outcome={accepted.outcome}>
      {t(contract ? 'quotes.outcome.contract' : 'quotes.outcome.order')}{' '}
      <LocalLink to={contract ? `/user/dashboard/contracts/${accepted.outcomeId}` : `/order/${accepted.outcomeId}/payment`} className="button button-primary" data-testid="quote-outcome-link">
        {t(contract ? 'quotes.outcome.openContract' : 'quotes.outcome.openOrder')}
      </LocalLink>
    </p>
  );
}

function RequestCard(props: { request: QuoteRequest; highlighted: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { request } = props;
  const cancelIntent = `cancel:${request.requestId}`;
  const canceling = useSubmitting(cancelIntent);
  const cancelFailure = useActionFailure(cancelIntent);
  useDoneToast(cancelIntent);
  return (
    <li className={`quote-request${props.highlighted ? ' is-highlighted' : ''}`} data-testid="quote-request" data-request-id={request.requestId} data-status={request.requestStatus}>
      <section className="card quote-request-card">
        <div className="quote-request-head">
          <h2>{t(`quotes.eventTypes.${request.eventType}`)} · <span dir="auto">{request.city}</span> · {formatDay(request.eventDate, locale)}</h2>
          <span className={`status status-request-${request.requestStatus}`} data-testid="request-status">{t(`quotes.requestStatuses.${request.requestStatus}`)}</span>
        </div>
        <p className="muted">{t('quotes.sent', { date: formatDate(request.createdAt, locale, { dateStyle: 'medium' }) })}</p>
        <details className="quote-request-details">
          <summary>{t('quotes.facts.details')}</summary>
          <RequestFacts request={request} />
        </details>
        <Outcome request={request} />
      </section>
      <ul className="quote-grid">
        {request.quotes.map((quote) => <QuoteCard key={quote.vendorId} request={request} quote={quote} />)}
      </ul>
      {request.requestStatus === 'open' ? (
        <Form method="post" preventScrollReset className="quote-request-cancel">
          <input type="hidden" name={INTENT_FIELD} value={cancelIntent} />
          <button type="submit" className="button button-link" disabled={canceling} aria-busy={canceling} data-testid="cancel-request">
            {canceling ? t('quotes.canceling') : t('quotes.cancel')}
          </button>
          <FormError error={revivedError(cancelFailure)} overrides={{ 409: 'quotes.conflict' }} />
        </Form>
      ) : null}
    </li>
  );
}

export function QuotesPage() {
  const { t } = useTranslation();
  const { requests, highlighted } = useLoaderData<typeof quotesLoader>();
  useLiveQuotes('customer');
  return (
    <DashboardLayout title={t('quotes.title')}>
      <div className="quotes-page">
        <p className="muted">{t('quotes.lead')}</p>
        {requests.length === 0 ? (
          <div className="empty" data-testid="quotes-empty">
            <p>{t('quotes.empty')}</p>
            <LocalLink to="/search" className="button">{t('quotes.findArtists')}</LocalLink>
          </div>
        ) : (
          <ul className="quote-requests">
            {requests.map((request) => <RequestCard key={request.requestId} request={request} highlighted={request.requestId === highlighted} />)}
          </ul>
        )}
      </div>
    </DashboardLayout>
  );
}

// --- Asking for quotes ---

/** The artists a request names: `?vendor=` repeated (or comma separated), each once, at most five. */
export function vendorIdsOf(url: URL): string[] {
  const ids = url.searchParams.getAll('vendor').flatMap((value) => value.split(',')).map((id) => id.trim()).filter((id) => /^[A-Za-z0-9_-]{1,100}$/.test(id));
  return [...new Set(ids)];
}

export async function newQuoteRequestLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireUser(environment, request);
  const wanted = vendorIdsOf(new URL(request.url)).filter((id) => id !== user.Vendor?.id);
  const vendors = wanted.length === 0 ? [] : (await searchVendors(environment.api, { ids: wanted.slice(0, 20), limit: 20 }, [])).items;
  // In the order asked, each artist known to the site.
  const byId = new Map(vendors.map((vendor) => [vendor.vendorId, vendor]));
  const artists = wanted.flatMap((id) => (byId.has(id) ? [{ vendorId: id, name: byId.get(id)!.name }] : []));
  return { artists, tooMany: artists.length > MAX_VENDORS_PER_REQUEST };
}

const REQUEST_FIELDS = ['eventDate', 'city', 'eventType', 'guests', 'budget', 'message'] as const;
type RequestField = typeof REQUEST_FIELDS[number] | 'vendorIds';
type Problems = Partial<Record<RequestField, true>>;

/** Today in Israel, YYYY-MM-DD. */
const israelToday = (): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function requestBodyOf(values: Record<string, string>, vendorIds: string[]): { body: Record<string, unknown> | null; problems: Problems } {
  const problems: Problems = {};
  if (vendorIds.length === 0 || vendorIds.length > MAX_VENDORS_PER_REQUEST) problems.vendorIds = true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.eventDate ?? '') || values.eventDate! < israelToday()) problems.eventDate = true;
  if (!values.city?.trim()) problems.city = true;
  if (!(eventTypes as readonly string[]).includes(values.eventType ?? '')) problems.eventType = true;
  const guests = Number(values.guests);
  if (!Number.isInteger(guests) || guests < 1 || guests > 10_000) problems.guests = true;
  const budget = values.budget?.trim() ? Number(values.budget.replace(',', '.')) : null;
  if (budget !== null && (!Number.isFinite(budget) || budget < 0)) problems.budget = true;
  if (!values.message?.trim() || values.message.trim().length > 2000) problems.message = true;
  if (Object.keys(problems).length > 0) return { body: null, problems };
  return {
    body: {
      vendorIds, eventDate: values.eventDate, city: values.city!.trim(), eventType: values.eventType, guests, message: values.message!.trim(),
      ...(budget !== null ? { budget: { amountMinor: Math.round(budget * 100), currency: 'ILS' } } : {}),
    },
    problems,
  };
}

export async function newQuoteRequestAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const values = typedValues(form, ...REQUEST_FIELDS);
  const vendorIds = [...new Set(form.getAll('vendorIds').map(String))];
  const { body, problems } = requestBodyOf(values, vendorIds);
  if (!body) return data({ intent: '', invalid: problems, values }, { status: 422 });
  try {
    const written = await environment.api.post<Written>('quote-requests', body, { silent: true });
    return redirect(localizedPath(localeOfRequest(request), `/user/dashboard/quotes?request=${encodeURIComponent(written.id)}&rev=${written.revision}`), 303);
  } catch (error) {
    return refused(error, '', values);
  }
}

export function NewQuoteRequestPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { artists, tooMany } = useLoaderData<typeof newQuoteRequestLoader>();
  const answer = useActionAnswer<{ intent: string; invalid?: Problems; values?: Record<string, string> }>('');
  const failure = useActionFailure('');
  const busy = useSubmitting('');
  const [checked, setChecked] = useState<Problems | null>(null);
  const refusedFields = fieldErrorsOf(failure);
  const values = answer?.values ?? {};
  const problem = (field: RequestField): string | null =>
    checked?.[field] || (!checked && answer?.invalid?.[field]) || refusedFields[field] || Object.keys(refusedFields).some((name) => name.startsWith(`${field}.`))
      ? t(`quotes.request.errors.${field}`) : null;
  const problemsOf = (element: HTMLFormElement) => {
    const form = new FormData(element);
    return requestBodyOf(Object.fromEntries(REQUEST_FIELDS.map((name) => [name, String(form.get(name) ?? '')])), form.getAll('vendorIds').map(String)).problems;
  };
  function check(event: FormEvent<HTMLFormElement>) {
    const found = problemsOf(event.currentTarget);
    setChecked(found);
    if (Object.keys(found).length > 0) event.preventDefault();
  }
  // Once the browser named what is missing, each field's message goes as soon as it is put right.
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    if (checked) setChecked(problemsOf(event.currentTarget));
  };
  const described = (field: RequestField, hint = false) => [hint ? `${id}-${field}-hint` : '', problem(field) ? `${id}-${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <DashboardLayout title={t('quotes.request.title')}>
      <div className="quotes-page quote-request-form-page">
        <p className="muted">{t('quotes.request.lead')}</p>
        <Form method="post" className="form card quote-request-form" onSubmit={check} onChange={recheck} noValidate data-testid="quote-request-form" aria-busy={busy}>
          <fieldset className="field quote-artists" aria-describedby={described('vendorIds')}>
            <legend>{t('quotes.request.artists')}</legend>
            {artists.length === 0 ? <p className="muted">{t('quotes.request.noArtists')}</p> : null}
            {tooMany ? <p className="notice">{t('quotes.tooMany', { max: MAX_VENDORS_PER_REQUEST })}</p> : null}
            {artists.map((artist, index) => (
              <label key={artist.vendorId} className="checkbox">
                <input type="checkbox" name="vendorIds" value={artist.vendorId} defaultChecked={index < MAX_VENDORS_PER_REQUEST} data-testid="quote-artist" />
                <span dir="auto">{tr(artist.name, locale)}</span>
              </label>
            ))}
            <FieldError id={`${id}-vendorIds-error`} message={problem('vendorIds')} />
          </fieldset>
          <div className="quote-form-pair">
            <div className="field">
              <label htmlFor={`${id}-date`}>{t('quotes.request.eventDate')} <span aria-hidden="true">*</span></label>
              <input id={`${id}-date`} name="eventDate" type="date" dir="ltr" required min={israelToday()} defaultValue={values.eventDate ?? ''}
                aria-invalid={problem('eventDate') ? true : undefined} aria-describedby={described('eventDate')} data-testid="quote-event-date" />
              <FieldError id={`${id}-eventDate-error`} message={problem('eventDate')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-city`}>{t('quotes.request.city')} <span aria-hidden="true">*</span></label>
              <input id={`${id}-city`} name="city" required maxLength={100} dir="auto" defaultValue={values.city ?? ''}
                aria-invalid={problem('city') ? true : undefined} aria-describedby={described('city')} data-testid="quote-city" />
              <FieldError id={`${id}-city-error`} message={problem('city')} />
            </div>
          </div>
          <div className="quote-form-pair">
            <div className="field">
              <label htmlFor={`${id}-type`}>{t('quotes.request.eventType')} <span aria-hidden="true">*</span></label>
              <select id={`${id}-type`} name="eventType" required defaultValue={values.eventType ?? ''}
                aria-invalid={problem('eventType') ? true : undefined} aria-describedby={described('eventType')} data-testid="quote-event-type">
                <option value="" disabled>{t('quotes.request.chooseType')}</option>
                {eventTypes.map((type) => <option key={type} value={type}>{t(`quotes.eventTypes.${type}`)}</option>)}
              </select>
              <FieldError id={`${id}-eventType-error`} message={problem('eventType')} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-guests`}>{t('quotes.request.guests')} <span aria-hidden="true">*</span></label>
              <input id={`${id}-guests`} name="guests" type="number" inputMode="numeric" min={1} max={10_000} step={1} dir="ltr" required defaultValue={values.guests ?? ''}
                aria-invalid={problem('guests') ? true : undefined} aria-describedby={described('guests')} data-testid="quote-guests" />
              <FieldError id={`${id}-guests-error`} message={problem('guests')} />
            </div>
          </div>
          <div className="field">
            <label htmlFor={`${id}-budget`}>{t('quotes.request.budget')}</label>
            <small id={`${id}-budget-hint`}>{t('quotes.request.budgetHint')}</small>
            <input id={`${id}-budget`} name="budget" type="number" inputMode="decimal" min={0} step="1" dir="ltr" defaultValue={values.budget ?? ''}
              aria-invalid={problem('budget') ? true : undefined} aria-describedby={described('budget', true)} data-testid="quote-budget" />
            <FieldError id={`${id}-budget-error`} message={problem('budget')} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-message`}>{t('quotes.request.message')} <span aria-hidden="true">*</span></label>
            <small id={`${id}-message-hint`}>{t('quotes.request.messageHint')}</small>
            <textarea id={`${id}-message`} name="message" rows={5} maxLength={2000} required dir="auto" defaultValue={values.message ?? ''}
              aria-invalid={problem('message') ? true : undefined} aria-describedby={described('message', true)} data-testid="quote-message" />
            <FieldError id={`${id}-message-error`} message={problem('message')} />
          </div>
          <FormError error={Object.keys(refusedFields).length === 0 ? revivedError(failure) : null} />
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="send-quote-request">
            {busy ? t('quotes.request.sending') : t('quotes.request.submit')}
          </button>
        </Form>
      </div>
    </DashboardLayout>
  );
}

export const quoteRoutes: RouteObject[] = [
  { path: 'user/dashboard/quotes', loader: quotesLoader, action: quotesAction, Component: QuotesPage },
  { path: 'user/dashboard/quotes/new', loader: newQuoteRequestLoader, action: newQuoteRequestAction, Component: NewQuoteRequestPage },
];
