import type { Translatable } from '../../domain/shared/translatable.ts';
import type { ViewDoc } from '../projection.ts';
import { contentEntityProjection } from '../content-entity-projection.ts';

// Categories (README: `categories`), e.g. of blog articles.
export interface CategoryView extends ViewDoc {
  id: string;
  name: Translatable;
  alias: string;
  description: Translatable | null;
  createdAt: string;
  updatedAt: string;
}

export const categoriesProjection = contentEntityProjection<'category', CategoryView>({
  name: 'categories',
  collection: 'categories',
  entityType: 'category',
  toView: (fields, id) => ({ id, name: fields.name, alias: fields.alias, description: fields.description ?? null }),
  indexes: [{ alias: 1, _id: 1 }],
});
