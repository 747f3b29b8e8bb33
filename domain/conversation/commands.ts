import { z } from 'zod';
import { command } from '../shared/command-schema.ts';
import { Id } from '../shared/ids.ts';

// Commands of a conversation (stream `conversation-<conversationId>`) between a customer and a vendor.

/** Opened by the customer; opening an open conversation changes nothing. */
export const OpenConversation = command('OpenConversation', { conversationId: Id, customerId: Id, vendorId: Id });
export type OpenConversation = z.infer<typeof OpenConversation>;

/** By the customer or the vendor's owner; the side is derived from the actor. */
export const PostMessage = command('PostMessage', { conversationId: Id, messageId: Id, text: z.string().trim().min(1).max(5000) });
export type PostMessage = z.infer<typeof PostMessage>;

export const MarkConversationRead = command('MarkConversationRead', { conversationId: Id, upToMessageId: Id });
export type MarkConversationRead = z.infer<typeof MarkConversationRead>;

export const ConversationCommand = z.discriminatedUnion('type', [OpenConversation, PostMessage, MarkConversationRead]);
export type ConversationCommand = z.infer<typeof ConversationCommand>;
