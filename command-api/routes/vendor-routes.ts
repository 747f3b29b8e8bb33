import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Id, streamId } from '../../domain/shared/ids.ts';
import { userDecider } from '../../domain/user/decider.ts';
import { vendorDecider } from '../../domain/vendor/decider.ts';
import { VendorProfile } from '../../domain/vendor/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import type { RequestContext } from '../request-context.ts';
import { loadUserAccount } from '../user-account.ts';
import { WriteResult } from '../write-result.ts';
import { tokensFor } from './auth-routes.ts';

// Vendors (SPEC §3 Vendor; limits of SPEC §5 are in VendorProfile). A vendor is created by an admin,
// or by a signed-in user registering as an artist; the owner's user stream then links the vendor,
// which is what puts `vendorId` into their next token (artist registration answers fresh tokens).

const VendorParams = z.strictObject({ vendorId: Id });
const vendorStream = (vendorId: string) => streamId('vendor', vendorId);

export function vendorRoutes(deps: CommandDeps): CommandRoute[] {
  async function linkOwner(context: RequestContext, userId: string, vendorId: string, causationId?: string) {
    return deps.execute(context, streamId('user', userId), userDecider, { type: 'LinkUserVendor', actor: context.actor, at: context.at, userId, vendorId }, causationId);
  }

  async function requireUser(userId: string) {
    const account = await loadUserAccount(deps.eventStore, userId);
    if (!account) throw problems.notFound('There is no such user.');
    if (account.vendorId) throw problems.conflict('user.has-vendor', 'This user already owns a vendor.');
    return account;
  }

  return [
    defineRoute({
      method: 'post', path: '/api/artists/register', summary: 'Artist registration: the signed-in user creates and owns a vendor (answers fresh tokens)', tags: ['vendors'], auth: 'user',
      body: z.strictObject({ profile: VendorProfile }),
      response: WriteResult.extend({ token: z.string(), refresh_token: z.string() }), successStatus: 201,
    }, async ({ body, context }) => {
      const userId = context.actor.userId!;
      await requireUser(userId);
      const vendorId = randomUUID();
      const outcome = await deps.execute(context, vendorStream(vendorId), vendorDecider, {
        type: 'CreateVendor', actor: context.actor, at: context.at, vendorId, ownerUserId: userId, profile: body.profile,
      });
      await linkOwner(context, userId, vendorId, outcome.events[0]?.id);
      const account = (await loadUserAccount(deps.eventStore, userId))!;
      const answer = written(vendorId, outcome, 201);
      return { status: 201, body: { ...answer.body, ...tokensFor(deps, account) } };
    }, {
      // Not replayed by Idempotency-Key: the answer holds tokens, which must never be stored in the log.
      // A retry is refused with 409 user.has-vendor instead, so it cannot create a second vendor.
      idempotent: false,
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/profile', summary: "The vendor updates its own profile (an admin names vendorId)", tags: ['vendors'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), profile: VendorProfile }), response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await deps.execute(context, vendorStream(vendorId), vendorDecider, {
        type: 'UpdateVendorProfile', actor: context.actor, at: context.at, vendorId, profile: body.profile,
      });
      return written(vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors', summary: 'Create a vendor, optionally owned by a user (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      body: z.strictObject({ vendorId: Id.optional(), ownerUserId: Id.nullable().default(null), profile: VendorProfile }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      if (body.ownerUserId) await requireUser(body.ownerUserId);
      const vendorId = body.vendorId ?? randomUUID();
      const outcome = await deps.execute(context, vendorStream(vendorId), vendorDecider, {
        type: 'CreateVendor', actor: context.actor, at: context.at, vendorId, ownerUserId: body.ownerUserId, profile: body.profile,
      });
      if (body.ownerUserId) await linkOwner(context, body.ownerUserId, vendorId, outcome.events[0]?.id);
      return written(vendorId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/vendors/:vendorId', summary: "Update a vendor's profile (admin)", tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ profile: VendorProfile }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, vendorStream(params.vendorId), vendorDecider, {
        type: 'UpdateVendorProfile', actor: context.actor, at: context.at, vendorId: params.vendorId, profile: body.profile,
      });
      return written(params.vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors/:vendorId/owner', summary: 'Assign the owner of a vendor (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ ownerUserId: Id }), response: WriteResult,
    }, async ({ params, body, context }) => {
      await requireUser(body.ownerUserId);
      const outcome = await deps.execute(context, vendorStream(params.vendorId), vendorDecider, {
        type: 'AssignVendorOwner', actor: context.actor, at: context.at, vendorId: params.vendorId, ownerUserId: body.ownerUserId,
      });
      await linkOwner(context, body.ownerUserId, params.vendorId, outcome.events[0]?.id);
      return written(params.vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors/:vendorId/archive', summary: 'Archive a vendor (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ reason: z.string().trim().max(500).default('') }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, vendorStream(params.vendorId), vendorDecider, {
        type: 'ArchiveVendor', actor: context.actor, at: context.at, vendorId: params.vendorId, reason: body.reason,
      });
      return written(params.vendorId, outcome);
    }),
  ];
}
