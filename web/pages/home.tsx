import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { searchVendors, blogArticles } from '../api/queries.ts';
import { SearchForm } from '../components/search-form.tsx';
import { VendorGrid } from '../components/vendor-card.tsx';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink, useLocale } from '../app/links.tsx';
import { tr } from '../app/format.ts';

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const [categories, places] = await Promise.all([environment.categories(), environment.geoLocations()]);
  const [featured, articles] = await Promise.all([
    searchVendors(environment.api, { start: 0, limit: 8, sort: '-rating' }, categories),
    blogArticles(environment.api).catch(() => ({ items: [], total: 0 })),
  ]);
  return { categories, places, featured: featured.items, vendorTotal: featured.total, articles: articles.items.slice(0, 3) };
}

export function HomePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useLoaderData<typeof homeLoader>();
  return (
    <div className="home">
      <PageMeta title={t('home.title')} description={t('home.description')} />
      <section className="hero">
        <div className="hero-inner">
          <h1>{t('home.heading')}</h1>
          <p className="hero-lead">{t('home.lead', { count: data.vendorTotal })}</p>
          <SearchForm categories={data.categories} places={data.places} />
        </div>
      </section>
      <section className="page section">
        <h2>{t('home.categories')}</h2>
        <ul className="category-chips">
          {data.categories.map((category) => (
            <li key={category.id}><LocalLink to={`/artists/${category.alias}`} className="chip">{tr(category.name, locale)}</LocalLink></li>
          ))}
        </ul>
      </section>
      <section className="page section">
        <div className="section-head">
          <h2>{t('home.featured')}</h2>
          <LocalLink to="/search">{t('home.seeAll')}</LocalLink>
        </div>
        <VendorGrid vendors={data.featured} />
      </section>
      {data.articles.length > 0 ? (
        <section className="page section">
          <div className="section-head">
            <h2>{t('home.fromTheBlog')}</h2>
            <LocalLink to="/blog">{t('home.seeAll')}</LocalLink>
          </div>
          <ul className="article-list">
            {data.articles.map((article) => (
              <li key={article.id}><LocalLink to={`/blog/article/${article.alias}`}>{tr(article.title, locale)}</LocalLink></li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
