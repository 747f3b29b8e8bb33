import { useTranslation } from '../i18n/use-translation.ts';

// A 1–5 rating as five stars, read out as "4 of 5 stars".
export function Stars(props: { rating: number }) {
  const { t } = useTranslation();
  const rating = Math.max(0, Math.min(5, Math.round(props.rating)));
  return <span className="stars" role="img" aria-label={t('reviews.stars', { rating })}>{'★'.repeat(rating)}{'☆'.repeat(5 - rating)}</span>;
}
