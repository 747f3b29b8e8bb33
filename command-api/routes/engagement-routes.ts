import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { calendarDecider } from '../../domain/calendar/decider.ts';
import { contractDecider } from '../../domain/contract/decider.ts';
import { conversationDecider } from '../../domain/conversation/decider.ts';
import { favoritesDecider } from '../../domain/favorites/decider.ts';
import { notificationDecider } from '../../domain/notification/decider.ts';
import { Money } from '../../domain/shared/money.ts';
import { Id, IsoTime, streamId } from '../../domain/shared/ids.ts';
import { trackingDecider } from '../../domain/tracking/decider.ts';
import { TrackingSource } from '../../domain/tracking/events.ts';
import { problems } from '../../infra/http/problem.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { targetVendorId } from '../guards.ts';
import { loadUserAccount } from '../user-account.ts';
import { requireProductExists, requireVendorExists } from '../vendor-exists.ts';
import { WriteResult } from '../write-result.ts';

// What customers and vendors do with each other: favorites (SPEC §4, §7 paths), busy windows,
// conversations, service contracts, notifications read, and source tracking (SPEC §7, public).

const VendorParams = z.strictObject({ vendorId: Id });
const ConversationParams = z.strictObject({ id: Id });
const ContractParams = z.strictObject({ id: Id });

/** One conversation per (customer, vendor): the id is derived from the pair, so opening twice finds it. */
export const conversationIdOf = (customerId: string, vendorId: string): string =>
  createHash('sha256').update(`${customerId}:${vendorId}`).digest('hex').slice(0, 32);

const ContractTerms = {
  title: z.string().trim().min(1).max(200),
  terms: z.string().trim().min(1).max(20000),
  price: Money,
  eventDate: IsoTime.optional(),
};

export function engagementRoutes(deps: CommandDeps): CommandRoute[] {
  // Add and remove are idempotent (SPEC §7 POST/DELETE); toggle is SPEC §4's "remove if favorite, else add".
  const favorite = (action: 'add' | 'remove' | 'toggle', kind: 'vendor' | 'product') => {
    const base = kind === 'vendor' ? '/api/artists/vendor/:vendorId/favored/by-user' : '/api/store/product/:productId/favored/by-user';
    const params = kind === 'vendor' ? z.strictObject({ vendorId: Id }) : z.strictObject({ productId: Id });
    const verb = { add: 'Add', remove: 'Remove', toggle: 'Toggle' }[action];
    return defineRoute({
      method: action === 'remove' ? 'delete' : 'post', path: action === 'toggle' ? `${base}/toggle` : base,
      summary: `${verb} a favorite ${kind} of the signed-in user`, tags: ['favorites'], auth: 'user', params, response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      const stream = streamId('favorites', userId);
      const common = { actor: context.actor, at: context.at, userId };
      const p = params as { vendorId?: string; productId?: string };
      let outcome;
      if (p.vendorId !== undefined) {
        if (action !== 'remove') await requireVendorExists(deps.eventStore, p.vendorId);
        const type = ({ add: 'AddFavoriteVendor', remove: 'RemoveFavoriteVendor', toggle: 'ToggleFavoriteVendor' } as const)[action];
        outcome = await deps.execute(context, stream, favoritesDecider, { ...common, type, vendorId: p.vendorId });
      } else {
        if (action !== 'remove') await requireProductExists(deps.eventStore, p.productId!);
        const type = ({ add: 'AddFavoriteProduct', remove: 'RemoveFavoriteProduct', toggle: 'ToggleFavoriteProduct' } as const)[action];
        outcome = await deps.execute(context, stream, favoritesDecider, { ...common, type, productId: p.productId! });
      }
      return written((p.vendorId ?? p.productId)!, outcome);
    });
  };

  return [
    ...(['vendor', 'product'] as const).flatMap((kind) => (['add', 'remove', 'toggle'] as const).map((action) => favorite(action, kind))),

    defineRoute({
      method: 'post', path: '/api/vendor/busy-windows', summary: "Block time in the vendor's calendar (an admin names vendorId)", tags: ['calendar'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), start: IsoTime, end: IsoTime, reason: z.string().trim().max(200).optional() }),
      response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      const windowId = randomUUID();
      const outcome = await deps.execute(context, streamId('calendar', vendorId), calendarDecider, {
        type: 'CreateBusyWindow', actor: context.actor, at: context.at, windowId, vendorId, start: body.start, end: body.end,
        ...(body.reason ? { reason: body.reason } : {}),
      });
      return written(windowId, outcome, 201);
    }),

    defineRoute({
      method: 'delete', path: '/api/vendor/busy-windows/:id', summary: 'Remove a busy window (an admin adds ?vendorId=)', tags: ['calendar'], auth: 'vendor',
      params: z.strictObject({ id: Id }), query: z.object({ vendorId: Id.optional() }), response: WriteResult,
    }, async ({ params, query, context }) => {
      const vendorId = targetVendorId(context.actor, query.vendorId);
      const outcome = await deps.execute(context, streamId('calendar', vendorId), calendarDecider, {
        type: 'RemoveBusyWindow', actor: context.actor, at: context.at, windowId: params.id, vendorId,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/conversations', summary: 'Open (or find) the conversation of the signed-in user with a vendor, optionally with a first message', tags: ['conversations'], auth: 'user',
      body: z.strictObject({ vendorId: Id, text: z.string().trim().min(1).max(5000).optional() }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      await requireVendorExists(deps.eventStore, body.vendorId);
      const customerId = context.actor.userId!;
      const conversationId = conversationIdOf(customerId, body.vendorId);
      const stream = streamId('conversation', conversationId);
      let outcome = await deps.execute(context, stream, conversationDecider, {
        type: 'OpenConversation', actor: context.actor, at: context.at, conversationId, customerId, vendorId: body.vendorId,
      });
      if (body.text) {
        outcome = await deps.execute(context, stream, conversationDecider, {
          type: 'PostMessage', actor: context.actor, at: context.at, conversationId, messageId: randomUUID(), text: body.text,
        });
      }
      return written(conversationId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/conversations/:id/messages', summary: 'Post a message (the customer or the vendor)', tags: ['conversations'], auth: 'user',
      params: ConversationParams, body: z.strictObject({ text: z.string().trim().min(1).max(5000) }),
      response: WriteResult.extend({ messageId: z.string() }), successStatus: 201,
    }, async ({ params, body, context }) => {
      const messageId = randomUUID();
      const outcome = await deps.execute(context, streamId('conversation', params.id), conversationDecider, {
        type: 'PostMessage', actor: context.actor, at: context.at, conversationId: params.id, messageId, text: body.text,
      });
      const answer = written(params.id, outcome, 201);
      return { status: 201, body: { ...answer.body, messageId } };
    }),

    defineRoute({
      method: 'post', path: '/api/conversations/:id/read', summary: 'Mark the conversation read up to a message', tags: ['conversations'], auth: 'user',
      params: ConversationParams, body: z.strictObject({ upToMessageId: Id }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('conversation', params.id), conversationDecider, {
        type: 'MarkConversationRead', actor: context.actor, at: context.at, conversationId: params.id, upToMessageId: body.upToMessageId,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/contracts', summary: 'Draft a service contract for a customer (the vendor; an admin names vendorId)', tags: ['contracts'], auth: 'vendor',
      body: z.strictObject({ vendorId: Id.optional(), customerId: Id, orderId: Id.optional(), ...ContractTerms }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      const vendorId = targetVendorId(context.actor, body.vendorId);
      if (!(await loadUserAccount(deps.eventStore, body.customerId))) throw problems.notFound('There is no such customer.');
      const contractId = randomUUID();
      const { vendorId: _named, ...fields } = body;
      const outcome = await deps.execute(context, streamId('contract', contractId), contractDecider, {
        ...fields, type: 'DraftContract', actor: context.actor, at: context.at, contractId, vendorId,
      });
      return written(contractId, outcome, 201);
    }),

    defineRoute({
      method: 'put', path: '/api/contracts/:id', summary: 'Revise a draft contract (the vendor)', tags: ['contracts'], auth: 'user',
      params: ContractParams, body: z.strictObject(ContractTerms), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('contract', params.id), contractDecider, {
        ...body, type: 'ReviseContract', actor: context.actor, at: context.at, contractId: params.id,
      });
      return written(params.id, outcome);
    }),

    ...(['send', 'sign'] as const).map((action) => defineRoute({
      method: 'post', path: `/api/contracts/:id/${action}`,
      summary: action === 'send' ? 'Send a draft contract to the customer (the vendor)' : 'Sign a sent contract (the customer or the vendor)',
      tags: ['contracts'], auth: 'user', params: ContractParams, response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('contract', params.id), contractDecider, {
        type: action === 'send' ? 'SendContract' : 'SignContract', actor: context.actor, at: context.at, contractId: params.id,
      });
      return written(params.id, outcome);
    })),

    defineRoute({
      method: 'post', path: '/api/contracts/:id/cancel', summary: 'Cancel a contract with a reason', tags: ['contracts'], auth: 'user',
      params: ContractParams, body: z.strictObject({ reason: z.string().trim().min(1).max(500) }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await deps.execute(context, streamId('contract', params.id), contractDecider, {
        type: 'CancelContract', actor: context.actor, at: context.at, contractId: params.id, reason: body.reason,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/notifications/:id/read', summary: 'Mark one of my notifications read', tags: ['notifications'], auth: 'user',
      params: z.strictObject({ id: Id }), response: WriteResult,
    }, async ({ params, context }) => {
      const userId = context.actor.userId!;
      const outcome = await deps.execute(context, streamId('notifications', userId), notificationDecider, {
        type: 'MarkNotificationRead', actor: context.actor, at: context.at, userId, notificationId: params.id,
      });
      return written(params.id, outcome);
    }),

    defineRoute({
      method: 'post', path: '/api/tracking/source/hit/:source', summary: 'Count a visit from a utm_source (public, empty body)', tags: ['tracking'], auth: 'public',
      params: z.strictObject({ source: TrackingSource }), response: WriteResult,
    }, async ({ params, context }) => {
      const outcome = await deps.execute(context, streamId('tracking', params.source), trackingDecider, {
        type: 'RecordSourceHit', actor: context.actor, at: context.at, source: params.source,
      });
      return written(params.source, outcome);
    }),
  ];
}
