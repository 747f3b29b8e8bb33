import { useTranslation } from '../i18n/use-translation.ts';
import type { VendorCard as VendorCardData } from '../api/view-models.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { FavoriteButton } from '../app/favorites.tsx';
import { tr } from '../app/format.ts';
import { vendorPath } from '../app/vendor-path.ts';
import { Price } from './price.tsx';
import { Avatar } from './avatar.tsx';
import { Translated } from './translated.tsx';
import { ResponseBadge } from './response-badge.tsx';

/**
 * `headingLevel`: h2 where the cards follow the page's h1 directly (a result list), h3 under a section's h2.
 * `quoteForm`: the id of a form asking several artists for quotes (search results): the card then has a
 * checkbox of that form (outside the card's link, and not nested in a form).
 */
export function VendorCard(props: { vendor: VendorCardData; headingLevel?: 'h2' | 'h3'; quoteForm?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { vendor } = props;
  const name = tr(vendor.name, locale);
  return (
    <article className="vendor-card" data-testid="vendor-card" data-vendor-id={vendor.vendorId}>
      <LocalLink to={vendorPath(vendor, locale)} className="vendor-card-link">
        <Avatar name={name} imageUrl={vendor.logoImageUrl} seed={vendor.vendorId} />
        <div className="vendor-card-body">
          <Translated as={props.headingLevel ?? 'h3'} className="vendor-card-name" value={vendor.name} />
          <Translated as="p" className="vendor-card-intro" value={vendor.intro} />
          <p className="vendor-card-meta">
            {vendor.categoryNames.slice(0, 2).map((category) => tr(category, locale)).join(' · ')}
          </p>
          <p className="vendor-card-footer">
            {vendor.priceFrom ? <span>{t('vendor.priceFrom')} <Price money={vendor.priceFrom} /></span> : <span />}
            {vendor.ratingAvg !== null ? <span className="rating">★ {vendor.ratingAvg.toFixed(1)} ({vendor.ratingCount})</span> : null}
          </p>
          {vendor.response ? <p className="vendor-card-response"><ResponseBadge response={vendor.response} /></p> : null}
        </div>
      </LocalLink>
      <FavoriteButton vendorId={vendor.vendorId} vendorName={name} />
      {props.quoteForm ? (
        <label className="quote-select">
          <input type="checkbox" name="vendor" value={vendor.vendorId} form={props.quoteForm} data-testid="select-for-quote" />
          <span>{t('quotes.requestQuote')}</span>
          <span className="visually-hidden">: {name}</span>
        </label>
      ) : null}
    </article>
  );
}

export function VendorGrid(props: { vendors: VendorCardData[]; headingLevel?: 'h2' | 'h3'; quoteForm?: string }) {
  const { t } = useTranslation();
  if (props.vendors.length === 0) return <p className="empty" data-testid="no-results">{t('search.noResults')}</p>;
  return <div className="vendor-grid">{props.vendors.map((vendor) => <VendorCard key={vendor.vendorId} vendor={vendor} headingLevel={props.headingLevel} quoteForm={props.quoteForm} />)}</div>;
}
