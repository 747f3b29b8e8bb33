import { Form } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Category, GeoLocation } from '../api/view-models.ts';
import { tr } from '../app/format.ts';
import { useLocale, useLocalizedPath } from '../app/links.tsx';

export interface SearchValues { text: string; category: string; geoLocation: string; date: string }

// A GET form: it works before hydration too, and after it navigates without a page load.
export function SearchForm(props: { categories: Category[]; places: GeoLocation[]; values?: Partial<SearchValues>; compact?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const values = props.values ?? {};
  return (
    <Form method="get" action={localize('/search')} className={`search-form${props.compact ? ' compact' : ''}`} role="search" data-testid="search-form">
      <label className="field field-grow">
        <span>{t('search.text')}</span>
        <input type="search" name="text" defaultValue={values.text ?? ''} placeholder={t('search.textPlaceholder')} maxLength={100} data-testid="search-text" />
      </label>
      <label className="field">
        <span>{t('search.category')}</span>
        <select name="category" defaultValue={values.category ?? ''} data-testid="search-category">
          <option value="">{t('search.anyCategory')}</option>
          {props.categories.map((category) => <option key={category.id} value={category.alias}>{tr(category.name, locale)}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t('search.location')}</span>
        <select name="geoLocation" defaultValue={values.geoLocation ?? ''} data-testid="search-location">
          <option value="">{t('search.anyLocation')}</option>
          {props.places.map((place) => <option key={place.id} value={place.id}>{tr(place.name, locale)}</option>)}
        </select>
      </label>
      <label className="field">
        <span>{t('search.date')}</span>
        <input type="date" name="date" defaultValue={values.date ?? ''} data-testid="search-date" />
      </label>
      <button type="submit" className="button button-primary" data-testid="search-submit">{t('search.submit')}</button>
    </Form>
  );
}
