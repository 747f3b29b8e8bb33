import { useState } from 'react';
import { data, Form, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireUser } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate, tr } from '../../app/format.ts';
import { vendorPath } from '../../app/vendor-path.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { intentKind } from '../../app/intent-action.ts';
import { useDisclosure, type Disclosure } from '../../components/disclosure.ts';
import { myReviews, vendorsByIds } from '../../api/queries.ts';
import type { MyReview, VendorCard } from '../../api/view-models.ts';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf, type FieldErrors } from '../../components/field-error.tsx';
import { Pager } from '../../components/pager.tsx';
import { Stars } from '../../components/stars.tsx';
import { Translated, WrittenText } from '../../components/translated.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';
import { ActionName } from '../../components/action-name.tsx';
import { ReviewReply } from '../../components/public-review.tsx';
import { useRootData } from '../../app/root-data.ts';

// user-dashboard-reviews: the reviews the customer wrote (GET /api/reviews, their own route: the
// public vendor reviews do not name customers), each with its artist, and edit and delete
// (PUT and DELETE /api/orders/{orderId}/review), posted to the page's action (also without JavaScript).
// Editing is offered until the review's `editableUntil` (14 days after writing it; the API answers 409
// review.edit-window-closed after that, shown by the form); the artist's reply shows under the review,
// and a review an admin hid is marked so, with the reason, and can no longer be edited.
export const REVIEWS_PAGE_SIZE = 20;
const TEXT_MAX = 5000;

export async function customerReviewsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const reviews = await myReviews(environment.api, (page - 1) * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE);
  const vendorIds = [...new Set(reviews.items.map((review) => review.vendorId))];
  const vendors = vendorIds.length ? await vendorsByIds(environment.api, vendorIds, await environment.categories()) : [];
  return { page, reviews, vendors };
}

const EDIT_INTENT = 'edit';
const DELETE_INTENT = 'delete';
type ReviewAnswer = { intent: string; saved?: true; deleted?: true; invalid?: FieldErrors; values?: Record<string, string> };
const intentFor = (kind: string, orderId: string) => `${kind}:${orderId}`;

/** The page's action: a review's edit (PUT) or delete, then a wait until the page's list shows it. */
async function reviewAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireUser(environment, request);
  const form = await request.formData();
  const intent = textOf(form, INTENT_FIELD);
  const orderId = textOf(form, 'orderId');
  const page = Math.max(1, Number(textOf(form, 'page')) || 1);
  const { api } = environment;
  const path = `orders/${encodeURIComponent(orderId)}/review`;
  const shown = (shows: (reviews: MyReview[]) => boolean) =>
    untilViewShows(api, async () => shows((await myReviews(api, (page - 1) * REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE)).items));
  if (intentKind(intent) === DELETE_INTENT) {
    try {
      await api.delete(path, undefined, { silent: true });
    } catch (error) {
      return refused(error, intent);
    }
    await shown((items) => !items.some((item) => item.orderId === orderId));
    return { intent, deleted: true } satisfies ReviewAnswer;
  }
  const rating = Number(textOf(form, 'rating'));
  const text = textOf(form, 'text');
  const values = typedValues(form, 'rating', 'text');
  // Keys, worded by the page in its language.
  const invalid: FieldErrors = {};
  if (!(Number.isInteger(rating) && rating >= 1 && rating <= 5)) invalid.rating = 'reviews.errors.rating';
  if (text.length > TEXT_MAX) invalid.text = 'reviews.errors.textTooLong';
  if (Object.keys(invalid).length) return data<ReviewAnswer>({ intent, invalid, values }, { status: 422 });
  try {
    await api.request('PUT', path, { body: { rating, text }, silent: true });
  } catch (error) {
    return refused(error, intent, values);
  }
  await shown((items) => items.some((item) => item.orderId === orderId && item.rating === rating && item.text === text));
  return { intent, saved: true } satisfies ReviewAnswer;
}

function ReviewForm(props: { review: MyReview; vendorName: string; page: number; closeLink: Disclosure['closeLink'] }) {
  const { t } = useTranslation();
  const { review } = props;
  const intent = intentFor(EDIT_INTENT, review.orderId);
  const answer = useActionAnswer<ReviewAnswer>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const [rating, setRating] = useState(Number(answer?.values?.rating) || review.rating);
  const id = `review-${review.orderId}`;
  // The API's 422 names the fields; the page words them (as the checks of the action do).
  const refusedFields = fieldErrorsOf(failure);
  const errors: FieldErrors = {
    ...(answer?.invalid?.rating || refusedFields.rating ? { rating: t('reviews.errors.rating') } : {}),
    ...(answer?.invalid?.text || refusedFields.text ? { text: t('reviews.errors.textTooLong') } : {}),
  };
  const otherFailure = failure && Object.keys(errors).length === 0 ? failure : null;

  return (
    <Form method="post" preventScrollReset className="form review-form" noValidate aria-label={t('reviews.editLabel', { name: props.vendorName })} data-testid="review-form">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={review.orderId} />
      <input type="hidden" name="page" value={props.page} />
      <fieldset className="star-picker" aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend>{t('reviews.rating')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value}>
            <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} data-testid={`review-rating-${value}`} />
            <span aria-hidden="true">{t('reviews.starOption', { count: value })}</span>
            <span className="visually-hidden">{t('reviews.stars', { rating: value })}</span>
          </label>
        ))}
      </fieldset>
      <FieldError id={`${id}-rating-error`} message={errors.rating} />
      <label className="field">
        <span>{t('reviews.text')}</span>
        <textarea
          name="text" defaultValue={answer?.values?.text ?? review.text} rows={4} maxLength={TEXT_MAX} aria-describedby={errors.text ? `${id}-text-error ${id}-text-hint` : `${id}-text-hint`}
          aria-invalid={errors.text ? true : undefined} data-testid="review-text"
        />
        <small id={`${id}-text-hint`}>{t('reviews.textHint')}</small>
        <FieldError id={`${id}-text-error`} message={errors.text} />
      </label>
      <FormError error={otherFailure} />
      <div className="account-actions">
        <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="review-save">{busy ? t('reviews.saving') : t('reviews.save')}</button>
        <a role="button" className="button" {...props.closeLink}>{t('reviews.cancel')}</a>
      </div>
    </Form>
  );
}

function DeleteReview(props: { review: MyReview; vendorName: string; page: number }) {
  const { t } = useTranslation();
  const intent = intentFor(DELETE_INTENT, props.review.orderId);
  const asking = useDisclosure('delete', props.review.orderId);
  const busy = useSubmitting(intent);
  const failure = useActionFailure(intent);
  if (!asking.open) {
    return (
      <a role="button" className="button button-remove" {...asking.openLink} data-testid="review-delete">
        <ActionName text={t('reviews.delete')} subject={props.vendorName} />
      </a>
    );
  }
  return (
    <Form method="post" preventScrollReset className="review-actions" role="group" aria-label={t('reviews.deleteLabel', { name: props.vendorName })}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={props.review.orderId} />
      <input type="hidden" name="page" value={props.page} />
      <p>{t('reviews.deleteQuestion')}</p>
      <button type="submit" className="button button-remove" disabled={busy} aria-busy={busy} data-testid="review-delete-confirm">
        {busy ? t('reviews.deleting') : t('reviews.confirmDelete')}
      </button>
      <a role="button" className="button" {...asking.closeLink}>{t('reviews.keep')}</a>
      <FormError error={failure} />
    </Form>
  );
}

function ReviewItem(props: { review: MyReview; vendor: VendorCard | undefined; page: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { review, vendor } = props;
  // Settled: the form closes and "saved" shows once the list was read again, with the new text.
  const saved = useSettledAnswer<ReviewAnswer>(intentFor(EDIT_INTENT, review.orderId))?.saved;
  const editing = useDisclosure('edit', review.orderId, saved);
  const { now } = useRootData();
  const vendorName = vendor ? tr(vendor.name, locale) : t('reviews.unknownVendor');
  const editable = !review.hidden && Date.parse(review.editableUntil) > now;
  return (
    <li className={`card review-item${review.hidden ? ' review-hidden-item' : ''}`} data-testid="my-review" data-order-id={review.orderId} data-hidden={review.hidden ? 'true' : undefined}>
      <div className="review-item-head">
        <h2>{vendor ? <LocalLink to={vendorPath(vendor, locale)} data-testid="review-vendor-link"><Translated value={vendor.name} /></LocalLink> : vendorName}</h2>
        <Stars rating={review.rating} />
      </div>
      <p className="muted">
        {t('reviews.posted', { date: formatDate(review.at, locale) })}
        {review.editedAt ? ` · ${t('reviews.edited', { date: formatDate(review.editedAt, locale) })}` : null}
        {' · '}<LocalLink to={`/order/${encodeURIComponent(review.orderId)}/complete`}>{t('reviews.viewOrder')}</LocalLink>
      </p>
      {review.hidden ? (
        <p className="review-hidden" data-testid="my-review-hidden">{t('reviews.hidden', { reason: review.hidden.reason })}</p>
      ) : null}
      {editing.open && editable ? (
        <ReviewForm review={review} vendorName={vendorName} page={props.page} closeLink={editing.closeLink} />
      ) : (
        <>
          <WrittenText as="p" className="review-text" testId="my-review-text" text={review.text} />
          {saved ? <p className="notice notice-success" role="status" data-testid="review-saved">{t('reviews.saved')}</p> : null}
          {review.reply ? <ReviewReply reply={review.reply} /> : null}
          {review.hidden ? null : (
            <>
              <p className="muted" data-testid="review-edit-window">
                {editable ? t('reviews.editableUntil', { date: formatDate(review.editableUntil, locale) }) : t('reviews.editWindowClosed')}
              </p>
              <div className="review-actions">
                {editable ? (
                  <a role="button" className="button" {...editing.openLink} data-testid="review-edit">
                    <ActionName text={t('reviews.edit')} subject={vendorName} />
                  </a>
                ) : null}
                <DeleteReview review={review} vendorName={vendorName} page={props.page} />
              </div>
            </>
          )}
        </>
      )}
    </li>
  );
}

export function CustomerReviewsPage() {
  const { t } = useTranslation();
  const { page, reviews, vendors } = useLoaderData<typeof customerReviewsLoader>();
  const answer = useActionData() as ReviewAnswer | undefined;
  // "Deleted" once the list was read again without it (as useSettledAnswer, for any review's intent).
  const settled = useNavigation().state === 'idle';
  const deleted = answer?.deleted && settled;
  const vendorsById = new Map(vendors.map((vendor) => [vendor.vendorId, vendor]));
  const shown = reviews.items;
  return (
    <DashboardLayout title={t('dashboard.items.reviews')}>
      <p className="muted">{t('reviews.intro')}</p>
      {deleted ? <p className="notice notice-success" role="status" data-testid="review-deleted">{t('reviews.deleted')}</p> : null}
      {shown.length === 0 ? (
        <div className="account-empty card" data-testid="no-reviews">
          <p>{t('reviews.empty')}</p>
          <LocalLink to="/user/dashboard/orders" className="button">{t('reviews.toOrders')}</LocalLink>
        </div>
      ) : (
        <ul className="review-items">
          {shown.map((review) => (
            <ReviewItem key={review.orderId} review={review} vendor={vendorsById.get(review.vendorId)} page={page} />
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={REVIEWS_PAGE_SIZE} total={reviews.total} />
    </DashboardLayout>
  );
}

export const customerReviewRoutes: RouteObject[] = [
  { path: 'user/dashboard/reviews', loader: customerReviewsLoader, action: reviewAction, Component: CustomerReviewsPage },
];
