import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocalizedPath } from '../app/links.tsx';
import { MAX_VENDORS_PER_REQUEST } from '../../domain/quote-request/limits.ts';

// "Request quotes from these" under the search results (docs/quotes.md): the cards' checkboxes belong
// to this form (`form=` attribute: a card holds other forms, so it cannot sit inside this one), which
// opens the request form for the artists ticked. Without JavaScript it posts them as they are; with it
// the button counts them and says so when more than five are ticked.
export const QUOTE_SELECTION_FORM = 'quote-selection';

export function QuoteSelection() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const boxes = () => [...document.querySelectorAll<HTMLInputElement>(`input[type=checkbox][form="${QUOTE_SELECTION_FORM}"]`)];
    const update = () => setCount(boxes().filter((box) => box.checked).length);
    update();
    document.addEventListener('change', update);
    return () => document.removeEventListener('change', update);
  }, []);
  const tooMany = count !== null && count > MAX_VENDORS_PER_REQUEST;
  return (
    <form id={QUOTE_SELECTION_FORM} method="get" action={localize('/user/dashboard/quotes/new')} className={`quote-selection${count ? ' has-selection' : ''}`} data-testid="quote-selection">
      <p className="muted">{tooMany ? t('quotes.tooMany', { max: MAX_VENDORS_PER_REQUEST }) : t('quotes.selectHint', { max: MAX_VENDORS_PER_REQUEST })}</p>
      <button type="submit" className="button button-primary" disabled={count === 0 || tooMany} data-testid="request-selected-quotes">
        {t('quotes.fromSelected', { count: count ?? 0 })}
      </button>
    </form>
  );
}
