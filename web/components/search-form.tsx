import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import type { Category, GeoLocation } from '../api/view-models.ts';
import { suggestCategories } from '../api/category-suggestions.ts';
import { environmentOf } from '../app/environment.ts';
import { tr } from '../app/format.ts';
import { useLocale, useLocalizedPath } from '../app/links.tsx';

export interface SearchValues { text: string; category: string; geoLocation: string; date: string }

/** Typing pauses this long before categories are asked for. */
const SUGGEST_DELAY_MS = 150;

// A GET form: it works before hydration too, and after it navigates without a page load. Once
// hydrated, the text box is a combobox (ARIA 1.2, list autocomplete): categories matching the words
// typed are suggested under it; arrows move through them, Enter opens the category's page, Escape
// closes the list; Enter without a chosen suggestion searches.
export function SearchForm(props: { categories: Category[]; places: GeoLocation[]; values?: Partial<SearchValues>; compact?: boolean; id?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const values = props.values ?? {};
  return (
    <Form id={props.id} method="get" action={localize('/search')} className={`search-form${props.compact ? ' compact' : ''}`} role="search" data-testid="search-form">
      <SearchText key={values.text ?? ''} initial={values.text ?? ''} />
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

/** The text box with its category suggestions. */
function SearchText(props: { initial: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-categories`;
  const [text, setText] = useState(props.initial);
  const [suggestions, setSuggestions] = useState<Category[]>([]);
  const [open, setOpen] = useState(false);
  // The active suggestion by id, so it stays active when the answer to a longer word still has it.
  const [activeId, setActiveId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);
  const active = suggestions.findIndex((category) => category.id === activeId);

  useEffect(() => {
    const words = text.trim();
    const request = ++asked.current;
    if (!words) {
      setSuggestions([]);
      setBusy(false);
      return undefined;
    }
    setBusy(true);
    const timer = setTimeout(() => {
      suggestCategories(environmentOf(undefined).api, words)
        // Only the answer to the latest words counts; an earlier, slower one is dropped.
        .then((found) => { if (request === asked.current) setSuggestions(found); })
        .catch(() => { if (request === asked.current) setSuggestions([]); })
        .finally(() => { if (request === asked.current) setBusy(false); });
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const expanded = open && suggestions.length > 0;
  const openCategory = (category: Category) => {
    setOpen(false);
    navigate(localize(`/artists/${category.alias}`));
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      const next = !expanded || active < 0 ? (step === 1 ? 0 : suggestions.length - 1) : (active + step + suggestions.length) % suggestions.length;
      setActiveId(suggestions[next]!.id);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < suggestions.length) {
      event.preventDefault();
      openCategory(suggestions[active]!);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActiveId(null);
    }
  }

  return (
    <div className="field field-grow search-text">
      <label htmlFor={`${id}-text`}>{t('search.text')}</label>
      <div className="combobox">
        <input
          id={`${id}-text`}
          type="search"
          name="text"
          value={text}
          onChange={(event) => { setText(event.target.value); setOpen(true); }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => { setOpen(false); setActiveId(null); }}
          placeholder={t('search.textPlaceholder')}
          maxLength={100}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          data-testid="search-text"
        />
        <ul id={listId} role="listbox" aria-label={t('search.suggestions.label')} className="suggestions" hidden={!expanded} aria-busy={busy} data-testid="search-suggestions">
          {suggestions.map((category, index) => (
            <li
              key={category.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`suggestion${index === active ? ' is-active' : ''}`}
              data-alias={category.alias}
              // Keep the focus in the box, so the click is not lost to blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openCategory(category)}
            >
              <span className="suggestion-name">{tr(category.name, locale)}</span>
              <span className="suggestion-kind">{t('search.suggestions.kind')}</span>
            </li>
          ))}
        </ul>
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">{expanded ? t('search.suggestions.count', { count: suggestions.length }) : ''}</span>
    </div>
  );
}
