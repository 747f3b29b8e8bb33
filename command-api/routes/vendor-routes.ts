import { z } from 'zod';
import { israeliId } from '../../domain/shared/validation.ts';
import { Id } from '../../domain/shared/ids.ts';
import { userDecider, userStream } from '../../domain/user/decider.ts';
import { vendorDecider, vendorStream } from '../../domain/vendor/decider.ts';
import { VendorProfile as VendorProfileFields } from '../../domain/vendor/events.ts';
import { vendorMediaUrls, withWebMediaUrls } from '../media-urls.ts';
import { problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import type { RequestContext } from '../request-context.ts';
import { loadUserAccount } from '../user-account.ts';
import { requireKnownLanguages } from '../vendor-languages.ts';
import { WriteResult } from '../write-result.ts';
import { startSession } from './auth-routes.ts';
import { asArtistRegistration, registeredWith } from '../artist-registration.ts';

// Vendors (SPEC §3 Vendor; limits of SPEC §5 are in VendorProfile). A vendor is created by an admin,
// or by a signed-in user registering as an artist; the owner's user stream then links the vendor,
// which is what puts `vendorId` into their next token (artist registration answers fresh tokens).

const VendorParams = z.strictObject({ vendorId: Id });
const VendorProfile = withWebMediaUrls(VendorProfileFields, vendorMediaUrls);

export function vendorRoutes(deps: CommandDeps): CommandRoute[] {
  const vendors = deps.aggregate(vendorDecider, vendorStream);
  const users = deps.aggregate(userDecider, userStream);

  async function linkOwner(context: RequestContext, userId: string, vendorId: string, causationId?: string) {
    return users.execute(context, userId, { type: 'LinkUserVendor', userId, vendorId }, causationId);
  }

  /** The vendor's owner now, null when it has none (or does not exist). */
  async function currentOwner(vendorId: string): Promise<string | null> {
    const { state } = await vendors.load(vendorId);
    return state.status === 'absent' ? null : state.ownerUserId;
  }

  /** The languages the vendor lists now (none for a new vendor), which stay accepted. */
  async function listedLanguages(vendorId: string): Promise<string[]> {
    const { state } = await vendors.load(vendorId);
    return state.status === 'absent' ? [] : state.profile.languages;
  }

  /** A user who may become a vendor's owner: one without a vendor (or already owning `keeping`). */
  async function requireUser(userId: string, keeping?: string) {
    const account = await loadUserAccount(deps.eventStore, userId);
    if (!account) throw problems.notFound('There is no such user.');
    if (account.vendorId && account.vendorId !== keeping) throw problems.conflict('user.has-vendor', 'This user already owns a vendor.');
    return account;
  }

  return [
    defineRoute({
      method: 'post', path: '/api/artists/register', summary: 'Artist registration: the signed-in user creates and owns a vendor (answers fresh tokens)', tags: ['vendors'], auth: 'user',
      body: z.strictObject({ profile: VendorProfile }),
      response: WriteResult.extend({ token: z.string(), refresh_token: z.string() }), successStatus: 201,
    }, async ({ body, context }) => {
      const userId = context.actor.userId!;
      // Two appends: ids derived from the user make a retry after a crash between them (or after both,
      // the answer lost) finish the same registration instead of creating a second vendor.
      const registration = await asArtistRegistration(context, deps.eventStore, deps.tokens.secret);
      const vendorId = registration.newId();
      const account = await requireUser(userId, vendorId);
      // Already registered with this vendor: the same request again is a retry, another one a second vendor.
      if (account.vendorId === vendorId && !(await registeredWith(deps.eventStore, vendorId, body.profile))) {
        throw problems.conflict('user.has-vendor', 'This user already owns a vendor.');
      }
      await requireKnownLanguages(deps.eventStore, body.profile.languages);
      const outcome = await vendors.execute(registration, vendorId, {
        type: 'CreateVendor', vendorId, ownerUserId: userId, profile: body.profile,
      });
      await linkOwner(registration, userId, vendorId, outcome.events[0]?.id);
      const linked = (await loadUserAccount(deps.eventStore, userId))!;
      const answer = written(vendorId, outcome, 201);
      return { status: 201, body: { ...answer.body, ...(await startSession(deps, context, linked)) } };
    }, {
      // Not replayed by Idempotency-Key: the answer holds tokens, which must never be stored in the log.
      // A retry converges on its own (asArtistRegistration): the same vendor again, with fresh tokens.
      idempotent: false,
    }),

    defineRoute({
      method: 'put', path: '/api/vendor/profile', summary: "The vendor updates its own profile (an admin names vendorId)", tags: ['vendors'], auth: 'vendor',
      body: z.strictObject({
        vendorId: Id.optional(), profile: VendorProfile,
        keepMedia: z.boolean().optional().describe("Keep the media lists as they are now (the artist's editor writes them through /api/vendor/media/…)"),
      }), response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      await requireKnownLanguages(deps.eventStore, body.profile.languages, await listedLanguages(vendorId));
      const outcome = await vendors.execute(context, vendorId, {
        type: 'UpdateVendorProfile', vendorId, profile: body.profile, ...(body.keepMedia ? { keepMedia: true } : {}),
      });
      return written(vendorId, outcome);
    }),

    // SPEC §5 Israeli personal id: who is paid and invoiced (a personal id or a business number, same check).
    defineRoute({
      method: 'put', path: '/api/vendor/business-details', summary: "The vendor's business details: legal name and Israeli id or business number (an admin names vendorId)",
      tags: ['vendors'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), legalName: z.string().trim().min(2).max(200), israeliId }), response: WriteResult,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const outcome = await vendors.execute(context, vendorId, { type: 'SetVendorBusinessDetails', vendorId, legalName: body.legalName, israeliId: body.israeliId });
      return written(vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors', summary: 'Create a vendor, optionally owned by a user (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      body: z.strictObject({ vendorId: Id.optional(), ownerUserId: Id.nullable().default(null), profile: VendorProfile }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      if (body.ownerUserId) await requireUser(body.ownerUserId);
      await requireKnownLanguages(deps.eventStore, body.profile.languages);
      const vendorId = body.vendorId ?? context.newId();
      const outcome = await vendors.execute(context, vendorId, {
        type: 'CreateVendor', vendorId, ownerUserId: body.ownerUserId, profile: body.profile,
      });
      if (body.ownerUserId) await linkOwner(context, body.ownerUserId, vendorId, outcome.events[0]?.id);
      return written(vendorId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/admin/vendors/:vendorId', summary: "Update a vendor's profile (admin)", tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ profile: VendorProfile }), response: WriteResult,
    }, async ({ params, body, context }) => {
      await requireKnownLanguages(deps.eventStore, body.profile.languages, await listedLanguages(params.vendorId));
      const outcome = await vendors.execute(context, params.vendorId, {
        type: 'UpdateVendorProfile', vendorId: params.vendorId, profile: body.profile,
      });
      return written(params.vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors/:vendorId/owner', summary: 'Assign the owner of a vendor (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ ownerUserId: Id }), response: WriteResult,
    }, async ({ params, body, context }) => {
      await requireUser(body.ownerUserId, params.vendorId);
      const formerOwner = await currentOwner(params.vendorId);
      const outcome = await vendors.execute(context, params.vendorId, {
        type: 'AssignVendorOwner', vendorId: params.vendorId, ownerUserId: body.ownerUserId,
      });
      // The former owner lets go of it: a user holds one vendor at most, and they may no longer edit this one.
      if (formerOwner && formerOwner !== body.ownerUserId) {
        await users.execute(context, formerOwner, {
          type: 'UnlinkUserVendor', userId: formerOwner, vendorId: params.vendorId,
        }, outcome.events[0]?.id);
      }
      await linkOwner(context, body.ownerUserId, params.vendorId, outcome.events[0]?.id);
      return written(params.vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors/:vendorId/archive', summary: 'Archive a vendor (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, body: z.strictObject({ reason: z.string().trim().max(500).default('') }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await vendors.execute(context, params.vendorId, {
        type: 'ArchiveVendor', vendorId: params.vendorId, reason: body.reason,
      });
      return written(params.vendorId, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/admin/vendors/:vendorId/unarchive', summary: 'Bring an archived vendor back (admin)', tags: ['admin', 'vendors'], auth: 'admin',
      params: VendorParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await vendors.execute(context, params.vendorId, {
        type: 'UnarchiveVendor', vendorId: params.vendorId,
      });
      return written(params.vendorId, outcome);
    }),
  ];
}
