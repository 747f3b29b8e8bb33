import type { ViewStore } from '../../domain/ports/view-store.ts';
import type { AccessRuleSource } from '../../infra/http/access-guard.ts';
import { aclProjection, type AclRuleView } from './projection.ts';

/** The access rules as the `aclRules` view holds them, for the API guards (infra/http/access-guard.ts). */
export function accessRulesOfViews(viewStore: ViewStore): AccessRuleSource {
  return () => viewStore.collection<AclRuleView>(aclProjection.collection).find({});
}
