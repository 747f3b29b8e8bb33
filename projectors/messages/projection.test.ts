import { describe, expect, it } from 'vitest';
import { messagesProjection, type MessageView } from './projection.ts';
import { fold, recorded } from '../testing/recorded-event.ts';

describe('messages view', () => {
  it('keeps one document per message with its order in the conversation', () => {
    const opened = recorded('conversation-k9', { type: 'ConversationOpened', data: { conversationId: 'k9', customerId: 'c1', vendorId: 'v1', at: '2026-03-01T10:00:00.000Z' } });
    const first = recorded('conversation-k9', { type: 'MessagePosted', data: { conversationId: 'k9', messageId: 'm1', authorId: 'c1', side: 'customer', text: 'hello', at: '2026-03-01T10:01:00.000Z' } });
    const second = recorded('conversation-k9', { type: 'MessagePosted', data: { conversationId: 'k9', messageId: 'm2', authorId: 'u2', side: 'vendor', text: 'hi!', at: '2026-03-01T10:02:00.000Z' } });
    const docs = fold<MessageView>(messagesProjection, [opened, first, second]);
    expect(Object.keys(docs)).toEqual(['m1', 'm2']);
    expect(docs.m2).toMatchObject({ conversationId: 'k9', authorId: 'u2', side: 'vendor', text: 'hi!', seq: second.revision });
    expect(docs.m1!.seq).toBeLessThan(docs.m2!.seq);
  });
});
