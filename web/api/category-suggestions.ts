import type { ApiClient } from './client.ts';
import type { Category } from './view-models.ts';

/** How many categories the search box suggests at most. */
export const CATEGORY_SUGGESTION_LIMIT = 8;

/**
 * Artist categories whose name (Hebrew or English) or alias begins with the words typed, for the
 * search box's suggestions: the SPEC §7 text filter of the artist categories' children, which
 * handles Hebrew prefixes and final letters on the server. Silent: a failed suggestion shows nothing.
 * The answer's parsers are imported with the first suggestion, as web/api/queries.ts does.
 */
export async function suggestCategories(api: ApiClient, text: string): Promise<Category[]> {
  const { categoryFrom, pageFrom } = await import('./adapters.ts');
  const page = await api.get('tag/alias/artist-categories/children', { query: { text, limit: CATEGORY_SUGGESTION_LIMIT }, silent: true });
  return pageFrom(page, categoryFrom).items;
}
