import type { Translatable } from '../../domain/shared/translatable.ts';
import type { ViewDoc } from '../projection.ts';
import { contentEntityProjection } from '../content-entity-projection.ts';

// Brands (README: `brands`).
export interface BrandView extends ViewDoc {
  id: string;
  name: Translatable;
  alias: string;
  createdAt: string;
  updatedAt: string;
}

export const brandsProjection = contentEntityProjection<'brand', BrandView>({
  name: 'brands',
  collection: 'brands',
  entityType: 'brand',
  toView: (fields, id) => ({ id, name: fields.name, alias: fields.alias }),
  indexes: [{ alias: 1, _id: 1 }],
});
