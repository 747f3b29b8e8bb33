import { useTranslation } from '../i18n/use-translation.ts';
import { formatDate } from '../app/format.ts';
import { useLocale } from '../app/links.tsx';
import type { RatingSummary, Review } from '../api/view-models.ts';
import { WrittenText } from './translated.tsx';

// A review as the storefront shows it (docs/reviews.md): its stars, date and "verified booking" mark (a
// review is of a completed order: the only kind that may be written), the customer's words, and the
// artist's one reply under it. And the rating breakdown: how many shown reviews gave each number of
// stars, 5 down to 1 (hidden reviews are not counted). The vendor's dashboard shows the same.
const STARS = ['5', '4', '3', '2', '1'] as const;

export function RatingBreakdown(props: { summary: Pick<RatingSummary, 'count'> & { distribution: Partial<Record<string, number>> } }) {
  const { t } = useTranslation();
  const { summary } = props;
  return (
    <ul className="rating-bars rating-breakdown" aria-label={t('reviewsPublic.breakdown')} data-testid="rating-breakdown">
      {STARS.map((stars) => {
        const count = summary.distribution[stars] ?? 0;
        const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
        return (
          <li key={stars} className="rating-bar" data-testid={`breakdown-${stars}`} data-count={count}>
            <span className="visually-hidden">{t('reviewsPublic.barLabel', { stars, count, total: summary.count })}</span>
            <span aria-hidden="true">{t('reviewsPublic.starsShort', { stars })}</span>
            <span className="rating-bar-track" aria-hidden="true"><span className="rating-bar-fill" style={{ inlineSize: `${share}%` }} /></span>
            <span className="rating-bar-count" aria-hidden="true">{count}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function VerifiedMark() {
  const { t } = useTranslation();
  return <span className="verified-booking" title={t('reviewsPublic.verifiedHint')} data-testid="verified-booking"><span aria-hidden="true">✓ </span>{t('reviewsPublic.verified')}</span>;
}

/** The artist's reply, under the review. */
export function ReviewReply(props: { reply: NonNullable<Review['reply']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { reply } = props;
  return (
    <div className="review-reply" data-testid="review-reply">
      <p className="review-reply-head">
        <strong>{reply.by === 'admin' ? t('reviewsPublic.replyFromAdmin') : t('reviewsPublic.replyTitle')}</strong>
        {' · '}<span className="muted">{formatDate(reply.at, locale)}</span>
      </p>
      <WrittenText as="p" text={reply.text} testId="review-reply-text" />
    </div>
  );
}

export function PublicReviewItem(props: { review: Review }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { review } = props;
  return (
    <li className="public-review" data-testid="public-review">
      <p className="public-review-head">
        <span className="rating" role="img" aria-label={t('reviewsPublic.rating', { rating: review.rating })}>{'★'.repeat(review.rating)}</span>
        {' '}<span className="muted">{formatDate(review.at, locale)}{review.editedAt ? ` · ${t('reviewsPublic.edited')}` : null}</span>
        {review.verified ? <>{' '}<VerifiedMark /></> : null}
      </p>
      <WrittenText as="p" text={review.text} testId="public-review-text" />
      {review.reply ? <ReviewReply reply={review.reply} /> : null}
    </li>
  );
}
