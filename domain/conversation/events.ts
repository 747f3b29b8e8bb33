import { z } from 'zod';
import { event } from '../shared/event-schema.ts';
import { Id, IsoTime } from '../shared/ids.ts';

// Stream `conversation-<conversationId>`: one conversation per (customer, vendor) pair; the id is
// derived from the pair by the edge so opening twice finds the same stream.
export const ConversationOpened = event('ConversationOpened', z.strictObject({
  conversationId: Id, customerId: Id, vendorId: Id, at: IsoTime,
}));
export const MessagePosted = event('MessagePosted', z.strictObject({
  conversationId: Id,
  messageId: Id,
  authorId: Id,
  /** Which side wrote: the customer, or someone acting for the vendor. */
  side: z.enum(['customer', 'vendor']),
  text: z.string().min(1).max(5000),
  at: IsoTime,
}));
export const ConversationRead = event('ConversationRead', z.strictObject({
  conversationId: Id, readerId: Id, side: z.enum(['customer', 'vendor']), upToMessageId: Id, at: IsoTime,
}));

export const ConversationEvent = z.discriminatedUnion('type', [ConversationOpened, MessagePosted, ConversationRead]);
export type ConversationEvent = z.infer<typeof ConversationEvent>;
