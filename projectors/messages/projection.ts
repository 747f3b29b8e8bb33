import type { Projection, ViewDoc } from '../projection.ts';

// Messages (README: `messages`): one document per message, listed by conversationId in `seq` order (the
// revision in the conversation stream). Access is checked on the conversation document.
export interface MessageView extends ViewDoc {
  messageId: string;
  conversationId: string;
  authorId: string;
  side: 'customer' | 'vendor';
  text: string;
  at: string;
  seq: number;
}

export const messagesProjection: Projection<MessageView> = {
  name: 'messages',
  collection: 'messages',
  eventTypes: ['MessagePosted'],
  keysOf: (event) => (event.type === 'MessagePosted' ? [event.data.messageId] : []),
  evolve(doc, event, id) {
    if (event.type !== 'MessagePosted') return doc;
    const { conversationId, authorId, side, text, at } = event.data;
    return { _id: id, messageId: id, conversationId, authorId, side, text, at, seq: event.revision };
  },
  indexes: [{ conversationId: 1, seq: 1, _id: 1 }],
};
