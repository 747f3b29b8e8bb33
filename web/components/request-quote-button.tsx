import { useTranslation } from '../i18n/use-translation.ts';
import { LocalLink } from '../app/links.tsx';
import { useRootData } from '../app/root-data.ts';

// "Request a quote" (docs/quotes.md): the way to a contract package, on the vendor page's hero and in
// place of "Order" on a contract package. It opens the request form for this artist; a guest signs in
// first and comes back to it. The artist does not ask itself.
export function RequestQuoteButton(props: { vendorId: string; primary?: boolean; className?: string }) {
  const { t } = useTranslation();
  const { user } = useRootData();
  if (user?.Vendor?.id === props.vendorId) return null;
  return (
    <LocalLink to={`/user/dashboard/quotes/new?vendor=${encodeURIComponent(props.vendorId)}`} className={`button${props.primary ? ' button-primary' : ''} request-quote${props.className ? ` ${props.className}` : ''}`} data-testid="request-quote">
      {t('quotes.requestQuote')}
    </LocalLink>
  );
}
