import { useId, useState } from 'react';
import { Form, data, type ActionFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Order, OrderReview as Review } from '../api/view-models.ts';
import { order as loadOrder } from '../api/queries.ts';
import { environmentOf } from '../app/environment.ts';
import { requireUser } from '../app/guards.ts';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSubmitting } from '../app/form-action.ts';
import { useDisclosure } from './disclosure.ts';
import { formatDate } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import { ReviewReply } from './public-review.tsx';
import { WrittenText } from './translated.tsx';
import type { OrderPermissions } from '../app/order-permissions.ts';
import { untilViewShows } from '../app/until-views-show.ts';
import { errorAt, FieldError, fieldErrorsOf } from './field-error.tsx';
import { FormError } from './form-errors.tsx';

// The review of a completed order: its stars and words for both sides to read; for the customer a
// "Write a review" (once, after completion) or "Edit review" form — a 1–5 rating and a text
// (POST / PUT /api/orders/:id/review), posted to the page's route action (orderReviewAction, also
// without JavaScript). The review view follows the write a moment later, so the action reads the
// order again until it shows the saved words before the page reloads its data.
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const REVIEW_INTENT = 'review';
const intentOf = (orderId: string) => `${REVIEW_INTENT}:${orderId}`;
type ReviewAnswer = { intent: string; saved?: boolean; ratingMissing?: boolean; values?: Record<string, string> };

export async function orderReviewAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const orderId = textOf(form, 'orderId');
  const intent = intentOf(orderId);
  const values = typedValues(form, 'rating', 'text');
  const rating = Number(textOf(form, 'rating'));
  const text = textOf(form, 'text');
  if (!orderId) throw new Response(null, { status: 400 });
  if (!RATINGS.some((value) => value === rating)) return data<ReviewAnswer>({ intent, ratingMissing: true, values }, { status: 422 });
  const { api } = environment;
  try {
    const path = `orders/${encodeURIComponent(orderId)}/review`;
    if (form.get('existing') !== null) await api.request('PUT', path, { body: { rating, text }, silent: true });
    else await api.post(path, { rating, text }, { silent: true });
  } catch (error) {
    return refused(error, intent, values);
  }
  await untilViewShows(api, async () => {
    const fresh = await loadOrder(api, orderId);
    return fresh.review?.rating === rating && fresh.review.text === text;
  });
  return { intent, saved: true } satisfies ReviewAnswer;
}

export function Stars(props: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span className="stars" role="img" aria-label={t('orderCard.review.ratingOf', { rating: props.rating })}>
      {RATINGS.map((value) => <span key={value} aria-hidden="true" className={value <= props.rating ? 'star is-on' : 'star'}>★</span>)}
    </span>
  );
}

/** `heading`: h4 inside an order card (its title is h3), h3 on the order page. */
export function OrderReviewPanel(props: { order: Order; permissions: OrderPermissions; perspective: 'customer' | 'vendor'; heading?: 'h3' | 'h4' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { order, permissions, perspective } = props;
  const saved = useActionAnswer<ReviewAnswer>(intentOf(order.orderId))?.saved;
  // Links, so that the form also opens without JavaScript (?review=<order id>).
  const editing = useDisclosure('review', order.orderId, saved);
  const { review } = order;
  const Heading = props.heading ?? 'h4';
  if (!review && !permissions.review) return null;
  const title = perspective === 'vendor' ? t('orderCard.review.byCustomer', { name: order.customerName || t('orderCard.customer') }) : t('orderCard.review.yours');
  return (
    <section className="order-review" data-testid="order-review">
      <Heading>{title}</Heading>
      {editing.open && (review ? permissions.editReview : permissions.review) ? (
        <ReviewForm order={order} review={review} closeLink={editing.closeLink} />
      ) : review ? (
        <>
          <p className="order-review-head">
            <Stars rating={review.rating} />
            <span className="muted">{formatDate(review.editedAt ?? review.at, locale)}{review.editedAt ? ` · ${t('orderCard.review.edited')}` : ''}</span>
          </p>
          <WrittenText as="p" className="user-text" testId="order-review-text" text={review.text} />
          {review.reply ? <ReviewReply reply={review.reply} /> : null}
          {review.hidden ? <p className="review-hidden" data-testid="order-review-hidden">{t('orderCard.review.hidden', { reason: review.hidden.reason })}</p> : null}
          {permissions.editReview ? (
            <a role="button" className="button" {...editing.openLink} data-testid="order-review-edit">{t('orderCard.review.edit')}</a>
          ) : null}
        </>
      ) : (
        <>
          <p className="muted">{t('orderCard.review.invite')}</p>
          <a role="button" className="button button-primary" {...editing.openLink} data-testid="order-review-write">{t('orderCard.review.write')}</a>
        </>
      )}
    </section>
  );
}

function ReviewForm(props: { order: Order; review: Review | null; closeLink: ReturnType<typeof useDisclosure>['closeLink'] }) {
  const { t } = useTranslation();
  const { order, review } = props;
  const intent = intentOf(order.orderId);
  const answer = useActionAnswer<ReviewAnswer>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const typed = answer?.values;
  const [rating, setRating] = useState<number>(Number(typed?.rating ?? review?.rating ?? 0) || 0);
  const formId = useId();

  const fieldErrors = fieldErrorsOf(failure);
  const ratingError = answer?.ratingMissing && !rating ? t('orderCard.review.ratingRequired') : errorAt(fieldErrors, 'rating');
  const textError = errorAt(fieldErrors, 'text');
  return (
    <Form method="post" preventScrollReset className="review-form" noValidate data-testid="order-review-form">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={order.orderId} />
      {review ? <input type="hidden" name="existing" value="1" /> : null}
      <fieldset className="field rating-field" aria-describedby={ratingError ? `${formId}-rating-error` : undefined}>
        <legend>{t('orderCard.review.rating')}</legend>
        <div className="rating-choices">
          {RATINGS.map((value) => (
            <label key={value} className={value <= rating ? 'rating-choice is-on' : 'rating-choice'}>
              <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} data-testid={`order-review-rating-${value}`} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t(`orderCard.review.ratings.${value}`)}</span>
            </label>
          ))}
        </div>
        <span className="rating-name" aria-live="polite">{rating ? t(`orderCard.review.ratings.${rating}`) : ''}</span>
        <FieldError id={`${formId}-rating-error`} message={ratingError} />
      </fieldset>
      <label className="field">
        <span>{t('orderCard.review.text')}</span>
        <textarea
          name="text" rows={3} maxLength={5000} defaultValue={typed?.text ?? review?.text ?? ''} placeholder={t('orderCard.review.textHint')}
          aria-invalid={textError ? true : undefined} aria-describedby={textError ? `${formId}-text-error` : undefined} data-testid="order-review-text-input"
        />
        <FieldError id={`${formId}-text-error`} message={textError} />
      </label>
      {failure && !ratingError && !textError ? <FormError error={failure} /> : null}
      <div className="order-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="order-review-submit">
          {busy ? t('orderCard.review.saving') : review ? t('orderCard.review.save') : t('orderCard.review.publish')}
        </button>
        <a role="button" className="button" {...props.closeLink}>{t('orderCard.review.cancelEdit')}</a>
      </div>
    </Form>
  );
}
