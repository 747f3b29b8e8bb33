import { data, Form, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { formatDate } from '../../app/format.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { adminOrder } from '../../api/admin-overview.ts';
import type { OrderReview } from '../../api/view-models.ts';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { FormError } from '../../components/form-errors.tsx';
import { ReviewReply, VerifiedMark } from '../../components/public-review.tsx';
import { Stars } from '../../components/stars.tsx';
import { WrittenText } from '../../components/translated.tsx';
import { reviewStream } from '../../../domain/review/decider.ts';
import { streamHistoryPath } from './stream-paths.ts';

// The order's review on the admin order page (docs/reviews.md): its stars, words and the artist's reply,
// marked "hidden" with the reason once an admin hid it, and the admin's "hide" with a required reason
// (DELETE /api/orders/{id}/review: ReviewRemoved, kept in the review's log — its history is shown
// below it and on the review stream's audit page). Hidden reviews leave the artist page and the rating.
export const HIDE_REVIEW_INTENT = 'hide-review';
const REASON_MAX = 500;
type HideAnswer = { intent: string; hidden?: true; invalid?: { reason: string }; values?: Record<string, string> };

/** Whether a post to the admin order page is the review's hiding (read from a copy: the body is read once). */
export async function isHideReviewPost(request: Request): Promise<boolean> {
  return textOf(await request.clone().formData(), INTENT_FIELD) === HIDE_REVIEW_INTENT;
}

export async function hideReviewAction({ context, request, params }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const orderId = params.orderId ?? '';
  const reason = textOf(form, 'reason');
  const values = typedValues(form, 'reason');
  const intent = HIDE_REVIEW_INTENT;
  if (!reason) return data<HideAnswer>({ intent, invalid: { reason: 'adminHistory.orders.review.reasonRequired' }, values }, { status: 422 });
  if (reason.length > REASON_MAX) return data<HideAnswer>({ intent, invalid: { reason: 'adminHistory.orders.review.reasonTooLong' }, values }, { status: 422 });
  const { api } = environment;
  try {
    await api.delete(`orders/${encodeURIComponent(orderId)}/review`, { reason }, { silent: true });
  } catch (error) {
    return refused(error, intent, values);
  }
  await untilViewShows(api, async () => Boolean((await adminOrder(api, orderId)).review?.hidden));
  return { intent, hidden: true } satisfies HideAnswer;
}

function HideReviewForm() {
  const { t } = useTranslation();
  const answer = useActionAnswer<HideAnswer>(HIDE_REVIEW_INTENT);
  const failure = useActionFailure(HIDE_REVIEW_INTENT);
  const busy = useSubmitting(HIDE_REVIEW_INTENT);
  const reasonKey = answer?.invalid?.reason ?? (fieldErrorsOf(failure).reason ? 'adminHistory.orders.review.reasonRequired' : undefined);
  const reasonError = reasonKey ? t(reasonKey, { max: REASON_MAX }) : undefined;
  return (
    <Form method="post" preventScrollReset className="form" noValidate aria-label={t('adminHistory.orders.review.hideLabel')} data-testid="hide-review-form">
      <input type="hidden" name={INTENT_FIELD} value={HIDE_REVIEW_INTENT} />
      <label className="field">
        <span>{t('adminHistory.orders.review.reason')}</span>
        <textarea
          name="reason" rows={2} maxLength={REASON_MAX} defaultValue={answer?.values?.reason ?? ''} data-testid="hide-review-reason"
          aria-describedby={reasonError ? 'hide-review-reason-error hide-review-hint' : 'hide-review-hint'} aria-invalid={reasonError ? true : undefined}
        />
        <small id="hide-review-hint">{t('adminHistory.orders.review.hint')}</small>
        <FieldError id="hide-review-reason-error" message={reasonError} />
      </label>
      <FormError error={reasonError ? null : failure} />
      <button type="submit" className="button button-remove" disabled={busy} aria-busy={busy} data-testid="hide-review-submit">
        {busy ? t('adminHistory.orders.review.hiding') : t('adminHistory.orders.review.hide')}
      </button>
    </Form>
  );
}

export function ReviewModeration(props: { orderId: string; review: OrderReview | null; mayHide: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { review } = props;
  const justHidden = useSettledAnswer<HideAnswer>(HIDE_REVIEW_INTENT)?.hidden;
  return (
    <section className="card" aria-labelledby="admin-order-review" data-testid="admin-order-review">
      <h2 id="admin-order-review">{t('adminHistory.orders.review.title')}</h2>
      {review === null ? <p className="muted">{t('adminHistory.orders.review.none')}</p> : (
        <>
          <p>
            <Stars rating={review.rating} /> <span className="muted">{formatDate(review.at, locale)}</span> <VerifiedMark />
          </p>
          <WrittenText as="p" text={review.text} />
          {review.reply ? <ReviewReply reply={review.reply} /> : null}
          {review.hidden ? (
            <p className="review-hidden" data-testid="admin-review-hidden">
              {t('adminHistory.orders.review.hidden', { reason: review.hidden.reason, date: formatDate(review.hidden.at, locale) })}
            </p>
          ) : props.mayHide ? <HideReviewForm /> : null}
          {justHidden ? <p className="notice notice-success" role="status">{t('adminHistory.orders.review.done')}</p> : null}
          <p><LocalLink to={streamHistoryPath(reviewStream(props.orderId))} data-testid="review-history-link">{t('adminHistory.orders.review.history')}</LocalLink></p>
        </>
      )}
    </section>
  );
}
