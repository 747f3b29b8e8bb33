import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';

// The search page's sort (`/search?sort=`): best match (only with words), name, best rated, lowest
// price, nearest to the chosen location, or fastest to reply. The select sits beside the result count but belongs to the
// search form (its `form` attribute), so a sort is submitted with every filter of the form and a
// filter keeps the sort — a GET form, without JavaScript too (its button is then the way to apply it).
// Once hydrated, choosing a sort submits the form at once and the button goes.

export const SEARCH_SORTS = ['relevance', 'name', 'rating', 'price', 'distance', 'response'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SortChoice {
  /** What the select shows. */
  sort: SearchSort;
  /** The vendor search's parameters for it (query-api/routes/vendor-reads.ts). */
  api: { sort: string; near?: string; geoLocation?: string };
  /** Distance was asked without a location: the default order is shown instead. */
  needsPlace: boolean;
}

/**
 * The sort of a search from its URL value: relevance without words, or distance without a location,
 * fall back to the default (best match with words, else by name). With distance the chosen location
 * is the place measured from, not a filter: the nearest artists come first, the others after them.
 */
export function sortChoiceOf(value: string | null, search: { text: string; geoLocation: string }): SortChoice {
  const withText = search.text.trim() !== '';
  const fallback: SearchSort = withText ? 'relevance' : 'name';
  const asked = (SEARCH_SORTS as readonly string[]).includes(value ?? '') ? (value as SearchSort) : fallback;
  const geoLocation = search.geoLocation || undefined;
  if (asked === 'distance') {
    if (geoLocation) return { sort: 'distance', api: { sort: 'distance', near: geoLocation, geoLocation: undefined }, needsPlace: false };
    return { sort: fallback, api: { sort: fallback, geoLocation }, needsPlace: true };
  }
  const sort = asked === 'relevance' && !withText ? 'name' : asked;
  const apiSort = { relevance: 'relevance', name: 'name', rating: '-rating', price: 'price', response: 'response' }[sort];
  return { sort, api: { sort: apiSort, geoLocation }, needsPlace: false };
}

export function SearchSortControl(props: { form: string; value: SearchSort; withText: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sorts = SEARCH_SORTS.filter((sort) => sort !== 'relevance' || props.withText);
  return (
    <div className="search-sort" data-testid="search-sort-bar">
      <label htmlFor={`${id}-sort`}>{t('search.sort.label')}</label>
      <select
        id={`${id}-sort`}
        key={props.value}
        name="sort"
        form={props.form}
        defaultValue={props.value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        data-testid="search-sort"
      >
        {sorts.map((sort) => <option key={sort} value={sort}>{t(`search.sort.${sort}`)}</option>)}
      </select>
      {hydrated ? null : <button type="submit" form={props.form} className="button button-small" data-testid="search-sort-apply">{t('search.sort.apply')}</button>}
    </div>
  );
}
