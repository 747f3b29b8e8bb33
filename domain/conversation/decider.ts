import { Map as PersistentMap } from 'immutable';
import type { Decider } from '../shared/decider.ts';
import type { Actor } from '../shared/actor.ts';
import { ownsVendor } from '../shared/actor.ts';
import { refuse } from '../shared/refusal.ts';
import type { ConversationEvent } from './events.ts';
import type { ConversationCommand } from './commands.ts';
import { streamOf } from '../shared/ids.ts';

// A conversation (stream `conversation-<conversationId>`) between a customer and a vendor. The customer
// opens it; the customer and whoever owns the vendor write in it; each side marks what it has read.
// Admins read conversations through the read side (SPEC §6 "read on chatMessage") but do not write.

export type ConversationSide = 'customer' | 'vendor';

export type ConversationState =
  | { status: 'none' }
  | {
      status: 'open';
      conversationId: string;
      customerId: string;
      vendorId: string;
      /**
       * Message id → its position (1-based), so "read up to" compares positions. A persistent map: a
       * message adds one entry instead of copying every earlier one (a long conversation's cost per
       * message would grow with its length).
       */
      messages: PersistentMap<string, number>;
      messageCount: number;
      /** Position of the last message each side has read; 0 for none. */
      readUpTo: Record<ConversationSide, number>;
    };

/** The stream of one conversation (`conversation-<conversationId>`). */
export const conversationStream = streamOf('conversation');

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'ConversationOpened') {
      if (state.status === 'open') return state;
      const { conversationId, customerId, vendorId } = event.data;
      return { status: 'open', conversationId, customerId, vendorId, messages: PersistentMap<string, number>(), messageCount: 0, readUpTo: { customer: 0, vendor: 0 } };
    }
    if (state.status !== 'open') return state;
    switch (event.type) {
      case 'MessagePosted': {
        const position = state.messageCount + 1;
        // The author has read everything up to their own message.
        const readUpTo = { ...state.readUpTo, [event.data.side]: position };
        return { ...state, messages: state.messages.set(event.data.messageId, position), messageCount: position, readUpTo };
      }
      case 'ConversationRead': {
        const position = state.messages.get(event.data.upToMessageId) ?? 0;
        return { ...state, readUpTo: { ...state.readUpTo, [event.data.side]: Math.max(state.readUpTo[event.data.side], position) } };
      }
    }
  },

  decide(command, state) {
    const { actor } = command;
    switch (command.type) {
      case 'OpenConversation': {
        const { conversationId, customerId, vendorId } = command;
        if (actor.userId !== customerId && !actor.roles.includes('system')) {
          return refuse('forbidden', 'conversation.forbidden', 'You can only start a conversation for yourself.');
        }
        if (ownsVendor(actor, vendorId)) {
          return refuse('forbidden', 'conversation.own-vendor', 'You cannot start a conversation with your own vendor profile.');
        }
        if (state.status === 'open') {
          if (state.customerId === customerId && state.vendorId === vendorId) return [];
          return refuse('conflict', 'conversation.id-taken', 'This conversation belongs to someone else.');
        }
        return [{ type: 'ConversationOpened', data: { conversationId, customerId, vendorId, at: command.at } }];
      }
      case 'PostMessage': {
        if (state.status !== 'open') return refuse('not_found', 'conversation.not-found', 'There is no such conversation.');
        const { side, authorId } = participant(actor, state);
        if (state.messages.has(command.messageId)) return [];
        const text = command.text.trim();
        if (text === '') return refuse('invalid', 'conversation.empty-message', 'Please write a message before sending it.');
        return [{ type: 'MessagePosted', data: { conversationId: state.conversationId, messageId: command.messageId, authorId, side, text, at: command.at } }];
      }
      case 'MarkConversationRead': {
        if (state.status !== 'open') return refuse('not_found', 'conversation.not-found', 'There is no such conversation.');
        const { side, authorId } = participant(actor, state);
        const position = state.messages.get(command.upToMessageId);
        if (position === undefined) return refuse('not_found', 'conversation.message-not-found', 'There is no such message in this conversation.');
        if (position <= state.readUpTo[side]) return [];
        return [{
          type: 'ConversationRead',
          data: { conversationId: state.conversationId, readerId: authorId, side, upToMessageId: command.upToMessageId, at: command.at },
        }];
      }
    }
  },
};

/** The side the actor speaks for: the customer, or the vendor's owner. Anyone else is refused. */
function participant(actor: Actor, state: { customerId: string; vendorId: string }): { side: ConversationSide; authorId: string } {
  if (actor.userId !== null && actor.userId === state.customerId) return { side: 'customer', authorId: actor.userId };
  if (actor.userId !== null && ownsVendor(actor, state.vendorId)) return { side: 'vendor', authorId: actor.userId };
  return refuse('forbidden', 'conversation.forbidden', 'Only the customer and the vendor can take part in this conversation.');
}

/** How many messages a side has not read yet (for unread badges). */
export function unreadCount(state: ConversationState, side: ConversationSide): number {
  return state.status === 'open' ? state.messageCount - state.readUpTo[side] : 0;
}
