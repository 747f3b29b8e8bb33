import { useTranslation } from '../i18n/use-translation.ts';
import type { VendorCard } from '../api/view-models.ts';

// How quickly an artist answers (issue 27 item 3; docs/storefront.md, "Response badges"): "usually replies
// within an hour / a few hours / a day" and the share answered, over the messages and quote requests of
// the last 90 days. The API answers null without enough samples (3): nothing is shown then.
export function ResponseBadge(props: { response: VendorCard['response']; className?: string }) {
  const { t } = useTranslation();
  const response = props.response;
  if (!response || (response.within === null && response.replyRate === null)) return null;
  return (
    <span className={`response-badge ${props.className ?? ''}`.trim()} data-testid="response-badge" title={t('search.response.about')}>
      {response.within ? <span data-testid="response-within">{t(`search.response.${response.within}`)}</span> : null}
      {response.replyRate !== null ? <span className="response-rate" data-testid="response-rate">{t('search.response.rate', { percent: Math.round(response.replyRate * 100) })}</span> : null}
    </span>
  );
}
