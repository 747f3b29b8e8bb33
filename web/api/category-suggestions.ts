import type { ApiClient } from './client.ts';
import { categoryFrom, pageFrom } from './adapters.ts';
import type { Category } from './view-models.ts';

/** How many categories the search box suggests at most. */
export const CATEGORY_SUGGESTION_LIMIT = 8;

/**
 * Artist categories whose name (Hebrew or English) or alias begins with the words typed, for the
 * search box's suggestions: the SPEC §7 text filter of the artist categories' children, which
 * handles Hebrew prefixes and final letters on the server. Silent: a failed suggestion shows nothing.
 */
export async function suggestCategories(api: ApiClient, text: string): Promise<Category[]> {
  const page = await api.get('tag/alias/artist-categories/children', { query: { text, limit: CATEGORY_SUGGESTION_LIMIT }, silent: true });
  return pageFrom(page, categoryFrom).items;
}
