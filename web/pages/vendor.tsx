import { redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { preload } from 'react-dom';
import { environmentOf } from '../app/environment.ts';
import { vendorProducts } from '../api/queries.ts';
import { vendorPageReads } from '../api/vendor-page-reads.ts';
import { jewishCalendarShown } from '../api/jewish-calendar-shown.ts';
import { localeOfRequest, orNotFound } from '../app/loader-kit.ts';
import { vendorDisplayName, vendorPath } from '../app/vendor-path.ts';
import { localizedPath, languageTag } from '../app/locale-path.ts';
import { addDays, BOOKING_HORIZON_DAYS, israelDate, israelInstant } from '../app/israel-calendar.ts';
import { PageMeta, StructuredData, useAbsoluteUrl } from '../app/page-meta.tsx';
import { artistJsonLd, breadcrumbList } from '../app/seo.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { useRootData } from '../app/root-data.ts';
import { FavoriteButton } from '../app/favorites.tsx';
import { MessageArtistButton } from '../components/message-artist-button.tsx';
import { RequestQuoteButton } from '../components/request-quote-button.tsx';
import { PhoneNumberDispense } from '../components/phone-number-dispense.tsx';
import { languageOfText, tr } from '../app/format.ts';
import { Avatar } from '../components/avatar.tsx';
import { ResponseBadge } from '../components/response-badge.tsx';
import { Price } from '../components/price.tsx';
import { PaymentTermsSummary } from '../components/payment-terms-summary.tsx';
import { PublicReviewItem, RatingBreakdown } from '../components/public-review.tsx';
import { BookingCalendar } from '../components/booking-calendar.tsx';
import { YouTubeVideo } from '../components/youtube-video.tsx';
import { AudioTracks, PhotoGallery, VideoFiles } from '../components/vendor-gallery.tsx';
import { languageNameIn, Translated, TranslatedHtml } from '../components/translated.tsx';
import type { BusyInterval, Locale, ProductSummary, Review } from '../api/view-models.ts';

export async function vendorLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const locale = localeOfRequest(request);
  const vendorId = params.id ?? '';
  const reads = vendorPageReads(environment);
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  const vendor = await orNotFound(reads.page(vendorId, categories, places));
  // SPEC §2: a wrong category alias or name slug answers with the canonical URL.
  if (params.categoryAlias !== vendor.card.categoryAlias || params.vendorDisplayName !== vendorDisplayName(vendor.card, locale)) {
    const url = new URL(request.url);
    throw redirect(`${localizedPath(locale, vendorPath(vendor.card, locale))}${url.search}`, 301);
  }
  const products: ProductSummary[] = vendor.products.length ? vendor.products : await vendorProducts(environment.api, vendorId).catch(() => []);
  const now = Date.now();
  const today = israelDate(now);
  let busy: BusyInterval[] = [];
  let calendarAvailable = true;
  const range = { from: israelInstant(today, 0).toISOString(), to: israelInstant(addDays(today, BOOKING_HORIZON_DAYS + 1), 0).toISOString() };
  // Shabbat and holidays (docs/jewish-calendar.md): Hebrew dates, holidays and the artist's rest windows, computed by the API.
  // At the artist's first place: the same place the API would find from their card (the first of their
  // places it can locate), without reading the card again for it.
  const jewishRead = reads.jewishCalendar(vendorId, { ...range, geoLocation: vendor.profile.geoLocationIds[0] }).catch(() => null);
  try {
    busy = await reads.busy(vendorId, range.from, range.to);
  } catch {
    calendarAvailable = false;
  }
  const answer = await jewishRead;
  // Without the artist's rest windows a Friday evening would look bookable: the calendar waits for them.
  if (answer === null) calendarAvailable = false;
  // In the page's language only: the page's hydration data carries it to the browser.
  const jewish = answer && jewishCalendarShown(answer, locale);
  return { vendor: { ...vendor, products }, busy, jewish, calendarAvailable, now };
}

/** The artist as schema.org reads it (with its customers' rating and its offers) and the breadcrumbs to its page. */
function VendorStructuredData(props: { vendor: ReturnType<typeof useLoaderData<typeof vendorLoader>>['vendor'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { origin } = useRootData();
  const url = useAbsoluteUrl();
  const { card, products } = props.vendor;
  const name = tr(card.name, locale);
  const category = card.categoryNames[0];
  const page = url(vendorPath(card, locale));
  return (
    <StructuredData data={[
      artistJsonLd({
        origin, url: page, name, description: tr(card.intro, locale), imageUrl: card.heroImageUrl, logoUrl: card.logoImageUrl,
        locality: tr(card.originLocation, locale),
        rating: card.ratingAvg !== null ? { average: card.ratingAvg, count: card.ratingCount } : null,
        offers: products.map((product) => ({ name: tr(product.name, locale), url: url(`/store/product/${product.productId}`), price: product.price })),
      }),
      breadcrumbList([
        { name: t('site.name'), url: url('/') },
        { name: t('categories.title'), url: url('/artists') },
        ...(category ? [{ name: tr(category, locale), url: url(`/artists/${encodeURIComponent(card.categoryAlias)}`) }] : []),
        { name, url: page },
      ]),
    ]} />
  );
}

const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

export function VendorPageView() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { vendor, busy, jewish, calendarAvailable, now } = useLoaderData<typeof vendorLoader>();
  const { card } = vendor;
  // A media row without its link, or a video id that is not YouTube's, is not shown.
  const images = vendor.profile.images.filter((item) => item.url);
  const audio = vendor.profile.audio.filter((item) => item.url);
  const videos = vendor.profile.videos.filter((item) => YOUTUBE_VIDEO_ID.test(item.youtubeId));
  const videoFiles = (vendor.profile.videoFiles ?? []).filter((item) => item.url);
  const name = tr(card.name, locale);
  const languageNames = new Intl.DisplayNames([languageTag(locale)], { type: 'language' });
  const timed = vendor.products.filter((product) => product.type === 'timedService');
  // The hero photo is the page's largest paint: fetched with the stylesheet, not once the style that names it applies.
  if (card.heroImageUrl) preload(card.heroImageUrl, { as: 'image', fetchPriority: 'high' });
  return (
    <div className="vendor-page" data-testid="vendor-page" data-vendor-id={card.vendorId}>
      <PageMeta title={name} description={tr(card.intro, locale) || t('vendor.description', { name })} paths={{ he: vendorPath(card, 'he'), en: vendorPath(card, 'en') }} />
      <VendorStructuredData vendor={vendor} />
      <section className="vendor-hero" style={card.heroImageUrl ? { backgroundImage: `url(${JSON.stringify(card.heroImageUrl)})` } : undefined}>
        <div className="vendor-hero-inner page">
          <Avatar name={name} imageUrl={card.logoImageUrl} seed={card.vendorId} large />
          <div className="vendor-heading">
            <Translated as="h1" value={card.name} />
            <Translated as="p" className="vendor-intro" value={card.intro} />
            <p className="vendor-tags">
              {card.categoryNames.map((category) => <Translated className="chip chip-light" key={tr(category, 'en')} value={category} />)}
              {card.ratingAvg !== null ? <span className="rating">★ {card.ratingAvg.toFixed(1)} · {t('vendor.reviewCount', { count: card.ratingCount })}</span> : null}
            </p>
            {card.response ? <p className="vendor-response"><ResponseBadge response={card.response} /></p> : null}
          </div>
          <div className="vendor-hero-actions">
            <FavoriteButton vendorId={card.vendorId} vendorName={name} large />
            <MessageArtistButton vendorId={card.vendorId} />
            <RequestQuoteButton vendorId={card.vendorId} primary />
          </div>
        </div>
      </section>

      <div className="page vendor-columns">
        <div className="vendor-main">
          <section className="section">
            <h2>{t('vendor.about')}</h2>
            <TranslatedHtml value={vendor.aboutHtml} testId="vendor-about" />
          </section>

          {images.length > 0 ? (
            <section className="section">
              <h2>{t('vendor.images')}</h2>
              <PhotoGallery name={name} images={images} />
            </section>
          ) : null}

          {audio.length > 0 ? (
            <section className="section">
              <h2>{t('vendor.audio')}</h2>
              <AudioTracks name={name} tracks={audio} />
            </section>
          ) : null}

          {videos.length + videoFiles.length > 0 ? (
            <section className="section">
              <h2>{t('vendor.videos')}</h2>
              <div className="video-grid">
                {videos.map((video) => <YouTubeVideo key={video.youtubeId} youtubeId={video.youtubeId} description={video.description} />)}
                <VideoFiles name={name} videos={videoFiles} />
              </div>
            </section>
          ) : null}

          <section className="section" id="products">
            <h2>{t('vendor.products')}</h2>
            {vendor.products.length === 0 ? <p className="empty">{t('vendor.noProducts')}</p> : (
              <ul className="product-list">
                {vendor.products.map((product) => (
                  <li key={product.productId} className="product-row" data-testid="product-row" data-product-type={product.type}>
                    <div>
                      <h3><LocalLink to={`/store/product/${product.productId}`}><Translated value={product.name} /></LocalLink></h3>
                      <Translated as="p" value={product.introText} />
                      <p className="muted">{t(`product.type.${product.type}`)}{product.serviceDuration ? ` · ${t('product.duration', { minutes: product.serviceDuration })}` : ''}</p>
                      <PaymentTermsSummary terms={product.paymentTerms} price={product.price} />
                    </div>
                    <div className="product-buy">
                      <Price money={product.price} className="price price-large" />
                      {product.type === 'timedService'
                        ? <a href="#booking" className="button">{t('vendor.pickDate')}</a>
                        : product.type === 'contractService'
                          // A contract package is bought through a quote (docs/quotes.md), never ordered directly.
                          ? <RequestQuoteButton vendorId={card.vendorId} />
                          : <LocalLink to={`/checkout?productId=${product.productId}`} className="button">{t('product.order')}</LocalLink>}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="section" id="booking">
            <h2>{t('vendor.calendar')}</h2>
            {timed.length === 0 ? <p className="empty">{t('vendor.noTimedProducts')}</p>
              : calendarAvailable ? <BookingCalendar products={timed} busy={busy} jewish={jewish} now={now} />
              : <p className="empty">{t('vendor.calendarUnavailable')}</p>}
          </section>

          <section className="section">
            <h2>{t('vendor.reviews')}</h2>
            {vendor.reviewsSummary.count === 0 ? <p className="empty">{t('vendor.noReviews')}</p> : (
              <>
                <p className="rating">★ {vendor.reviewsSummary.avg?.toFixed(1)} · {t('vendor.reviewCount', { count: vendor.reviewsSummary.count })}</p>
                <RatingBreakdown summary={vendor.reviewsSummary} />
                <ReviewsByLanguage reviews={vendor.reviews} />
              </>
            )}
          </section>
        </div>

        <aside className="vendor-side">
          <section className="card">
            <h2>{t('vendor.details')}</h2>
            <dl className="facts">
              <dt>{t('vendor.languages')}</dt>
              <dd>{card.languages.map((code) => languageName(languageNames, code)).join(', ')}</dd>
              <dt>{t('vendor.origin')}</dt>
              <Translated as="dd" value={card.originLocation} />
              {vendor.geoLocations.length > 0 ? (<><dt>{t('vendor.performsIn')}</dt><dd>{vendor.geoLocations.map((place) => tr(place.name, locale)).join(', ')}</dd></>) : null}
              {card.priceFrom ? (<><dt>{t('vendor.pricesFrom')}</dt><dd className="fact-price"><Price money={card.priceFrom} /></dd></>) : null}
            </dl>
          </section>
          <PhoneNumberDispense vendorId={card.vendorId} vendorName={name} />
          {vendor.profile.generalInfo.length > 0 ? (
            <section className="card">
              <h2>{t('vendor.generalInfo')}</h2>
              <dl className="facts">
                {vendor.profile.generalInfo.map((info, index) => (<div key={index}><Translated as="dt" value={info.title} /><Translated as="dd" value={info.content} /></div>))}
              </dl>
            </section>
          ) : null}
          <LocalLink to={`/store/vendor/${card.vendorId}`} className="button button-block">{t('vendor.storePage')}</LocalLink>
        </aside>
      </div>
    </div>
  );
}

/** The reviews in the page's language, and those in the other one (a review without letters counts as the page's). */
export function reviewsByLanguage(reviews: Review[], locale: Locale): { own: Review[]; other: Review[] } {
  const inPageLanguage = (review: Review) => (languageOfText(review.text) ?? locale) === locale;
  return { own: reviews.filter(inPageLanguage), other: reviews.filter((review) => !inPageLanguage(review)) };
}

/**
 * A review is its customer's own words, in the language they wrote it in. The page lists the reviews in its
 * own language; those in the other language wait behind "Reviews in English (2)", marked, unless there are
 * no others to show.
 */
function ReviewsByLanguage(props: { reviews: Review[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { own, other } = reviewsByLanguage(props.reviews, locale);
  const list = (reviews: Review[]) => (
    <ul className="review-list">
      {reviews.map((review) => (
        <PublicReviewItem key={review.reviewId} review={review} />
      ))}
    </ul>
  );
  if (own.length === 0) return list(other);
  return (
    <>
      {list(own)}
      {other.length > 0 ? (
        <details className="other-language-reviews" data-testid="other-language-reviews">
          <summary>{t('vendor.otherLanguageReviews', { language: languageNameIn(locale, locale === 'he' ? 'en' : 'he'), count: other.length })}</summary>
          {list(other)}
        </details>
      ) : null}
    </>
  );
}

/** The language's name in the page's language; the code itself when Intl cannot name it (a code from older data). */
function languageName(names: Intl.DisplayNames, code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** /artists/{categoryAlias}/{id} without a name slug: on to the canonical URL. */
export async function vendorShortLoader(args: LoaderFunctionArgs) {
  return vendorLoader({ ...args, params: { ...args.params, vendorDisplayName: '' } });
}
