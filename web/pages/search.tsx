import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { searchArticles, searchProducts, searchVendors, SEARCH_PAGE_SIZE } from '../api/queries.ts';
import { ProductGrid } from './store.tsx';
import { ArticleList } from './content.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { SearchSortControl, sortChoiceOf } from '../components/search-sort.tsx';
import { VendorGrid } from '../components/vendor-card.tsx';
import { QuoteSelection, QUOTE_SELECTION_FORM } from '../components/quote-selection.tsx';
import { Pager } from '../components/pager.tsx';
import { PageMeta, StructuredData, useAbsoluteUrl } from '../app/page-meta.tsx';
import { breadcrumbList } from '../app/seo.ts';
import { notFound, pageNumberOf } from '../app/loader-kit.ts';
import { tr } from '../app/format.ts';
import { useLocale, LocalLink } from '../app/links.tsx';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** The search form's id: the sort select beside the results belongs to it. */
const SEARCH_FORM_ID = 'search-form';

export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const url = new URL(request.url);
  const page = pageNumberOf(url);
  const date = url.searchParams.get('date') ?? '';
  const values = {
    text: (url.searchParams.get('text') ?? '').slice(0, 100),
    category: url.searchParams.get('category') ?? '',
    geoLocation: url.searchParams.get('geoLocation') ?? '',
    date: isoDate.test(date) ? date : '',
  };
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  const sort = sortChoiceOf(url.searchParams.get('sort'), values);
  // SPEC §3: a search finds articles and products too — with words, on the first page, when no filter
  // narrows the search to artists (a category, a place or a free date are the artists' own).
  const alsoOthers = values.text.trim() !== '' && page === 1 && !values.category && !values.geoLocation && !values.date;
  const [results, products, articles] = await Promise.all([
    searchVendors(environment.api, { ...values, ...sort.api, start: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE }, categories),
    alsoOthers ? searchProducts(environment.api, values.text).catch(() => null) : null,
    alsoOthers ? searchArticles(environment.api, values.text).catch(() => null) : null,
  ]);
  return { categories, places, values, sort: { value: sort.sort, needsPlace: sort.needsPlace }, page, results, products, articles };
}

/** The result count with the sort beside it, and what the sort means when it is by distance or cannot be. */
function ResultsBar() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof searchLoader>();
  const place = data.places.find((item) => item.id === data.values.geoLocation);
  return (
    <div className="results-bar">
      <p className="result-count" data-testid="result-count">{t('search.resultCount', { count: data.results.total })}</p>
      <SearchSortControl form={SEARCH_FORM_ID} value={data.sort.value} withText={data.values.text.trim() !== ''} />
      {data.sort.value === 'distance' && place ? <p className="sort-note" data-testid="sort-note">{t('search.sort.fromPlace', { place: tr(place.name, locale) })}</p> : null}
      {data.sort.needsPlace ? <p className="sort-note" role="status" data-testid="sort-note">{t('search.sort.needsPlace')}</p> : null}
    </div>
  );
}

export function SearchPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof searchLoader>();
  return (
    <div className="page">
      <PageMeta title={data.values.text ? t('search.titleFor', { text: data.values.text }) : t('search.title')} description={t('search.description')} />
      <h1>{t('search.title')}</h1>
      <SearchForm id={SEARCH_FORM_ID} categories={data.categories} places={data.places} values={data.values} compact />
      {data.products || data.articles ? (
        <>
          <section aria-labelledby="search-artists" data-testid="search-artists">
            <h2 id="search-artists" className="search-section-title">{t('search.artistsTitle')}</h2>
            <ResultsBar />
            <VendorGrid vendors={data.results.items} headingLevel="h3" quoteForm={QUOTE_SELECTION_FORM} />
            {data.results.items.length > 0 ? <QuoteSelection /> : null}
            <Pager page={data.page} pageSize={SEARCH_PAGE_SIZE} total={data.results.total} />
          </section>
          {data.products && data.products.total > 0 ? (
            <section aria-labelledby="search-products" data-testid="search-products">
              <h2 id="search-products" className="search-section-title">{t('search.productsTitle', { count: data.products.total })}</h2>
              <ProductGrid products={data.products.items} headingLevel="h3" />
            </section>
          ) : null}
          {data.articles && data.articles.total > 0 ? (
            <section aria-labelledby="search-articles" data-testid="search-articles">
              <h2 id="search-articles" className="search-section-title">{t('search.articlesTitle', { count: data.articles.total })}</h2>
              <ArticleList articles={data.articles.items} headingLevel="h3" />
            </section>
          ) : null}
        </>
      ) : (
        <>
          <ResultsBar />
          <VendorGrid vendors={data.results.items} headingLevel="h2" quoteForm={QUOTE_SELECTION_FORM} />
          {data.results.items.length > 0 ? <QuoteSelection /> : null}
          <Pager page={data.page} pageSize={SEARCH_PAGE_SIZE} total={data.results.total} />
        </>
      )}
    </div>
  );
}

export async function categoryListLoader({ context }: LoaderFunctionArgs) {
  return { categories: await environmentOf(context).categories() };
}

export function CategoryListPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { categories } = useLoaderData<typeof categoryListLoader>();
  return (
    <div className="page">
      <PageMeta title={t('categories.title')} description={t('categories.description')} />
      <h1>{t('categories.title')}</h1>
      <ul className="category-grid">
        {categories.map((category) => (
          <li key={category.id}>
            <LocalLink to={`/artists/${category.alias}`} className="category-tile" data-testid="category-tile">{tr(category.name, locale)}</LocalLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function categoryLoader({ context, request, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const page = pageNumberOf(new URL(request.url));
  const categories = await environment.categories();
  const category = categories.find((item) => item.alias === params.categoryAlias);
  if (!category) return notFound();
  const results = await searchVendors(environment.api, { category: category.alias, start: (page - 1) * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE }, categories);
  return { category, page, results };
}

export function CategoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof categoryLoader>();
  const url = useAbsoluteUrl();
  const name = tr(data.category.name, locale);
  return (
    <div className="page">
      <PageMeta title={name} description={t('categories.categoryDescription', { name })} />
      <StructuredData data={breadcrumbList([
        { name: t('site.name'), url: url('/') },
        { name: t('categories.title'), url: url('/artists') },
        { name, url: url(`/artists/${encodeURIComponent(data.category.alias)}`) },
      ])} />
      <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}>
        <LocalLink to="/artists">{t('categories.title')}</LocalLink>
      </nav>
      <h1>{name}</h1>
      <p className="result-count">{t('search.resultCount', { count: data.results.total })}</p>
      <VendorGrid vendors={data.results.items} headingLevel="h2" />
      <Pager page={data.page} pageSize={SEARCH_PAGE_SIZE} total={data.results.total} />
    </div>
  );
}
