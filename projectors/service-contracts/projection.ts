import type { Money } from '../../domain/shared/money.ts';
import type { Translatable } from '../../domain/shared/translatable.ts';
import type { ViewDoc } from '../projection.ts';
import { contentEntityProjection } from '../content-entity-projection.ts';

// Service contract templates (README: `serviceContracts`): the terms and usual price an artist's
// contract can start from, managed by admins (SPEC §2 admin nav "service contract").
export interface ServiceContractTemplateView extends ViewDoc {
  id: string;
  title: Translatable;
  alias: string;
  text: Translatable;
  price: Money;
  createdAt: string;
  updatedAt: string;
}

export const serviceContractsProjection = contentEntityProjection<'serviceContract', ServiceContractTemplateView>({
  name: 'service-contracts',
  collection: 'serviceContracts',
  entityType: 'serviceContract',
  toView: (fields, id) => ({ id, title: fields.title, alias: fields.alias, text: fields.text, price: fields.price }),
  indexes: [{ alias: 1, _id: 1 }],
});
