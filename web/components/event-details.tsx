import { useId } from 'react';
import { Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { eventTypes, MAX_GUESTS } from '../../domain/shared/event-type.ts';
import { mayChangeEventDetails } from '../../domain/order/may.ts';
import { missingEventDetailFields } from '../../domain/order/event-details-shape.ts';
import type { Order } from '../api/view-models.ts';
import { ApiError } from '../api/api-error.ts';
import { awaitOrderRevision } from '../api/queries.ts';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { formatDate, formatDateTime } from '../app/format.ts';
import { israelDate, israelInstant } from '../app/israel-calendar.ts';
import { displayPhone } from '../app/phone-number.ts';
import { useLocale } from '../app/links.tsx';
import { actorOf, type SignedInUser } from '../app/current-actor.ts';
import { INTENT_FIELD, refused, revivedError, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../app/form-action.ts';
import { useDisclosure } from './disclosure.ts';
import { FieldError } from './field-error.tsx';
import { FormError } from './form-errors.tsx';
import type { Locale } from '../../domain/shared/translatable.ts';

// An order's event details (issue 22 items 1, 9): the fields the checkout asks and the customer's edit
// form share (EventDetailsFields), the details as both sides read them (EventDetailsFacts), their
// history (EventDetailsHistory), and the customer's change while the artist has not approved
// (EventDetailsEditor, posted to the order page's action as intent `event-details:<orderId>`).
// The API answers bad fields in English; the form shows each field's rule in the page's language.

export const EVENT_DETAILS_INTENT = 'event-details';
const intentOf = (orderId: string) => `${EVENT_DETAILS_INTENT}:${orderId}`;

/** The form's fields, as typed (strings), to fill the form again after a refusal. */
export const EVENT_DETAIL_INPUTS = ['eventType', 'date', 'time', 'city', 'address', 'guests', 'contactPhone'] as const;
export type EventDetailInput = (typeof EVENT_DETAIL_INPUTS)[number];
export type EventDetailValues = Partial<Record<EventDetailInput, string>>;
export type EventDetailErrors = Partial<Record<Exclude<EventDetailInput, 'time'>, string>>;

/** The details as the API takes them (POST /api/orders `eventDetails`, PUT /api/orders/:id/event-details). */
export interface EventDetailsBody {
  eventType: string;
  date?: string;
  city: string;
  address: string;
  guests: number | string;
  contactPhone: string;
}

/**
 * The details of a posted form. A timed service's event starts at its booked slot, so its form has no
 * date and none is sent; otherwise the date and time, Israel's wall clock, become an instant.
 */
export function eventDetailsFromForm(form: FormData, timed: boolean): { body: EventDetailsBody; values: EventDetailValues } {
  const values = typedValues(form, ...EVENT_DETAIL_INPUTS) as EventDetailValues;
  const guests = (values.guests ?? '').trim();
  const body: EventDetailsBody = {
    eventType: textOf(form, 'eventType'),
    city: textOf(form, 'city'),
    address: textOf(form, 'address'),
    guests: /^\d+$/.test(guests) ? Number(guests) : guests,
    // As typed (050-123-4567, 02-123-4567, +972 50…): the API reads it with the one phone rule and holds E.164.
    contactPhone: textOf(form, 'contactPhone'),
  };
  if (!timed) {
    const date = textOf(form, 'date');
    const time = /^(\d{1,2}):(\d{2})$/.exec(textOf(form, 'time'));
    if (/^\d{4}-\d{2}-\d{2}$/.test(date) && time) body.date = israelInstant(date, Number(time[1]), Number(time[2])).toISOString();
  }
  return { body, values };
}

/**
 * The API checks the fields before the date's own rule, so a refusal of other fields says nothing of a
 * date left out: the form adds it, so every missing field is marked at once (`prefix`: `eventDetails.`
 * at the checkout).
 */
export function withMissingDate(error: unknown, body: EventDetailsBody, timed: boolean, prefix = ''): unknown {
  if (timed || body.date !== undefined || !(error instanceof ApiError) || error.status !== 422) return error;
  const errors = error.problem.errors ?? [];
  if (errors.length === 0 || errors.some((item) => item.field === `${prefix}date`)) return error;
  return new ApiError(422, { ...error.problem, errors: [...errors, { field: `${prefix}date`, message: 'Please give the date and time of the event.' }] });
}

/** The form's values from details an order holds (the date and time in Israel). */
export function valuesOfDetails(details: Order['eventDetails']): EventDetailValues {
  if (!details) return {};
  const at = Date.parse(details.date);
  return {
    eventType: details.eventType, date: israelDate(at), time: formatDate(details.date, 'en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    city: details.city, address: details.address, guests: String(details.guests), contactPhone: details.contactPhone ? displayPhone(details.contactPhone) : undefined,
  };
}

/**
 * The rule each failing field breaks, in the page's language: the 422's fields (`eventDetails.city`
 * from the checkout, `city` from a change), and the date's refusals by their code.
 */
export function eventDetailErrorsOf(failure: unknown, t: (key: string) => string): EventDetailErrors {
  const error = revivedError(failure);
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors: EventDetailErrors = {};
  const dateRule: Record<string, string> = { 'order.event-date-in-past': 'dateInPast', 'order.event-date-fixed': 'dateFixed' };
  for (const item of error.problem.errors ?? []) {
    const field = item.field.replace(/^eventDetails\./, '').split('.')[0] as keyof EventDetailErrors;
    if (!['eventType', 'date', 'city', 'address', 'guests', 'contactPhone'].includes(field)) continue;
    const rule = field === 'date' ? dateRule[error.problem.code ?? ''] ?? 'date' : field;
    errors[field] ??= t(`eventDetails.errors.${rule}`);
  }
  return errors;
}

/** A failure that is not about the details' fields, for the form's general message. */
export function otherFailure(failure: unknown, errors: EventDetailErrors): unknown {
  return Object.keys(errors).length > 0 ? null : failure;
}

/**
 * The event's fields: type, date and time (unless the event starts at a booked slot, `slotStart`),
 * city, address, guests and the phone on the day. `today` (Israel) is the earliest date offered.
 */
export function EventDetailsFields(props: { values: EventDetailValues; errors: EventDetailErrors; slotStart: string | null; today: string; required?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const { values, errors } = props;
  const required = props.required ?? true;
  const described = (field: keyof EventDetailErrors, hint?: string) => {
    const ids = [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': ids || undefined } as const;
  };
  return (
    <fieldset className="event-details-fields" data-testid="event-details-fields">
      <legend>{t('eventDetails.legend')}</legend>
      <label className="field field-event-type"><span>{t('eventDetails.eventType')}</span>
        <select name="eventType" defaultValue={values.eventType ?? ''} required={required} {...described('eventType')} data-testid="event-type">
          <option value="" disabled>{t('eventDetails.chooseType')}</option>
          {eventTypes.map((type) => <option key={type} value={type}>{t(`eventTypes.${type}`)}</option>)}
        </select>
        <FieldError id={`${id}-eventType-error`} message={errors.eventType} />
      </label>
      <label className="field"><span>{t('eventDetails.guests')}</span>
        <input type="number" name="guests" defaultValue={values.guests ?? ''} min={1} max={MAX_GUESTS} step={1} inputMode="numeric" required={required}
          {...described('guests')} data-testid="event-guests" />
        <FieldError id={`${id}-guests-error`} message={errors.guests} />
      </label>
      {props.slotStart ? (
        <p className="event-details-slot muted" data-testid="event-starts-at-slot">{t('eventDetails.startsAtSlot', { when: formatDateTime(props.slotStart, locale) })}</p>
      ) : (
        <div className="event-details-when">
          <label className="field"><span>{t('eventDetails.date')}</span>
            <input type="date" name="date" defaultValue={values.date ?? ''} min={props.today} required={required} {...described('date')} data-testid="event-date" />
          </label>
          <label className="field"><span>{t('eventDetails.time')}</span>
            <input type="time" name="time" defaultValue={values.time ?? ''} step={900} required={required} {...described('date')} data-testid="event-time" />
          </label>
          <FieldError id={`${id}-date-error`} message={errors.date} />
        </div>
      )}
      <label className="field field-wide"><span>{t('eventDetails.address')}</span>
        <input name="address" defaultValue={values.address ?? ''} maxLength={200} autoComplete="street-address" placeholder={t('eventDetails.addressPlaceholder')}
          required={required} {...described('address')} data-testid="event-address" />
        <FieldError id={`${id}-address-error`} message={errors.address} />
      </label>
      <label className="field"><span>{t('eventDetails.city')}</span>
        <input name="city" defaultValue={values.city ?? ''} maxLength={100} autoComplete="address-level2" required={required} {...described('city')} data-testid="event-city" />
        <FieldError id={`${id}-city-error`} message={errors.city} />
      </label>
      <label className="field"><span>{t('eventDetails.contactPhone')}</span>
        <input type="tel" name="contactPhone" defaultValue={values.contactPhone ?? ''} autoComplete="tel" dir="ltr" placeholder="050-123-4567" required={required}
          {...described('contactPhone', `${id}-phone-hint`)} data-testid="event-phone" />
        <small className="field-hint muted" id={`${id}-phone-hint`}>{t('eventDetails.contactPhoneHint')}</small>
        <FieldError id={`${id}-contactPhone-error`} message={errors.contactPhone} />
      </label>
    </fieldset>
  );
}

/** A phone (E.164) as a link to call it, shown as people know it (050-123-4567 in Israel), written left to right. */
function PhoneLink(props: { phone: string }) {
  return <a href={`tel:${props.phone}`} dir="ltr" className="event-phone">{displayPhone(props.phone)}</a>;
}

const placeOf = (details: { city: string; address?: string }) => [details.address, details.city].filter(Boolean).join(', ');

/** The event's details as both sides read them; `compact` on a card in a list. */
export function EventDetailsFacts(props: { order: Pick<Order, 'eventDetails' | 'eventAt' | 'slot'>; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const details = props.order.eventDetails;
  if (!details) {
    return props.compact ? null : <p className="muted" data-testid="event-details-none">{t('eventDetails.view.none')}</p>;
  }
  return (
    <dl className={`event-facts${props.compact ? ' is-compact' : ''}`} data-testid="event-details">
      <div><dt>{t('eventDetails.view.type')}</dt><dd data-testid="event-details-type">{t(`eventTypes.${details.eventType}`)}</dd></div>
      <div><dt>{t('eventDetails.view.when')}</dt><dd data-testid="event-details-when">{formatDateTime(details.date, locale)}</dd></div>
      <div className="event-fact-place"><dt>{t('eventDetails.view.place')}</dt><dd data-testid="event-details-place"><bdi className="user-text">{placeOf(details)}</bdi></dd></div>
      <div><dt>{t('eventDetails.view.guests')}</dt><dd data-testid="event-details-guests">{details.guests.toLocaleString(locale === 'he' ? 'he-IL' : 'en-US')}</dd></div>
      <div><dt>{t('eventDetails.view.phone')}</dt><dd data-testid="event-details-phone">
        {details.contactPhone ? <PhoneLink phone={details.contactPhone} /> : <span className="muted" data-testid="event-details-phone-missing">{t('eventDetails.view.notGiven')}</span>}
      </dd></div>
    </dl>
  );
}

type TimelineEntry = Order['timeline'][number];

/** A field's value as the history shows it. */
function shownValue(field: string, value: string | number | null, locale: Locale, t: (key: string) => string): string {
  if (value === null || value === '') return t('eventDetails.history.empty');
  if (field === 'eventType') return t(`eventTypes.${value}`);
  if (field === 'date') return formatDateTime(String(value), locale);
  if (field === 'guests') return Number(value).toLocaleString(locale === 'he' ? 'he-IL' : 'en-US');
  if (field === 'contactPhone') return displayPhone(String(value));
  return String(value);
}

/** A phone reads left to right (050-123-4567 would read backwards in right-to-left text). */
const ltrField = (field: string): 'ltr' | undefined => (field === 'contactPhone' ? 'ltr' : undefined);

/** How the event's details came to be: as given with the order, then each change, field by field. */
export function EventDetailsHistory(props: { order: Pick<Order, 'timeline'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const entries = props.order.timeline.filter((entry: TimelineEntry) => entry.eventDetails || entry.changes);
  if (entries.length === 0) return null;
  const when = (at: string) => formatDate(at, locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
  const byWhom = (entry: TimelineEntry) => (entry.role === 'vendor' ? 'changedByVendor' : entry.role === 'customer' ? 'changed' : 'changedByAdmin');
  return (
    <section className="event-history" aria-labelledby="event-history-title" data-testid="event-details-history">
      <h3 id="event-history-title">{t('eventDetails.history.title')}</h3>
      <ol className="event-history-list">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="event-history-entry" data-testid="event-history-entry">
            <p className="event-history-head"><strong>{entry.changes ? t(`eventDetails.history.${byWhom(entry)}`) : t('eventDetails.history.placed')}</strong>{' '}
              <span className="muted">{when(entry.at)}</span></p>
            {entry.changes ? (
              <ul className="event-history-changes">
                {entry.changes.map((change) => (
                  <li key={change.field} data-testid="event-history-change" data-field={change.field}>
                    <span className="event-history-field">{t(`eventDetails.history.fields.${change.field}`)}:</span>{' '}
                    {change.before !== null ? <><del><bdi dir={ltrField(change.field)}>{shownValue(change.field, change.before, locale, t)}</bdi></del> <span aria-hidden="true" className="flip-rtl">→</span> </> : null}
                    <ins><bdi dir={ltrField(change.field)}>{shownValue(change.field, change.after, locale, t)}</bdi></ins>
                  </li>
                ))}
              </ul>
            ) : entry.eventDetails ? (
              <p className="event-history-placed">
                <bdi>{t(`eventTypes.${entry.eventDetails.eventType}`)}</bdi> · <bdi>{formatDateTime(entry.eventDetails.date, locale)}</bdi> ·{' '}
                <bdi className="user-text">{placeOf(entry.eventDetails)}</bdi> · {t('eventDetails.history.fields.guests')}: {entry.eventDetails.guests}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

type SavedAnswer = { intent: string; saved?: boolean };

/** The customer's change of the details, then the order as the views show it after the change. */
export async function eventDetailsAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const orderId = textOf(form, 'orderId');
  if (!orderId) throw new Response(null, { status: 400 });
  const intent = intentOf(orderId);
  const { body, values } = eventDetailsFromForm(form, textOf(form, 'timed') === 'true');
  try {
    const written = await environment.api.request<{ revision: number }>('PUT', `orders/${encodeURIComponent(orderId)}/event-details`, { body, silent: true });
    await awaitOrderRevision(environment.api, orderId, written.revision).catch(() => undefined);
    environment.api.clearCache();
    return { intent, saved: true } satisfies SavedAnswer;
  } catch (error) {
    return refused(withMissingDate(error, body, textOf(form, 'timed') === 'true'), intent, values);
  }
}

/**
 * The event on the order page: its details, a form for the customer to change them while the artist
 * has not approved (new, paid), the reason they are final once approved, and their history.
 */
export function EventDetailsPanel(props: { order: Order; user: SignedInUser | null; now: number }) {
  const { t } = useTranslation();
  const { order, user } = props;
  const intent = intentOf(order.orderId);
  const answer = useActionAnswer<SavedAnswer & { values?: EventDetailValues }>(intent);
  const settled = useSettledAnswer<SavedAnswer>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const editor = useDisclosure('edit-event', order.orderId, answer?.saved);
  const facts = { status: order.status, customerId: order.customerId, vendorId: order.vendorId };
  const isCustomer = user !== null && user.uuid === order.customerId;
  const mayEdit = mayChangeEventDetails(facts, actorOf(user));
  const errors = eventDetailErrorsOf(failure, t);
  const editing = mayEdit && (editor.open || failure !== null);
  const timed = order.product.type === 'timedService' && order.slot !== null;
  // An order placed from a quote holds what the request asked; the address and phone are the customer's to add.
  const incomplete = order.eventDetails ? missingEventDetailFields(order.eventDetails).length > 0 : false;
  return (
    <section className="card event-panel" aria-labelledby="event-panel-title" data-testid="event-panel">
      <h2 id="event-panel-title">{t('eventDetails.view.title')}</h2>
      {settled?.saved && !editing ? <p className="notice notice-success" role="status" data-testid="event-details-saved">{t('eventDetails.edit.saved')}</p> : null}
      {editing ? (
        <Form method="post" preventScrollReset noValidate className="form event-details-form" data-testid="event-details-form">
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          <input type="hidden" name="orderId" value={order.orderId} />
          <input type="hidden" name="timed" value={String(timed)} />
          {Object.keys(errors).length ? <div className="form-error" role="alert" data-testid="form-error"><p>{t('eventDetails.errors.summary')}</p></div> : <FormError error={otherFailure(failure, errors)} />}
          <EventDetailsFields values={answer?.values ?? valuesOfDetails(order.eventDetails)} errors={errors} slotStart={timed ? order.slot!.start : null} today={israelDate(props.now)} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="event-details-save">{t('eventDetails.edit.save')}</button>
            <a role="button" className="button" {...editor.closeLink}>{t('eventDetails.edit.close')}</a>
          </div>
        </Form>
      ) : (
        <>
          {incomplete && isCustomer && mayEdit ? <p className="notice" role="status" data-testid="event-details-incomplete">{t('eventDetails.view.incomplete')}</p> : null}
          {incomplete && !isCustomer ? <p className="muted" data-testid="event-details-incomplete">{t('eventDetails.view.incompleteForArtist')}</p> : null}
          <EventDetailsFacts order={order} />
          {mayEdit ? <a role="button" className={`button${incomplete ? ' button-primary' : ''}`} {...editor.openLink} data-testid="event-details-edit">{t(incomplete ? 'eventDetails.edit.complete' : 'eventDetails.edit.open')}</a> : null}
          {isCustomer && !mayEdit && order.status === 'approved' ? <p className="muted" data-testid="event-details-locked">{t('eventDetails.edit.locked')}</p> : null}
        </>
      )}
      <EventDetailsHistory order={order} />
    </section>
  );
}
