import type { Projection, ViewDoc } from '../projection.ts';

// Conversations (README: `conversations`): one document per conversation with both participants, the
// last message and unread counts per side. `messageSides` keeps the side of every message in order
// ('c' or 'v'), so "read up to message M" turns into exact unread counts whatever M is.
export type Side = 'customer' | 'vendor';

export interface ConversationView extends ViewDoc {
  conversationId: string;
  customerId: string;
  vendorId: string;
  openedAt: string;
  lastActivityAt: string;
  messageCount: number;
  lastMessage: { messageId: string; authorId: string; side: Side; text: string; at: string } | null;
  unread: Record<Side, number>;
  /** How many messages (from the start) each side has read. */
  readUpTo: Record<Side, number>;
  messageSides: Array<'c' | 'v'>;
  /** Message id → its index in messageSides. */
  _messageIndex: Record<string, number>;
}

const other = (side: Side): Side => (side === 'customer' ? 'vendor' : 'customer');
const sideCode = (side: Side): 'c' | 'v' => (side === 'customer' ? 'c' : 'v');

/** Messages written by the other side after what `side` has read. */
function unreadFor(side: Side, conversation: Pick<ConversationView, 'messageSides' | 'readUpTo'>): number {
  const theirs = sideCode(other(side));
  return conversation.messageSides.slice(conversation.readUpTo[side]).filter((code) => code === theirs).length;
}

function withUnread(conversation: ConversationView): ConversationView {
  return { ...conversation, unread: { customer: unreadFor('customer', conversation), vendor: unreadFor('vendor', conversation) } };
}

/**
 * The index with one message more, as `{ ...index, [messageId]: at }` (the same keys in the same order)
 * but as an object without a prototype: every message id is a key met once in the whole log, and a
 * spread adding it made V8 a new hidden class per message (the most of a rebuild's conversations).
 */
function withMessage(index: Record<string, number>, messageId: string, at: number): Record<string, number> {
  const next = { __proto__: null } as unknown as Record<string, number>;
  for (const key in index) next[key] = index[key]!;
  next[messageId] = at;
  return next;
}

export const conversationsProjection: Projection<ConversationView> = {
  name: 'conversations',
  collection: 'conversations',
  privateFields: ['_messageIndex'],
  eventTypes: ['ConversationOpened', 'MessagePosted', 'ConversationRead'],
  keysOf: (event) => ('conversationId' in event.data ? [event.data.conversationId] : []),
  evolve(doc, event, id) {
    if (event.type === 'ConversationOpened') {
      const { customerId, vendorId, at } = event.data;
      return {
        _id: id, conversationId: id, customerId, vendorId, openedAt: at, lastActivityAt: at,
        messageCount: 0, lastMessage: null, unread: { customer: 0, vendor: 0 }, readUpTo: { customer: 0, vendor: 0 },
        messageSides: [], _messageIndex: {},
      };
    }
    // Messages and reads follow ConversationOpened in the same stream.
    if (!doc) return null;
    switch (event.type) {
      case 'MessagePosted': {
        const { messageId, authorId, side, text, at } = event.data;
        if (messageId in doc._messageIndex) return doc;
        const messageSides = [...doc.messageSides, sideCode(side)];
        // Writing a message means having read everything before it.
        const readUpTo = { ...doc.readUpTo, [side]: messageSides.length };
        return withUnread({
          ...doc, messageSides, readUpTo, _messageIndex: withMessage(doc._messageIndex, messageId, messageSides.length - 1),
          messageCount: messageSides.length, lastMessage: { messageId, authorId, side, text, at }, lastActivityAt: at,
        });
      }
      case 'ConversationRead': {
        const index = doc._messageIndex[event.data.upToMessageId];
        if (index === undefined) return doc;
        const side = event.data.side;
        const readUpTo = { ...doc.readUpTo, [side]: Math.max(doc.readUpTo[side], index + 1) };
        return withUnread({ ...doc, readUpTo });
      }
      default:
        return doc;
    }
  },
  // The lists' sorts for each side and for admins, `_id` last as the sorts end (query-api/paging.ts).
  indexes: [
    { customerId: 1, lastActivityAt: -1, _id: -1 }, { customerId: 1, openedAt: -1, _id: -1 },
    { vendorId: 1, lastActivityAt: -1, _id: -1 }, { vendorId: 1, openedAt: -1, _id: -1 },
    { lastActivityAt: -1, _id: -1 }, { openedAt: -1, _id: -1 },
  ],
};
