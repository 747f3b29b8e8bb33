import { createHash } from 'node:crypto';
import { z } from 'zod';
import { conversationDecider, conversationStream } from '../../domain/conversation/decider.ts';
import { Id } from '../../domain/shared/ids.ts';
import { written, type CommandDeps } from '../command-deps.ts';
import { defineRoute, type CommandRoute } from '../command-route.ts';
import { requireVendorExists } from '../vendor-exists.ts';
import { WriteResult } from '../write-result.ts';

// Conversations between a customer and a vendor (`conversation-<id>`).

const ConversationParams = z.strictObject({ id: Id });

/** One conversation per (customer, vendor): the id is derived from the pair, so opening twice finds it. */
export const conversationIdOf = (customerId: string, vendorId: string): string =>
  createHash('sha256').update(`${customerId}:${vendorId}`).digest('hex').slice(0, 32);

export function conversationRoutes(deps: CommandDeps): CommandRoute[] {
  const conversations = deps.aggregate(conversationDecider, conversationStream);

  return [
    defineRoute({
      method: 'post', path: '/api/conversations', summary: 'Open (or find) the conversation of the signed-in user with a vendor, optionally with a first message', tags: ['conversations'], auth: 'user',
      body: z.strictObject({ vendorId: Id, text: z.string().trim().min(1).max(5000).optional() }), response: WriteResult, successStatus: 201,
    }, async ({ body, context }) => {
      await requireVendorExists(deps.eventStore, body.vendorId);
      const customerId = context.actor.userId!;
      const conversationId = conversationIdOf(customerId, body.vendorId);
      let outcome = await conversations.execute(context, conversationId, {
        type: 'OpenConversation', conversationId, customerId, vendorId: body.vendorId,
      });
      if (body.text) {
        outcome = await conversations.execute(context, conversationId, {
          type: 'PostMessage', conversationId, messageId: context.newId(), text: body.text,
        });
      }
      return written(conversationId, outcome, 201);
    }),

    defineRoute({
      method: 'post', path: '/api/conversations/:id/messages', summary: 'Post a message (the customer or the vendor)', tags: ['conversations'], auth: 'user',
      params: ConversationParams, body: z.strictObject({ text: z.string().trim().min(1).max(5000) }),
      response: WriteResult.extend({ messageId: z.string() }), successStatus: 201,
    }, async ({ params, body, context }) => {
      const messageId = context.newId();
      const outcome = await conversations.execute(context, params.id, {
        type: 'PostMessage', conversationId: params.id, messageId, text: body.text,
      });
      const answer = written(params.id, outcome, 201);
      return { status: 201, body: { ...answer.body, messageId } };
    }),

    defineRoute({
      method: 'post', path: '/api/conversations/:id/read', summary: 'Mark the conversation read up to a message', tags: ['conversations'], auth: 'user',
      params: ConversationParams, body: z.strictObject({ upToMessageId: Id }), response: WriteResult,
    }, async ({ params, body, context }) => {
      const outcome = await conversations.execute(context, params.id, {
        type: 'MarkConversationRead', conversationId: params.id, upToMessageId: body.upToMessageId,
      });
      return written(params.id, outcome);
    }),
  ];
}
