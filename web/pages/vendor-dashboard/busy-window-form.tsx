import { useEffect, useId, useState } from 'react';
import { data, Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from 'i18next';
import { environmentOf } from '../../app/environment.ts';
import { noInactiveRegistration } from '../../app/guards.ts';
import { refused, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting, INTENT_FIELD } from '../../app/form-action.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { tr } from '../../app/format.ts';
import { useLocale } from '../../app/links.tsx';
import { ApiError } from '../../api/api-error.ts';
import { order as loadOrder, vendorCalendarEntries } from '../../api/queries.ts';
import type { Locale, Text, VendorCalendarEntry } from '../../api/view-models.ts';
import type { ApiClient } from '../../api/client.ts';
import { FieldError, fieldErrorsOf, type FieldErrors } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { busyInterval, type BusyField } from './busy-interval.ts';
import { describeInterval } from './interval-text.ts';

// Blocking time: a date with from/to hours, or whole days (one day, or through a last date), and an
// optional note. The form posts to the busy-windows route's action (also without JavaScript). The
// API refuses a time that overlaps a booked order or another block (409); the action then reads the
// calendar for that time and the form names what is there.
const REASON_MAX = 200;
export const CREATE_INTENT = 'create';

/** What is in the way of a refused time: a booking (with its product's name when known), another block, or nothing found. */
type Conflict = { entry: VendorCalendarEntry; name?: Text } | null;
export type BusyWindowAnswer = {
  intent: string; invalid?: Partial<Record<BusyField, string>>; conflict?: Conflict; created?: VendorCalendarEntry; values?: Record<string, string>;
};
const TYPED = ['date', 'allDay', 'from', 'to', 'untilDate', 'reason'];

export async function busyWindowAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  const { vendorId } = await noInactiveRegistration(environment, request);
  const form = await request.formData();
  const values = typedValues(form, ...TYPED);
  const wanted = busyInterval({ date: textOf(form, 'date'), allDay: form.get('allDay') !== null, from: textOf(form, 'from'), to: textOf(form, 'to'), untilDate: textOf(form, 'untilDate') }, Date.now());
  if ('errors' in wanted) return data<BusyWindowAnswer>({ intent: CREATE_INTENT, invalid: wanted.errors, values }, { status: 422 });
  const reason = textOf(form, 'reason');
  let written: { id: string };
  try {
    written = await environment.api.post<{ id: string }>('vendor/busy-windows', { ...wanted, ...(reason ? { reason } : {}) }, { silent: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      return data<BusyWindowAnswer>({ intent: CREATE_INTENT, conflict: await conflictAt(environment.api, vendorId, wanted), values }, { status: 409 });
    }
    return refused(error, CREATE_INTENT, values);
  }
  const created: VendorCalendarEntry = { kind: 'busy', windowId: written.id, orderId: null, start: wanted.start, end: wanted.end, reason: reason || null };
  // The page's data is read again after the action: wait (bounded) until the calendar view shows the block.
  await untilViewShows(environment.api, async () => (await vendorCalendarEntries(environment.api, vendorId, created.start, created.end, { fresh: true })).some((entry) => entry.windowId === created.windowId));
  return { intent: CREATE_INTENT, created } satisfies BusyWindowAnswer;
}

/** What the refused time collides with, read fresh from the calendar. */
async function conflictAt(api: ApiClient, vendorId: string, wanted: { start: string; end: string }): Promise<Conflict> {
  const there = await vendorCalendarEntries(api, vendorId, wanted.start, wanted.end, { fresh: true }).catch(() => []);
  const booking = there.find((entry) => entry.kind === 'reservation' && entry.orderId);
  if (booking) return { entry: booking, name: await loadOrder(api, booking.orderId!).then((found) => found.product.name, () => undefined) };
  const window = there.find((entry) => entry.kind === 'busy');
  return window ? { entry: window } : null;
}

export interface BusyWindowFormProps {
  /** The date the form blocks (the page moves it when a day is picked in the calendar). */
  date: string;
  onDateChange: (date: string) => void;
  today: string;
}

export function BusyWindowForm(props: BusyWindowFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const answer = useActionAnswer<BusyWindowAnswer>(CREATE_INTENT);
  const failure = useActionFailure(CREATE_INTENT);
  const busy = useSubmitting(CREATE_INTENT);
  // A refused post (without JavaScript, a new page) shows what was typed.
  const typed = answer?.created ? {} : answer?.values ?? {};
  const [allDay, setAllDay] = useState(typed.allDay !== undefined && typed.allDay !== '');
  const [from, setFrom] = useState(typed.from || '10:00');
  const [to, setTo] = useState(typed.to || '12:00');
  const [untilDate, setUntilDate] = useState(typed.untilDate ?? '');
  const [reason, setReason] = useState(typed.reason ?? '');
  useEffect(() => {
    if (!answer?.created) return;
    setReason('');
    setUntilDate('');
  }, [answer]);

  const errors: Partial<Record<BusyField, string>> = answer?.invalid
    ? Object.fromEntries(Object.entries(answer.invalid).map(([field, key]) => [field, t(key)]))
    : failure && failure.status === 422 ? fieldMessages(new ApiError(failure.status, failure.problem), fieldErrorsOf(failure), t) : {};
  const conflict = answer && 'conflict' in answer ? conflictText(answer.conflict ?? null, locale, t) : null;
  const otherFailure = failure && failure.status !== 422 ? failure : null;

  const describedBy = (field: BusyField) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <section className="card busy-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('busyWindows.createTitle')}</h2>
      {conflict ? <p className="form-error" role="alert" data-testid="busy-conflict">{conflict}</p> : null}
      <FormError error={otherFailure} />
      <Form method="post" className="form" noValidate preventScrollReset data-testid="busy-window-form">
        <input type="hidden" name={INTENT_FIELD} value={CREATE_INTENT} />
        <label className="field">
          <span>{t('busyWindows.date')}</span>
          <input type="date" name="date" value={props.date} min={props.today} required dir="ltr" aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedBy('date')} onChange={(event) => props.onDateChange(event.target.value)} data-testid="busy-date" />
          <FieldError id={`${id}-date-error`} message={errors.date} />
        </label>
        <label className="check-field">
          <input type="checkbox" name="allDay" checked={allDay} onChange={(event) => setAllDay(event.target.checked)} data-testid="busy-all-day" />
          <span>{t('busyWindows.allDayLabel')}</span>
        </label>
        {allDay ? (
          <label className="field">
            <span>{t('busyWindows.untilDate')}</span>
            <input type="date" name="untilDate" value={untilDate} min={props.date || props.today} dir="ltr" aria-invalid={errors.untilDate ? true : undefined}
              aria-describedby={[`${id}-until-hint`, describedBy('untilDate')].filter(Boolean).join(' ')} onChange={(event) => setUntilDate(event.target.value)}
              data-testid="busy-until" />
            <small id={`${id}-until-hint`}>{t('busyWindows.untilDateHint')}</small>
            <FieldError id={`${id}-untilDate-error`} message={errors.untilDate} />
          </label>
        ) : (
          <div className="time-pair">
            <label className="field">
              <span>{t('busyWindows.from')}</span>
              <input type="time" name="from" value={from} required dir="ltr" aria-invalid={errors.from ? true : undefined} aria-describedby={describedBy('from')}
                onChange={(event) => setFrom(event.target.value)} data-testid="busy-from" />
              <FieldError id={`${id}-from-error`} message={errors.from} />
            </label>
            <label className="field">
              <span>{t('busyWindows.to')}</span>
              <input type="time" name="to" value={to} required dir="ltr" aria-invalid={errors.to ? true : undefined} aria-describedby={describedBy('to')}
                onChange={(event) => setTo(event.target.value)} data-testid="busy-to" />
              <FieldError id={`${id}-to-error`} message={errors.to} />
            </label>
          </div>
        )}
        <label className="field">
          <span>{t('busyWindows.reason')}</span>
          <input type="text" name="reason" value={reason} maxLength={REASON_MAX} placeholder={t('busyWindows.reasonPlaceholder')} aria-invalid={errors.reason ? true : undefined}
            aria-describedby={describedBy('reason')} onChange={(event) => setReason(event.target.value)} data-testid="busy-reason" />
          <FieldError id={`${id}-reason-error`} message={errors.reason} />
        </label>
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="busy-save">
          {busy ? t('busyWindows.saving') : t('busyWindows.save')}
        </button>
      </Form>
    </section>
  );
}

/** The refused time's explanation in the page's words. */
function conflictText(conflict: Conflict, locale: Locale, t: TFunction): string {
  if (!conflict) return t('busyWindows.errors.overlapUnknown');
  const when = describeInterval(conflict.entry, locale, t);
  if (conflict.entry.kind === 'busy') return t('busyWindows.errors.overlapWindow', { when });
  const name = tr(conflict.name, locale);
  return t('busyWindows.errors.booked', { when, name: name ? ` (${name})` : '' });
}

/** A 422 on the form's fields: the body's start/end/reason, or the decider's refused interval. */
function fieldMessages(error: ApiError, fields: FieldErrors, t: (key: string) => string): Partial<Record<BusyField, string>> {
  if (error.problem.code === 'calendar.invalid-interval') return { to: t('busyWindows.errors.endBeforeStart') };
  const messages: Partial<Record<BusyField, string>> = {};
  if (fields.start) messages.date = fields.start;
  if (fields.end) messages.to = fields.end;
  if (fields.reason) messages.reason = fields.reason;
  return Object.keys(messages).length ? messages : { date: error.problem.detail ?? t('core.genericError422') };
}
