import { useTranslation } from '../i18n/use-translation.ts';
import { PageMeta } from '../app/page-meta.tsx';
import { LocalLink } from '../app/links.tsx';
import { useFavorites } from '../app/favorites.tsx';
import { VendorGrid } from '../components/vendor-card.tsx';

// The favorites page (guests and users alike). The dashboards are under
// web/pages/dashboard/ (personal menu) and web/pages/vendor-dashboard/ (vendor menu).
export function FavoritesPage() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  return (
    <div className="page" data-testid="favorites-page">
      <PageMeta title={t('favorites.title')} description={t('favorites.description')} />
      <h1>{t('favorites.title')}</h1>
      {favorites.vendors.length === 0 ? <p className="empty">{t('favorites.empty')}</p> : <VendorGrid vendors={favorites.vendors} headingLevel="h2" />}
    </div>
  );
}
