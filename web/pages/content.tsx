import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { environmentOf } from '../app/environment.ts';
import { articleByAlias, blogArticles, blogCategories } from '../api/queries.ts';
import { notFound, orNotFound } from '../app/loader-kit.ts';
import { PageMeta, StructuredData, useAbsoluteUrl } from '../app/page-meta.tsx';
import { breadcrumbList } from '../app/seo.ts';
import { LocalLink, useLocale } from '../app/links.tsx';
import { Translated, TranslatedHtml } from '../components/translated.tsx';
import { formatDate, tr } from '../app/format.ts';
import type { Article } from '../api/view-models.ts';

/** Article cards (the blog, a blog category, the search's articles): a blog post at the blog's path, a page at its own. */
export function ArticleList(props: { articles: Article[]; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (props.articles.length === 0) return <p className="empty">{t('blog.empty')}</p>;
  return (
    <ul className="article-cards">
      {props.articles.map((article) => (
        <li key={article.id} className="article-card" data-testid="article-card">
          <LocalLink to={article.kind === 'blog' ? `/blog/article/${article.alias}` : `/content/article/${article.alias}`}>
            <Translated as={props.headingLevel ?? 'h2'} value={article.title} />
            <Translated as="p" value={article.excerpt} />
            <p className="muted">{formatDate(article.publishedAt, locale)}</p>
          </LocalLink>
        </li>
      ))}
    </ul>
  );
}

export async function blogIndexLoader({ context }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const [articles, categories] = await Promise.all([blogArticles(environment.api), blogCategories(environment.api).catch(() => [])]);
  return { articles: articles.items, categories };
}

export function BlogIndexPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { articles, categories } = useLoaderData<typeof blogIndexLoader>();
  return (
    <div className="page narrow">
      <PageMeta title={t('blog.title')} description={t('blog.description')} />
      <h1>{t('blog.title')}</h1>
      {categories.length > 0 ? (
        <ul className="category-chips">
          {categories.map((category) => <li key={category.id}><LocalLink to={`/blog/category/${category.alias}`} className="chip">{tr(category.name, locale)}</LocalLink></li>)}
        </ul>
      ) : null}
      <ArticleList articles={articles} />
    </div>
  );
}

export async function blogCategoryLoader({ context, params }: LoaderFunctionArgs) {
  const environment = environmentOf(context);
  const categories = await blogCategories(environment.api);
  const category = categories.find((item) => item.alias === params.categoryAlias);
  if (!category) return notFound();
  const articles = await blogArticles(environment.api, category.alias);
  return { category, articles: articles.items };
}

export function BlogCategoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { category, articles } = useLoaderData<typeof blogCategoryLoader>();
  const name = tr(category.name, locale);
  return (
    <div className="page narrow">
      <PageMeta title={name} description={tr(category.description, locale) || t('blog.description')} />
      <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}><LocalLink to="/blog">{t('blog.title')}</LocalLink></nav>
      <h1>{name}</h1>
      <ArticleList articles={articles} />
    </div>
  );
}

/** An article by alias: blog articles, general articles, and the about, contact and terms pages. */
export function articleLoaderFor(fixedAlias?: string) {
  return async ({ context, params }: LoaderFunctionArgs) => {
    const environment = environmentOf(context);
    const alias = fixedAlias ?? params.articleAlias ?? '';
    if (!/^[a-z0-9-]{1,200}$/.test(alias)) return notFound();
    return { article: await orNotFound(articleByAlias(environment.api, alias)) };
  };
}

export function ArticlePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { article } = useLoaderData<{ article: Article }>();
  const url = useAbsoluteUrl();
  const title = tr(article.title, locale);
  const description = tr(article.excerpt, locale) || (tr(article.bodyHtml, locale).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 160));
  return (
    <article className="page narrow article" data-testid="article">
      <PageMeta title={title} description={description} />
      {article.kind === 'blog' ? (
        <StructuredData data={breadcrumbList([
          { name: t('site.name'), url: url('/') },
          { name: t('blog.title'), url: url('/blog') },
          { name: title, url: url(`/blog/article/${encodeURIComponent(article.alias)}`) },
        ])} />
      ) : null}
      {article.kind === 'blog' ? <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}><LocalLink to="/blog">{t('blog.title')}</LocalLink></nav> : null}
      <Translated as="h1" value={article.title} />
      {article.kind === 'blog' && article.publishedAt ? <p className="muted">{formatDate(article.publishedAt, locale)}</p> : null}
      <TranslatedHtml value={article.bodyHtml} />
    </article>
  );
}
