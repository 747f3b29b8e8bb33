import type { Actor } from '../../domain/shared/actor.ts';
import { backOfficeRules, holdsEveryRight, isAllowed, isStaff, type AccessRule } from '../../domain/acl/access.ts';
import { HttpProblem } from './problem.ts';
import { routeAccess } from './route-access.ts';
import type { RouteSpec } from './route-spec.ts';

// The access rules' part of both APIs' guards: after the route's `auth` is checked
// (401 for a guest), an admin route is for staff only, and a staff member needs a rule that grants the
// route's asset and action (infra/http/route-access.ts) to one of their roles or groups — else 403.
// Only rules for staff roles and groups count here (domain/acl/access.ts, backOfficeRules).

/** The current rules, e.g. from the `aclRules` view (projectors/acl/access-rules.ts). */
export type AccessRuleSource = () => Promise<readonly AccessRule[]>;

/** No rules at all: only the root roles pass admin routes (the command API without views, in tests). */
export const noAccessRules: AccessRuleSource = async () => [];

/** `params` are the request's raw path parameters (Express's `req.params`). */
export type AccessGuard = (spec: Pick<RouteSpec, 'method' | 'path' | 'auth'>, params: Record<string, string | string[] | undefined>, actor: Actor) => Promise<void>;

export function accessGuard(rulesOf: AccessRuleSource): AccessGuard {
  return async (spec, params, actor) => {
    const entityType = params.entityType;
    const needed = routeAccess(spec, { entityType: typeof entityType === 'string' ? entityType : undefined });
    if (!needed || holdsEveryRight(actor)) return;
    if (!isStaff(actor)) throw new HttpProblem(403, 'Forbidden', { code: 'forbidden', detail: 'Only the back office staff may do this.' });
    if (!isAllowed(backOfficeRules(await rulesOf()), actor, needed.asset, needed.action)) {
      throw new HttpProblem(403, 'Forbidden', {
        code: 'acl.forbidden', detail: `No access rule grants you ${needed.action} on ${needed.asset}.`, asset: needed.asset, action: needed.action,
      });
    }
  };
}
