import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { featuredProducts, product as loadProduct, searchVendors, SEARCH_PAGE_SIZE, vendorPage, vendorProducts } from '../api/queries.ts';
import { favoriteProductIds } from '../api/queries.ts';
import { RequestQuoteButton } from '../components/request-quote-button.tsx';
import { SaveProductButton } from '../components/save-product-button.tsx';
import { orNotFound, pageNumberOf } from '../app/loader-kit.ts';
import { PageMeta, StructuredData, useAbsoluteUrl } from '../app/page-meta.tsx';
import { breadcrumbList, productJsonLd } from '../app/seo.ts';
import { useRootData } from '../app/root-data.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { tr } from '../app/format.ts';
import { vendorPath } from '../app/vendor-path.ts';
import { Price } from '../components/price.tsx';
import { PaymentTermsSummary } from '../components/payment-terms-summary.tsx';
import { VendorGrid } from '../components/vendor-card.tsx';
import { Pager } from '../components/pager.tsx';
import { Translated, TranslatedHtml } from '../components/translated.tsx';
import type { ProductSummary } from '../api/view-models.ts';
import { IsolatedText } from '../components/isolated-text.tsx';

/** Product cards (the store, an artist's store, the search's services). */
export function ProductGrid(props: { products: ProductSummary[]; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  if (props.products.length === 0) return <p className="empty">{t('store.noProducts')}</p>;
  return (
    <ul className="product-grid">
      {props.products.map((item) => (
        <li key={item.productId} className="product-card" data-testid="product-card">
          <LocalLink to={`/store/product/${item.productId}`}>
            <Translated as={props.headingLevel ?? 'h3'} value={item.name} />
            <Translated as="p" value={item.introText} />
            <p className="product-card-foot"><span className="muted">{t(`product.type.${item.type}`)}</span>{' '}<Price money={item.price} /></p>
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}

export async function storeHomeLoader({ context }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  return { products: await featuredProducts(environment.api, 12) };
}

export function StoreHomePage() {
  const { t } = useTranslation();
  const { products } = useLoaderData<typeof storeHomeLoader>();
  return (
    <div className="page">
      <PageMeta title={t('store.title')} description={t('store.description')} />
      <div className="section-head">
        <h1>{t('store.title')}</h1>
        <LocalLink to="/store/vendors">{t('store.allVendors')}</LocalLink>
      </div>
      <ProductGrid products={products} />
    </div>
  );
}

export async function vendorListLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const page = pageNumberOf(new URL(request.url));
  const categories = await environment.categories();
  return { page, results: await searchVendors(environment.api, { start: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE }, categories) };
}

export function VendorListPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof vendorListLoader>();
  return (
    <div className="page">
      <PageMeta title={t('store.vendorsTitle')} description={t('store.description')} />
      <h1>{t('store.vendorsTitle')}</h1>
      <VendorGrid vendors={data.results.items} headingLevel="h2" />
      <Pager page={data.page} pageSize={SEARCH_PAGE_SIZE} total={data.results.total} />
    </div>
  );
}

export async function productLoader({ context, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const item = await orNotFound(loadProduct(environment.api, params.productId ?? ''));
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  const vendor = await vendorPage(environment.api, item.vendorId, categories, places).catch(() => null);
  // Whether the signed-in user saved this product (null for a guest, who is offered sign-in).
  const user = await environment.currentUser();
  const saved = user ? (await favoriteProductIds(environment.api).catch(() => [] as string[])).includes(item.productId) : null;
  return { product: item, vendor: vendor?.card ?? null, saved };
}

/** The product and its offer as schema.org reads them, and the breadcrumbs: store, the artist's store, the product. */
function ProductStructuredData() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { origin } = useRootData();
  const url = useAbsoluteUrl();
  const { product, vendor } = useLoaderData<typeof productLoader>();
  const name = tr(product.name, locale);
  const page = url(`/store/product/${product.productId}`);
  const seller = vendor ? { name: tr(vendor.name, locale), url: url(vendorPath(vendor, locale)) } : null;
  return (
    <StructuredData data={[
      productJsonLd({
        origin, url: page, name, description: tr(product.introText, locale), price: product.price,
        images: [product.introImage, ...product.images.map((image) => image.url)].filter((image): image is string => Boolean(image)),
        seller: seller ?? { name: t('site.name'), url: url('/') },
      }),
      breadcrumbList([
        { name: t('site.name'), url: url('/') },
        { name: t('store.title'), url: url('/store') },
        ...(vendor && seller ? [{ name: seller.name, url: url(`/store/vendor/${encodeURIComponent(vendor.vendorId)}`) }] : []),
        { name, url: page },
      ]),
    ]} />
  );
}

export function ProductPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { product, vendor, saved } = useLoaderData<typeof productLoader>();
  const name = tr(product.name, locale);
  return (
    <div className="page narrow" data-testid="product-page">
      <PageMeta title={name} description={tr(product.introText, locale)} />
      <ProductStructuredData />
      {vendor ? <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}><LocalLink to={vendorPath(vendor, locale)}><Translated value={vendor.name} /></LocalLink></nav> : null}
      <Translated as="h1" value={product.name} />
      <Translated as="p" className="lead" value={product.introText} />
      {/* a div, not a p: the save button is a form, and a form inside a p breaks hydration */}
      <div className="product-buy-line">
        <Price money={product.price} className="price price-large" />
        <span className="muted">{t(`product.type.${product.type}`)}{product.serviceDuration ? ` · ${t('product.duration', { minutes: product.serviceDuration })}` : ''}</span>
        <SaveProductButton key={product.productId} productId={product.productId} productName={name} saved={saved} />
      </div>
      <PaymentTermsSummary terms={product.paymentTerms} price={product.price} open heading="h2" />
      {product.type === 'timedService' && vendor
        ? <LocalLink to={`${vendorPath(vendor, locale)}#booking`} className="button button-primary">{t('vendor.pickDate')}</LocalLink>
        : product.type === 'contractService'
          // A contract package is bought through a quote (docs/quotes.md), never ordered directly.
          ? <p className="request-quote-line"><RequestQuoteButton vendorId={product.vendorId} primary /> <span className="muted">{t('quotes.requestQuoteHint')}</span></p>
          : <LocalLink to={`/checkout?productId=${product.productId}`} className="button button-primary">{t('product.order')}</LocalLink>}
      <section className="section">
        <h2>{t('product.information')}</h2>
        <TranslatedHtml value={product.informationHtml} testId="product-information" />
      </section>
      {product.additionalInformation.length > 0 ? (
        <section className="section">
          <dl className="facts">
            {product.additionalInformation.map((info, index) => <div key={index}><Translated as="dt" value={info.title} /><Translated as="dd" value={info.content} /></div>)}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

export async function vendorStoreLoader({ context, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const vendorId = params.vendorId ?? '';
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  const vendor = await orNotFound(vendorPage(environment.api, vendorId, categories, places));
  const products = vendor.products.length ? vendor.products : await vendorProducts(environment.api, vendorId).catch(() => []);
  return { vendor: vendor.card, products };
}

export function VendorStorePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { vendor, products } = useLoaderData<typeof vendorStoreLoader>();
  const name = tr(vendor.name, locale);
  return (
    <div className="page">
      <PageMeta title={t('store.vendorStoreTitle', { name })} description={tr(vendor.intro, locale)} />
      <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}><LocalLink to={vendorPath(vendor, locale)}><Translated value={vendor.name} /></LocalLink></nav>
      <h1><IsolatedText i18nKey="store.vendorStoreTitle" values={{ name }} /></h1>
      <ProductGrid products={products} />
    </div>
  );
}

