import { useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { environmentOf } from '../../app/environment.ts';
import { requireVendor } from '../../app/guards.ts';
import { pageNumberOf } from '../../app/loader-kit.ts';
import { LocalLink, useLocale } from '../../app/links.tsx';
import { formatDate } from '../../app/format.ts';
import { vendorPath } from '../../app/vendor-path.ts';
import { vendorReviews, vendorsByIds } from '../../api/queries.ts';
import type { RatingSummary } from '../../api/view-models.ts';
import { Pager } from '../../components/pager.tsx';
import { Stars } from '../../components/stars.tsx';
import { WrittenText } from '../../components/translated.tsx';
import { DashboardLayout } from '../dashboard/dashboard-layout.tsx';

// user-dashboard-vendor-reviews: the reviews of the signed-in vendor, with the rating summary
// (average, count and how many reviews gave each number of stars, 5 down to 1).
export const VENDOR_REVIEWS_PAGE_SIZE = 20;
const STARS = ['5', '4', '3', '2', '1'] as const;

export async function vendorReviewsLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const user = await requireVendor(environment, request);
  const page = pageNumberOf(new URL(request.url));
  const [reviews, [card]] = await Promise.all([
    vendorReviews(environment.api, user.vendorId, (page - 1) * VENDOR_REVIEWS_PAGE_SIZE, VENDOR_REVIEWS_PAGE_SIZE),
    environment.categories().then((categories) => vendorsByIds(environment.api, [user.vendorId], categories)).catch(() => []),
  ]);
  return { page, reviews, card: card ?? null };
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
              {reviews.items.map((review, index) => (
                // Public review answers may not name the order, so the position keeps keys unique.
                <li key={`${review.reviewId}-${index}`} className="card review-item" data-testid="vendor-review">
                  <div className="review-item-head">
                    <Stars rating={review.rating} />
                    <span className="muted">{formatDate(review.at, locale)}</span>
                  </div>
                  {review.text ? <WrittenText as="p" className="review-text" text={review.text} /> : <p className="muted">{t('vendorReviews.noText')}</p>}
                </li>
              ))}
            </ul>
          </section>
          <Pager page={page} pageSize={VENDOR_REVIEWS_PAGE_SIZE} total={reviews.total} />
        </>
      )}
    </DashboardLayout>
  );
}

export const vendorReviewRoutes: RouteObject[] = [
  { path: 'user/dashboard/vendor/reviews', loader: vendorReviewsLoader, Component: VendorReviewsPage },
];
