import { useTranslation } from '../i18n/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { withoutTrackedParameters } from '../app/tracking.ts';

// Paging links that keep the current query (tracked parameters are not in page links: SPEC §9).
export function Pager(props: { page: number; pageSize: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  const hrefOf = (page: number) => {
    const params = new URLSearchParams(withoutTrackedParameters(location.search));
    if (page === 1) params.delete('page'); else params.set('page', String(page));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}`;
  };
  return (
    <nav className="pager" aria-label={t('search.pages')}>
      {props.page > 1 ? <Link to={hrefOf(props.page - 1)} rel="prev">{t('search.previous')}</Link> : <span />}
      <span>{t('search.pageOf', { page: props.page, pages })}</span>
      {props.page < pages ? <Link to={hrefOf(props.page + 1)} rel="next" data-testid="next-page">{t('search.next')}</Link> : <span />}
    </nav>
  );
}
