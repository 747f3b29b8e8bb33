import { data, Form, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate } from '../../app/format.ts';
import { vendorPath } from '../../app/vendor-path.ts';
import { vendorOwnReviews, vendorsByIds } from '../../api/queries.ts';
import type { RatingSummary, VendorOwnReview } from '../../api/view-models.ts';
import { untilViewShows } from '../../app/until-views-show.ts';
import { INTENT_FIELD, refused, textOf, typedValues, useActionAnswer, useActionFailure, useSettledAnswer, useSubmitting } from '../../app/form-action.ts';
import { FormError } from '../../components/form-errors.tsx';
import { FieldError, fieldErrorsOf } from '../../components/field-error.tsx';
import { ReviewReply, VerifiedMark } from '../../components/public-review.tsx';
import { REVIEW_REPLY_MAX } from '../../../domain/review/limits.ts';
import { Pager } from '../../components/pager.tsx';
import { Stars } from '../../components/stars.tsx';
import { WrittenText } from '../../components/translated.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';

// user-dashboard-vendor-reviews: the reviews of the signed-in vendor (GET /api/vendor/reviews, which
// names each review's order), with the rating summary (average, count and how many reviews gave each
// number of stars, 5 down to 1), and a reply to each review, once (POST /api/orders/{orderId}/review/reply),
// posted to the page's action (also without JavaScript). A review an admin hid is not listed.
export const VENDOR_REVIEWS_PAGE_SIZE = 20;
const STARS = ['5', '4', '3', '2', '1'] as const;

export async function vendorReviewsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireVendor(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const [reviews, [card]] = await Promise.all([
    vendorOwnReviews(environment.api, (page - 1) * VENDOR_REVIEWS_PAGE_SIZE, VENDOR_REVIEWS_PAGE_SIZE),
    environment.categories().then((categories) => vendorsByIds(environment.api, [user.vendorId], categories)).catch(() => []),
  ]);
  return { page, reviews, card: card ?? null };
}

type ReplyAnswer = { intent: string; replied?: true; invalid?: { text: string }; values?: Record<string, string> };
const replyIntent = (orderId: string) => `reply:${orderId}`;

/** The page's action: a reply to one review, then a wait until the list shows it. */
async function replyAction({ context, request }: ActionFunctionArgs) {
  const environment = environmentOf(context);
  await requireVendor(environment, request);
  const form = await request.formData();
  const orderId = textOf(form, 'orderId');
  const intent = replyIntent(orderId);
  const text = textOf(form, 'text');
  const page = Math.max(1, Number(textOf(form, 'page')) || 1);
  const values = typedValues(form, 'text');
  if (!text) return data<ReplyAnswer>({ intent, invalid: { text: 'vendorReviews.reply.errors.empty' }, values }, { status: 422 });
  if (text.length > REVIEW_REPLY_MAX) return data<ReplyAnswer>({ intent, invalid: { text: 'vendorReviews.reply.errors.tooLong' }, values }, { status: 422 });
  const { api } = environment;
  try {
    await api.post(`orders/${encodeURIComponent(orderId)}/review/reply`, { text }, { silent: true });
  } catch (error) {
    return refused(error, intent, values);
  }
  await untilViewShows(api, async () =>
    (await vendorOwnReviews(api, (page - 1) * VENDOR_REVIEWS_PAGE_SIZE, VENDOR_REVIEWS_PAGE_SIZE)).items.some((item) => item.orderId === orderId && item.reply !== null));
  return { intent, replied: true } satisfies ReplyAnswer;
}

function ReplyForm(props: { review: VendorOwnReview; page: number }) {
  const { t } = useTranslation();
  const { review } = props;
  const intent = replyIntent(review.orderId);
  const answer = useActionAnswer<ReplyAnswer>(intent);
  const failure = useActionFailure(intent);
  const busy = useSubmitting(intent);
  const id = `reply-${review.orderId}`;
  const refusedText = fieldErrorsOf(failure).text;
  const textError = answer?.invalid?.text ? t(answer.invalid.text, { max: REVIEW_REPLY_MAX.toLocaleString('en-US') })
    : refusedText ? t('vendorReviews.reply.errors.tooLong', { max: REVIEW_REPLY_MAX.toLocaleString('en-US') }) : undefined;
  return (
    <Form method="post" preventScrollReset className="form review-reply-form" noValidate data-testid="review-reply-form">
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <input type="hidden" name="orderId" value={review.orderId} />
      <input type="hidden" name="page" value={props.page} />
      <label className="field">
        <span>{t('vendorReviews.reply.text')}</span>
        <textarea
          name="text" rows={3} maxLength={REVIEW_REPLY_MAX} defaultValue={answer?.values?.text ?? ''}
          aria-describedby={textError ? `${id}-error ${id}-hint` : `${id}-hint`} aria-invalid={textError ? true : undefined} data-testid="review-reply-input"
        />
        <small id={`${id}-hint`}>{t('vendorReviews.reply.hint', { max: REVIEW_REPLY_MAX.toLocaleString('en-US') })}</small>
        <FieldError id={`${id}-error`} message={textError} />
      </label>
      <FormError error={textError ? null : failure} />
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy} data-testid="review-reply-send">
        {busy ? t('vendorReviews.reply.sending') : t('vendorReviews.reply.send')}
      </button>
    </Form>
  );
}

function VendorReviewItem(props: { review: VendorOwnReview; page: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { review } = props;
  const replied = useSettledAnswer<ReplyAnswer>(replyIntent(review.orderId))?.replied;
  return (
    <li className="card review-item" data-testid="vendor-review" data-order-id={review.orderId}>
      <div className="review-item-head">
        <Stars rating={review.rating} />
        <span className="muted">{formatDate(review.at, locale)}{review.verified ? <>{' '}<VerifiedMark /></> : null}</span>
      </div>
      {review.text ? <WrittenText as="p" className="review-text" text={review.text} /> : <p className="muted">{t('vendorReviews.noText')}</p>}
      {review.reply ? (
        <>
          <ReviewReply reply={review.reply} />
          {replied ? <p className="notice notice-success" role="status" data-testid="review-replied">{t('vendorReviews.reply.sent')}</p> : null}
        </>
      ) : <ReplyForm review={review} page={props.page} />}
    </li>
  );
}

function RatingSummaryView(props: { summary: RatingSummary }) {
  const { t, i18n } = useTranslation();
  const { summary } = props;
  const average = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(summary.avg ?? 0);
  return (
    <section className="card rating-summary" aria-labelledby="rating-summary-title" data-testid="rating-summary">
      <h2 id="rating-summary-title" className="visually-hidden">{t('vendorReviews.summaryTitle')}</h2>
      <div className="rating-average">
        <span className="muted">{t('vendorReviews.average')}</span>
        <span className="rating-average-value" data-testid="rating-average">{average}</span>
        <Stars rating={summary.avg ?? 0} />
        <span className="muted" data-testid="rating-count">{summary.count === 1 ? t('vendorReviews.basedOnOne') : t('vendorReviews.basedOn', { count: summary.count })}</span>
      </div>
      <div>
        <h3 className="visually-hidden">{t('vendorReviews.distribution')}</h3>
        <ul className="rating-bars" aria-label={t('vendorReviews.distribution')}>
          {STARS.map((stars) => {
            const count = summary.distribution[stars];
            const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
            return (
              <li key={stars} className="rating-bar" data-testid={`rating-bar-${stars}`} data-count={count}>
                <span className="visually-hidden">{t('vendorReviews.barLabel', { stars, count, total: summary.count })}</span>
                <span aria-hidden="true">{t('vendorReviews.starsLabel', { stars })}</span>
                <span className="rating-bar-track" aria-hidden="true"><span className="rating-bar-fill" style={{ inlineSize: `${share}%` }} /></span>
                <span className="rating-bar-count" aria-hidden="true">{count}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export function VendorReviewsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { page, reviews, card } = useLoaderData<typeof vendorReviewsLoader>();
  return (
    <DashboardLayout
      title={t('dashboard.items.vendor/reviews')}
      actions={card && reviews.summary.count > 0 ? <LocalLink to={vendorPath(card, locale)} className="button">{t('vendorReviews.publicPage')}</LocalLink> : undefined}
    >
      {reviews.summary.count === 0 ? (
        <div className="account-empty card" data-testid="no-vendor-reviews">
          <p>{t('vendorReviews.empty')}</p>
          <LocalLink to="/user/dashboard/vendor/orders" className="button">{t('vendorReviews.toOrders')}</LocalLink>
        </div>
      ) : (
        <>
          <RatingSummaryView summary={reviews.summary} />
          <section className="account-section" aria-labelledby="vendor-review-list-title">
            <h2 id="vendor-review-list-title">{t('vendorReviews.listTitle')}</h2>
            <ul className="review-items" data-testid="vendor-reviews">
              {reviews.items.map((review) => <VendorReviewItem key={review.orderId} review={review} page={page} />)}
            </ul>
          </section>
          <Pager page={page} pageSize={VENDOR_REVIEWS_PAGE_SIZE} total={reviews.total} />
        </>
      )}
    </DashboardLayout>
  );
}

export const vendorReviewRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/reviews', loader: vendorReviewsLoader, action: replyAction, Component: VendorReviewsPage },
];
