import { describe, expect, it } from 'vitest';
import { conversationsProjection, type ConversationView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const post = (messageId: string, side: 'customer' | 'vendor', minute: number) => recorded('conversation-k1', {
  type: 'MessagePosted', data: { conversationId: 'k1', messageId, authorId: side === 'customer' ? 'c1' : 'u-v1', side, text: `text ${messageId}`, at: at(minute) },
});

describe('conversations view', () => {
  it('tracks the last message and unread counts per side', () => {
    const docs = fold<ConversationView>(conversationsProjection, [
      recorded('conversation-k1', { type: 'ConversationOpened', data: { conversationId: 'k1', customerId: 'c1', vendorId: 'v1', at: at(0) } }),
      post('m1', 'customer', 1),
      post('m2', 'customer', 2),
      post('m3', 'vendor', 3),
      post('m4', 'vendor', 4),
      post('m5', 'vendor', 5),
    ]);
    expect(docs.k1).toMatchObject({
      customerId: 'c1', vendorId: 'v1', messageCount: 5, lastActivityAt: at(5),
      lastMessage: { messageId: 'm5', side: 'vendor', text: 'text m5' },
      // The vendor replied, so it has read the customer's messages; the customer has read none of the three replies.
      unread: { customer: 3, vendor: 0 },
    });
    const read = fold<ConversationView>(conversationsProjection, [
      recorded('conversation-k1', { type: 'ConversationRead', data: { conversationId: 'k1', readerId: 'c1', side: 'customer', upToMessageId: 'm3', at: at(6) } }),
    ], docs);
    expect(read.k1?.unread).toEqual({ customer: 2, vendor: 0 });
    const older = fold<ConversationView>(conversationsProjection, [
      recorded('conversation-k1', { type: 'ConversationRead', data: { conversationId: 'k1', readerId: 'c1', side: 'customer', upToMessageId: 'm1', at: at(7) } }),
    ], read);
    expect(older.k1?.unread).toEqual({ customer: 2, vendor: 0 });
  });
});
